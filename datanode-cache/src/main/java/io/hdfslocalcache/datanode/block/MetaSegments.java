package io.hdfslocalcache.datanode.block;

import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.CacheFailure;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;

/**
 * Verified access to a cached meta file: each {@link SegmentCrcs} slice is read whole and checked
 * against its fill-time CRC before any of its bytes are used. Not thread-safe: one per stream.
 */
public final class MetaSegments {
  /** Slices fetched per store read: one call covers the checksums of 8 MB of data. */
  static final int WINDOW_SEGMENTS = 16;

  private final CacheEntry entry;
  private final String fileId;
  private final int pageSize;
  private final byte[] window = new byte[WINDOW_SEGMENTS * SegmentCrcs.SEGMENT_BYTES];

  /** Meta offset of window[0] and how many verified bytes it holds. */
  private long windowStart;

  private int windowLen;

  public MetaSegments(CacheEntry entry, int pageSize) {
    this.entry = entry;
    this.fileId = entry.fileId(BlockId.CacheFile.META);
    this.pageSize = pageSize;
  }

  /** Copies meta bytes {@code [pos, pos + len)} into {@code dst}, verifying each slice once. */
  public void read(long pos, byte[] dst, int off, int len) throws CacheException {
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
    int seg = (int) (pos / SegmentCrcs.SEGMENT_BYTES);
    long start = (long) seg * SegmentCrcs.SEGMENT_BYTES;
    // Slices never straddle pages (the page size is a power of two >= 64 KB); nor does a window.
    long pageEnd = (start / pageSize + 1) * pageSize;
    int len = (int) Math.min(Math.min(window.length, entry.metaLength - start), pageEnd - start);
    entry.home().store().read(fileId, start / pageSize, (int) (start % pageSize), window, 0, len);
    for (int at = 0; at < len; at += SegmentCrcs.SEGMENT_BYTES, seg++) {
      int n = Math.min(SegmentCrcs.SEGMENT_BYTES, len - at);
      if (SegmentCrcs.crcOf(window, at, n) != entry.metaSegmentCrcs[seg]) {
        throw new CacheException(
            CacheFailure.CHECKSUM_MISMATCH,
            fileId + " meta segment " + seg + " does not match its fill-time CRC");
      }
    }
    windowStart = start;
    windowLen = len;
  }
}
