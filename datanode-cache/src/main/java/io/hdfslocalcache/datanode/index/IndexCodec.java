package io.hdfslocalcache.datanode.index;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The block index's bytes: keys and records. Format 2 added the fill id; format 3 the page size and
 * the data pages on disk (so a restart never lists page files). Format 1 records (fill id 0) keep
 * their old key; records of formats 1 and 2 are still read (pages unknown: the store is asked), so
 * a cache written before the upgrade is reused.
 */
final class IndexCodec {
  private static final int FORMAT = 3;

  /** Records with the fill id but without the pages. */
  private static final int FORMAT_NO_PAGES = 2;

  /** Records written before fill ids: fill id 0, the key without it. */
  private static final int FORMAT_NO_FILL_ID = 1;

  private IndexCodec() {}

  static byte[] key(BlockId id, long genStamp, long fillId) {
    byte[] pool = id.poolId().getBytes(StandardCharsets.UTF_8);
    int tail = fillId == 0 ? 17 : 25; // fill id 0: the key of a format 1 record
    byte[] k = new byte[pool.length + tail];
    System.arraycopy(pool, 0, k, 0, pool.length);
    java.nio.ByteBuffer t =
        java.nio.ByteBuffer.wrap(k, pool.length, tail)
            .put((byte) 0)
            .putLong(id.blockId())
            .putLong(genStamp);
    if (fillId != 0) {
      t.putLong(fillId);
    }
    return k;
  }

  static byte[] encode(IndexRecord r) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 4 * r.metaSegmentCrcs().length);
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeInt(FORMAT);
      out.writeUTF(r.id().poolId());
      out.writeLong(r.id().blockId());
      out.writeLong(r.genStamp());
      out.writeLong(r.fillId());
      out.writeLong(r.dataLength());
      out.writeLong(r.metaLength());
      ChecksumLayout c = r.checksum();
      out.writeInt(c.typeId());
      out.writeInt(c.bytesPerChecksum());
      out.writeInt(c.checksumSize());
      out.writeInt(c.headerSize());
      out.writeLong(r.filledAtMillis());
      out.writeLong(r.lastAccessMillis());
      out.writeInt(r.metaSegmentCrcs().length);
      for (int crc : r.metaSegmentCrcs()) {
        out.writeInt(crc);
      }
      out.writeInt(r.pageSize());
      long[] pages = r.pages();
      out.writeInt(pages == null ? -1 : pages.length);
      for (int i = 0; pages != null && i < pages.length; i++) {
        out.writeLong(pages[i]);
      }
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static IndexRecord decode(byte[] b) throws IOException {
    DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(b));
    int format = in.readInt();
    if (format != FORMAT && format != FORMAT_NO_PAGES && format != FORMAT_NO_FILL_ID) {
      throw new IOException("unknown record format");
    }
    BlockId id = new BlockId(in.readUTF(), in.readLong());
    long gs = in.readLong();
    long fillId = format == FORMAT_NO_FILL_ID ? 0 : in.readLong();
    long dataLength = in.readLong();
    long metaLength = in.readLong();
    ChecksumLayout c = new ChecksumLayout(in.readInt(), in.readInt(), in.readInt(), in.readInt());
    long filled = in.readLong();
    long access = in.readLong();
    int n = in.readInt();
    if (n != SegmentCrcs.segmentCount(metaLength)) {
      throw new IOException("segment count " + n + " does not fit meta length " + metaLength);
    }
    int[] crcs = new int[n];
    for (int i = 0; i < n; i++) {
      crcs[i] = in.readInt();
    }
    int pageSize = 0;
    long[] pages = null;
    if (format == FORMAT) {
      pageSize = in.readInt();
      int words = in.readInt();
      if (words > (dataLength / Math.max(1, pageSize) + 64) / 64 + 1) {
        throw new IOException(words + " page words do not fit data length " + dataLength);
      }
      if (words >= 0) {
        pages = new long[words];
        for (int i = 0; i < words; i++) {
          pages[i] = in.readLong();
        }
      }
    }
    return new IndexRecord(
        id, gs, fillId, dataLength, metaLength, c, crcs, filled, access, pageSize, pages);
  }
}
