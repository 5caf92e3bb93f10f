package io.hdfslocalcache.datanode.index;

import io.hdfslocalcache.guard.WriteBudgetState;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The directory's SSD write budget as one record of its block index, so it survives restarts with
 * the entries it paid for. Its key starts with a zero byte, which no block record's key (a pool id,
 * never empty) does; a cache version that does not know this record (a downgrade) reads it as an
 * undecodable block record and deletes it, and starts with a full budget.
 */
final class BudgetCodec {
  private BudgetCodec() {}

  private static final int FORMAT = 1;

  static final byte[] KEY = {0, 'w', 'r', 'i', 't', 'e', '-', 'b', 'u', 'd', 'g', 'e', 't'};

  static byte[] encode(WriteBudgetState s) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(32);
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeInt(FORMAT);
      out.writeLong(s.availableBytes());
      out.writeBoolean(s.exhausted());
      out.writeLong(s.neededBytes());
      out.writeLong(s.atMillis());
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static WriteBudgetState decode(byte[] b) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
    int format = in.readInt();
    if (format != FORMAT) {
      throw new IOException("unknown write budget format " + format);
    }
    try {
      return new WriteBudgetState(in.readLong(), in.readBoolean(), in.readLong(), in.readLong());
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
  }
}
