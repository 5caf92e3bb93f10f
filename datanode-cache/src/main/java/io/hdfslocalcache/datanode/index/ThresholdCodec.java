package io.hdfslocalcache.datanode.index;

import io.hdfslocalcache.model.policy.TunedThreshold;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The admission threshold in use ({@link TunedThreshold}) as one record of a directory's block
 * index, beside the write budget it is tuned to, so a restart goes on at the tuned threshold
 * instead of the configured one. Its key starts with a zero byte, like the budget's, which no block
 * record's key does. A record that is short, long, of an unknown format or with values no tuner
 * could hold does not decode: the caller logs it and admission starts at the configured threshold.
 */
final class ThresholdCodec {
  private ThresholdCodec() {}

  private static final int FORMAT = 1;

  /**
   * format, configured threshold ({@code TunedThreshold#configured}), threshold, demand, changed
   * at.
   */
  private static final int LENGTH = 4 + 4 + 4 + 8 + 8;

  static final byte[] KEY = {0, 't', 'h', 'r', 'e', 's', 'h', 'o', 'l', 'd'};

  static byte[] encode(TunedThreshold t) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(LENGTH);
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeInt(FORMAT);
      out.writeInt(t.configured());
      out.writeInt(t.threshold());
      out.writeDouble(t.demandBytesPerStep());
      out.writeLong(t.changedAtMillis());
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static TunedThreshold decode(byte[] b) throws IOException {
    if (b.length < 4) {
      throw new IOException("admission threshold record of " + b.length + " bytes");
    }
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
    int format = in.readInt();
    if (format != FORMAT) {
      throw new IOException("unknown admission threshold format " + format);
    }
    if (b.length != LENGTH) {
      throw new IOException(
          "admission threshold record of " + b.length + " bytes, format 1 has " + LENGTH);
    }
    try {
      return new TunedThreshold(in.readInt(), in.readInt(), in.readDouble(), in.readLong());
    } catch (IllegalArgumentException e) {
      throw new IOException("admission threshold record: " + e.getMessage(), e);
    }
  }
}
