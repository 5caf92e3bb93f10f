package io.hdfslocalcache.datanode.verify;

import java.util.zip.CRC32C;

/**
 * A meta file cut into {@link #SEGMENT_BYTES} slices, each with the CRC32C a fill recorded from
 * the HDD copy: a reader checks a slice whole before using any of its bytes, so a flipped bit in
 * a cached checksum never reaches a client (which would report the good HDD replica as corrupt).
 * 4 KB slices keep a small pread's SSD reads small while costing 4 bytes of heap per 512 KB of
 * cached data. The CRCs are persisted in the block index: the function must never change.
 */
public final class SegmentCrcs {
  public static final int SEGMENT_BYTES = 4096;

  private SegmentCrcs() {}

  public static int segmentCount(long metaLength) {
    return (int) ((metaLength + SEGMENT_BYTES - 1) / SEGMENT_BYTES);
  }

  /** The CRC32C of every slice of a whole meta file, as a fill records them. */
  public static int[] of(byte[] meta) {
    int[] crcs = new int[segmentCount(meta.length)];
    for (int s = 0; s < crcs.length; s++) {
      int start = s * SEGMENT_BYTES;
      crcs[s] = crcOf(meta, start, Math.min(SEGMENT_BYTES, meta.length - start));
    }
    return crcs;
  }

  public static int crcOf(byte[] b, int off, int len) {
    CRC32C c = new CRC32C();
    c.update(b, off, len);
    return (int) c.getValue();
  }
}
