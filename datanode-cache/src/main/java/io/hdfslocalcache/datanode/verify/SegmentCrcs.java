package io.hdfslocalcache.datanode.verify;

import org.apache.hadoop.util.DataChecksum;

/**
 * A meta file cut into {@link #SEGMENT_BYTES} slices, each with the CRC32C a fill recorded from the
 * HDD copy: a reader checks a slice whole before using any of its bytes, so a flipped bit in a
 * cached checksum never reaches a client (which would report the good HDD replica as corrupt). 4 KB
 * slices keep a small pread's SSD reads small while costing 4 bytes of heap per 512 KB of cached
 * data. The CRCs are persisted in the block index: the function must never change.
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

  /**
   * The standard CRC32C of {@code len <= SEGMENT_BYTES} bytes; the values are persisted in the
   * block index, so every implementation below must give the same bits (they all do: it is the
   * checksum of HDFS's own meta files). java.util.zip.CRC32C is Java 9+ and
   * DataChecksum.newCrc32C() is package-private on Hadoop 3.3.6, 3.4.2 and 3.5.0, so this goes
   * through DataChecksum's public calculateChunkedSums, which uses the fastest code the DataNode
   * has: libhadoop's native CRC when it is loaded, else java.util.zip.CRC32C on Java 9+ (a JIT
   * intrinsic), else PureJavaCrc32C on Java 8. A slice is at most one chunk, so it writes exactly
   * one big-endian sum.
   */
  public static int crcOf(byte[] b, int off, int len) {
    return new Calculator().crcOf(b, off, len);
  }

  /**
   * {@link SegmentCrcs#crcOf} for one thread, without the two objects it creates per slice (a
   * reader checks up to 16 slices per load). Not thread-safe.
   */
  public static final class Calculator {
    private final DataChecksum crc32c =
        DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, SEGMENT_BYTES);
    private final byte[] sum = new byte[4];

    public int crcOf(byte[] b, int off, int len) {
      crc32c.calculateChunkedSums(b, off, len, sum, 0);
      return (sum[0] & 0xff) << 24 | (sum[1] & 0xff) << 16 | (sum[2] & 0xff) << 8 | (sum[3] & 0xff);
    }
  }
}
