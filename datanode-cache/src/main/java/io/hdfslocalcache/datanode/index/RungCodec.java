package io.hdfslocalcache.datanode.index;

import io.hdfslocalcache.model.policy.LiveRung;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The rung {@code outcome} admission admits at ({@link LiveRung}) as one record of a directory's
 * block index, beside the tuned threshold's ({@link ThresholdCodec}) under a key of its own, so a
 * switch between {@code admission.tuning auto} and {@code outcome} never reads one as the other.
 * Its key starts with a zero byte, which no block record's key does. A record that is short, long,
 * of an unknown format or off its ladder does not decode: the caller logs it and admission starts
 * at the configured threshold.
 */
final class RungCodec {
  private RungCodec() {}

  /** 2 adds since when the rung is in force; a format 1 record reads with that unknown. */
  private static final int FORMAT = 2;

  /** format 1: format, configured threshold, the rung's threshold, saved at. */
  private static final int LENGTH_1 = 4 + 4 + 4 + 8;

  /** format 2: format 1's, then since when the rung is in force (-1: not known). */
  private static final int LENGTH = LENGTH_1 + 8;

  static final byte[] KEY = {0, 'o', 'u', 't', 'c', 'o', 'm', 'e', '-', 'r', 'u', 'n', 'g'};

  static byte[] encode(LiveRung r) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(LENGTH);
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeInt(FORMAT);
      out.writeInt(r.configured());
      out.writeInt(r.threshold());
      out.writeLong(r.savedAtMillis());
      out.writeLong(r.sinceMillis());
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static LiveRung decode(byte[] b) throws IOException {
    if (b.length < 4) {
      throw new IOException("outcome rung record of " + b.length + " bytes");
    }
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
    int format = in.readInt();
    if (format != 1 && format != FORMAT) {
      throw new IOException("unknown outcome rung format " + format);
    }
    int length = format == 1 ? LENGTH_1 : LENGTH;
    if (b.length != length) {
      throw new IOException(
          "outcome rung record of " + b.length + " bytes, format " + format + " has " + length);
    }
    try {
      int configured = in.readInt();
      int threshold = in.readInt();
      long saved = in.readLong();
      return new LiveRung(configured, threshold, saved, format == 1 ? -1 : in.readLong());
    } catch (IllegalArgumentException e) {
      throw new IOException("outcome rung record: " + e.getMessage(), e);
    }
  }
}
