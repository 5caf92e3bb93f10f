package io.hdfslocalcache.datanode;

import org.apache.hadoop.util.DataChecksum;

/**
 * Verified access to a cached meta file. The meta file is cut into {@link #SEGMENT_BYTES} slices
 * whose CRC32C the fill recorded from the HDD copy; a slice is read whole and checked before any of
 * its bytes are used, so a flipped bit in a cached checksum never reaches a client (which would
 * report the good HDD replica as corrupt). 4 KB slices keep a small pread's SSD reads small while
 * costing 4 bytes of heap per 512 KB of cached data. Not thread-safe: one per stream.
 */
final class MetaSegments {
  static final int SEGMENT_BYTES = 4096;

  /** Slices fetched per store read: one call covers the checksums of 8 MB of data. */
  static final int WINDOW_SEGMENTS = 16;

  private final CacheEntry entry;
  private final String fileId;
  private final int pageSize;
  private final byte[] window = new byte[WINDOW_SEGMENTS * SEGMENT_BYTES];
  /** Meta offset of window[0] and how many verified bytes it holds. */
  private long windowStart;
  private int windowLen;

  MetaSegments(CacheEntry entry, int pageSize) {
    this.entry = entry;
    this.fileId = entry.fileId(BlockId.CacheFile.META);
    this.pageSize = pageSize;
  }

  static int segmentCount(long metaLength) {
    return (int) ((metaLength + SEGMENT_BYTES - 1) / SEGMENT_BYTES);
  }

  /** The CRC32C of every slice of a whole meta file, as a fill records them. */
  static int[] crcsOf(byte[] meta) {
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
   * checksum of HDFS's own meta files). java.util.zip.CRC32C is Java 9+ and DataChecksum.newCrc32C()
   * is package-private on Hadoop 3.3.6, 3.4.2 and 3.5.0, so this goes through DataChecksum's public
   * calculateChunkedSums, which uses the fastest code the DataNode has: libhadoop's native CRC when
   * it is loaded, else java.util.zip.CRC32C on Java 9+ (a JIT intrinsic), else PureJavaCrc32C on
   * Java 8. A slice is at most one chunk, so it writes exactly one big-endian sum.
   */
  static int crcOf(byte[] b, int off, int len) {
    byte[] sum = new byte[4];
    DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, SEGMENT_BYTES)
        .calculateChunkedSums(b, off, len, sum, 0);
    return (sum[0] & 0xff) << 24 | (sum[1] & 0xff) << 16 | (sum[2] & 0xff) << 8 | (sum[3] & 0xff);
  }

  /** Copies meta bytes {@code [pos, pos + len)} into {@code dst}, verifying each slice once. */
  void read(long pos, byte[] dst, int off, int len) throws CacheException {
    while (len > 0) {
      if (pos < windowStart || pos >= windowStart + windowLen) {
        load(pos);
      }
      int n = (int) Math.min(len, windowStart + windowLen - pos);
      System.arraycopy(window, (int) (pos - windowStart), dst, off, n);
      pos += n;
      off += n;
      len -= n;
    }
  }

  /** Loads the slices from the one holding {@code pos} up to the window or page end. */
  private void load(long pos) throws CacheException {
    windowLen = 0;
    if (pos >= entry.metaLength) {
      throw new CacheException(CacheFailure.IO_ERROR, fileId + ": read past end at " + pos);
    }
    int seg = (int) (pos / SEGMENT_BYTES);
    long start = (long) seg * SEGMENT_BYTES;
    // Slices never straddle pages (the page size is a power of two >= 64 KB); nor does a window.
    long pageEnd = (start / pageSize + 1) * pageSize;
    int len = (int) Math.min(Math.min(window.length, entry.metaLength - start), pageEnd - start);
    entry.dir().store().read(fileId, start / pageSize, (int) (start % pageSize), window, 0, len);
    for (int at = 0; at < len; at += SEGMENT_BYTES, seg++) {
      int n = Math.min(SEGMENT_BYTES, len - at);
      if (crcOf(window, at, n) != entry.metaSegmentCrcs[seg]) {
        throw new CacheException(CacheFailure.CHECKSUM_MISMATCH,
            fileId + " meta segment " + seg + " does not match its fill-time CRC");
      }
    }
    windowStart = start;
    windowLen = len;
  }
}
