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

  private final CacheEntry entry;
  private final String fileId;
  private final int pageSize;
  private final byte[] segment = new byte[SEGMENT_BYTES];
  private int loaded = -1;

  MetaSegments(CacheEntry entry, int pageSize) {
    this.entry = entry;
    this.fileId = entry.fileId(BlockId.CacheFile.META);
    this.pageSize = pageSize;
  }

  static int segmentCount(long metaLength) {
    return (int) ((metaLength + SEGMENT_BYTES - 1) / SEGMENT_BYTES);
  }

  static int crcOf(byte[] b, int off, int len) {
    CRC32C c = new CRC32C();
    c.update(b, off, len);
    return (int) c.getValue();
  }

  /** Copies meta bytes {@code [pos, pos + len)} into {@code dst}, verifying each slice once. */
  void read(long pos, byte[] dst, int off, int len) throws CacheException {
    while (len > 0) {
      int seg = (int) (pos / SEGMENT_BYTES);
      int inSeg = (int) (pos % SEGMENT_BYTES);
      int segLen = load(seg);
      int n = Math.min(len, segLen - inSeg);
      if (n <= 0) {
        throw new CacheException(CacheFailure.IO_ERROR, fileId + ": read past end at " + pos);
      }
      System.arraycopy(segment, inSeg, dst, off, n);
      pos += n;
      off += n;
      len -= n;
    }
  }

  private int load(int seg) throws CacheException {
    long start = (long) seg * SEGMENT_BYTES;
    int len = (int) Math.min(SEGMENT_BYTES, entry.metaLength - start);
    if (seg == loaded) {
      return len;
    }
    loaded = -1;
    // Segments never straddle pages: the page size is a power of two >= 64 KB.
    entry.dir().store().read(fileId, start / pageSize, (int) (start % pageSize), segment, 0, len);
    if (crcOf(segment, 0, len) != entry.metaSegmentCrcs[seg]) {
      throw new CacheException(CacheFailure.CHECKSUM_MISMATCH,
          fileId + " meta segment " + seg + " does not match its fill-time CRC");
    }
    loaded = seg;
    return len;
  }
}
