package io.hdfslocalcache.datanode;

import java.util.zip.CRC32C;

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

  static int crcOf(byte[] b, int off, int len) {
    CRC32C c = new CRC32C();
    c.update(b, off, len);
    return (int) c.getValue();
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
