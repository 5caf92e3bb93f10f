package io.hdfslocalcache.datanode.block;

import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import io.hdfslocalcache.metrics.CacheFailure;
import java.nio.ByteBuffer;

/**
 * Verified access to a cached meta file: each {@link SegmentCrcs} slice is read whole and checked
 * against its fill-time CRC before any of its bytes are used. Not thread-safe: one per stream.
 *
 * <p>A window is sized like the data stream's read-ahead: the first load (and any load after a
 * jump) fetches only the slices the caller asked for, one slice for a 64 KB pread, and each load
 * that continues where the last window ended fetches twice as many, up to {@link #WINDOW_SEGMENTS}
 * (the checksums of 8 MB of data per store call). A pread so reads and checks 4 KB of meta, not 64
 * KB, and a stream still makes one store call per 8 MB (docs/benchmarks.md).
 */
public final class MetaSegments {
  /** The largest window in slices: one store call covers the checksums of 8 MB of data. */
  static final int WINDOW_SEGMENTS = 16;

  private static final int MAX_WINDOW_BYTES = WINDOW_SEGMENTS * SegmentCrcs.SEGMENT_BYTES;

  private final CachedReplica entry;
  private final String fileId;
  private final int pageSize;
  private final SegmentCrcs.Calculator crcs = new SegmentCrcs.Calculator();

  /** Grown on demand up to {@link #WINDOW_SEGMENTS} slices: a pread never allocates 64 KB. */
  private byte[] window = EMPTY;

  private static final byte[] EMPTY = new byte[0];

  /** Where windows come from and go back to ({@link #release}). */
  private final BufferSource buffers;

  /** False once a store read into {@link #window} failed: a late read may still write into it. */
  private boolean ownsWindow = true;

  /** Meta offset of window[0] and how many verified bytes it holds. */
  private long windowStart;

  private int windowLen;

  /** Slices the last load fetched: a load right after it fetches twice as many. */
  private int lastSegments;

  public MetaSegments(CachedReplica entry, int pageSize) {
    this(entry, pageSize, BufferSource.NEW);
  }

  /** {@code buffers}: windows are taken there and given back by {@link #release}. */
  public MetaSegments(CachedReplica entry, int pageSize, BufferSource buffers) {
    this.entry = entry;
    this.fileId = entry.fileId(BlockId.CacheFile.META);
    this.pageSize = pageSize;
    this.buffers = buffers;
  }

  /**
   * Done with this meta: the window goes back to the buffers, unless a failed store read may still
   * write into it. Nothing is held or copied from it afterwards (same thread as the reads).
   */
  public void release() {
    windowLen = 0;
    if (ownsWindow) {
      buffers.give(window);
    }
    window = EMPTY;
  }

  /** Copies meta bytes {@code [pos, pos + len)} into {@code dst}, verifying each slice once. */
  public void read(long pos, byte[] dst, int off, int len) throws CacheException {
    while (len > 0) {
      if (pos < windowStart || pos >= windowStart + windowLen) {
        load(pos, len);
      }
      int n = (int) Math.min(len, windowStart + windowLen - pos);
      System.arraycopy(window, (int) (pos - windowStart), dst, off, n);
      pos += n;
      off += n;
      len -= n;
    }
  }

  /**
   * Copies meta bytes {@code [pos, pos + len)} into {@code dst} if the current window holds all of
   * them (verified when it was loaded), without a store call; false, copying nothing, otherwise.
   */
  public boolean copyIfHeld(long pos, byte[] dst, int off, int len) {
    if (pos < windowStart || pos + len > windowStart + windowLen) {
      return false;
    }
    System.arraycopy(window, (int) (pos - windowStart), dst, off, len);
    return true;
  }

  /**
   * Loads the slices from the one holding {@code pos}: at least those covering {@code want} bytes,
   * more when the reader continues where the last window ended, never past the page or file end.
   */
  private void load(long pos, int want) throws CacheException {
    boolean sequential = windowLen > 0 && pos == windowStart + windowLen;
    windowLen = 0;
    if (pos >= entry.metaLength) {
      throw new CacheException(CacheFailure.IO_ERROR, fileId + ": read past end at " + pos);
    }
    int seg = (int) (pos / SegmentCrcs.SEGMENT_BYTES);
    long start = (long) seg * SegmentCrcs.SEGMENT_BYTES;
    long needed = (pos - start + want + SegmentCrcs.SEGMENT_BYTES - 1) / SegmentCrcs.SEGMENT_BYTES;
    int segments =
        (int) Math.min(WINDOW_SEGMENTS, Math.max(needed, sequential ? lastSegments * 2L : 1));
    // Slices never straddle pages (the page size is a power of two >= 64 KB); nor does a window.
    long pageEnd = (start / pageSize + 1) * pageSize;
    long end = Math.min(start + (long) segments * SegmentCrcs.SEGMENT_BYTES, entry.metaLength);
    int len = (int) (Math.min(end, pageEnd) - start);
    if (window.length < len) {
      byte[] grown = buffers.take(Math.max(len, Math.min(window.length * 2, MAX_WINDOW_BYTES)));
      buffers.give(window); // only reached while it is owned: a failed read ends the stream's use
      window = grown;
    }
    try {
      entry
          .home()
          .store()
          .read(
              fileId, start / pageSize, (int) (start % pageSize), ByteBuffer.wrap(window, 0, len));
    } catch (CacheException e) {
      ownsWindow = false;
      throw e;
    }
    for (int at = 0; at < len; at += SegmentCrcs.SEGMENT_BYTES, seg++) {
      int n = Math.min(SegmentCrcs.SEGMENT_BYTES, len - at);
      if (crcs.crcOf(window, at, n) != entry.metaSegmentCrcs[seg]) {
        throw new CacheException(
            CacheFailure.CHECKSUM_MISMATCH,
            fileId + " meta segment " + seg + " does not match its fill-time CRC");
      }
    }
    windowStart = start;
    windowLen = len;
    lastSegments = (len + SegmentCrcs.SEGMENT_BYTES - 1) / SegmentCrcs.SEGMENT_BYTES;
  }
}
