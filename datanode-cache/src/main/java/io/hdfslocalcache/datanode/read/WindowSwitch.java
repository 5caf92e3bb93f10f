package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.store.CacheException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Picks, window by window, where a cached stream's next bytes come from: the cache's verified
 * windows, the HDD for the pages the cache does not hold (gaps, {@code pages} fill mode), or the
 * HDD for everything from the first cache failure on. The one place that decides a source.
 *
 * <p>The first {@link CacheException} is reported to the session (which evicts the entry) and every
 * later byte comes from the HDD at the same offset. A switch whose session already fell back (on
 * the other stream) goes to the HDD too, so a hung disk costs one read one timeout, not two. A page
 * evicted under the reader is not a failure: its bytes come from the gap stream, and the switch
 * returns to the cache at the next cached page, as often as the pages alternate. The gap and the
 * fallback use separate HDD streams: a fallback starts a run of its own, and the gap stream closes.
 * One stream's, one thread.
 */
final class WindowSwitch {
  /** Where a window comes from. */
  enum Source {
    CACHE,
    GAP,
    FALLBACK
  }

  private final ReadSession session;
  private final CacheWindows cache;
  private final HddWindows gaps;
  private final HddWindows fallback;
  private final ServedLedger ledger;
  private final long length;
  private long pos;

  /**
   * Set on the first cache failure and never cleared: from then on only the HDD is read, even if
   * opening it failed once (a timed-out store read may still write into the cache's buffers).
   */
  private boolean cacheFailed;

  WindowSwitch(
      ReadSession session,
      CacheWindows cache,
      HddWindows.Open hdd,
      long length,
      long pos,
      ServedLedger ledger) {
    this.session = session;
    this.cache = cache;
    this.length = length;
    this.pos = Math.min(pos, length);
    this.ledger = ledger;
    String what = String.valueOf(session.block);
    this.gaps = new HddWindows(hdd, length, what);
    this.fallback = new HddWindows(hdd, length, what);
  }

  /** The source of the bytes at the current position (once the session fell back, the HDD). */
  Source source() {
    if (cacheFailed || session.fellBack()) {
      return Source.FALLBACK;
    }
    return cache.uncachedUntil(pos) > pos ? Source.GAP : Source.CACHE;
  }

  long position() {
    return pos;
  }

  long length() {
    return length;
  }

  /** Copies the next bytes (at least one, at most {@code len}); -1 at the stream's length. */
  int read(byte[] b, int off, int len) throws IOException {
    if (pos >= length) {
      return -1; // the HDD file may be longer (appended to): this stream ends at its length
    }
    int want = (int) Math.min(len, length - pos);
    Source s = source();
    if (s == Source.CACHE) {
      try {
        return fromCache(cache.read(pos, b, off, want));
      } catch (CacheException e) {
        s = failed(e);
      }
    }
    return s == Source.GAP ? fromGap(b, off, want) : fromFallback(b, off, want);
  }

  /**
   * The next bytes (at least one, at most {@code len}) as a view of the cache's verified window, no
   * copy, valid until the next call on this switch; null if they are not the cache's (the HDD's, or
   * past the end): {@link #read} them.
   */
  ByteBuffer view(int len) {
    if (pos >= length || source() != Source.CACHE) {
      return null;
    }
    try {
      ByteBuffer v = cache.view(pos, (int) Math.min(len, length - pos));
      fromCache(v.remaining());
      return v;
    } catch (CacheException e) {
      failed(e);
      return null;
    }
  }

  private int fromCache(int n) {
    ledger.cached(pos, n);
    pos += n;
    session.stats().bytesFromCache.inc(n);
    return n;
  }

  /** A cache read failed: the gap stream if only the page left, else the HDD from now on. */
  private Source failed(CacheException e) {
    if (cache.evictedAt(e, pos) && cache.uncachedUntil(pos) > pos) {
      return Source.GAP;
    }
    cacheFailed = true;
    session.fallBack(e);
    return Source.FALLBACK;
  }

  private int fromGap(byte[] b, int off, int len) throws IOException {
    int want = (int) Math.min(len, cache.uncachedUntil(pos) - pos);
    boolean newRun = !gaps.continuesAt(pos);
    int n = gaps.read(pos, b, off, want);
    ledger.hdd(pos, n, newRun, true);
    pos += n;
    session.stats().bytesUncachedFromHdd.inc(n);
    return n;
  }

  private int fromFallback(byte[] b, int off, int len) throws IOException {
    gaps.close();
    boolean newRun = !fallback.continuesAt(pos);
    int n = fallback.read(pos, b, off, len);
    ledger.hdd(pos, n, newRun, false);
    pos += n;
    session.stats().bytesFallbackFromHdd.inc(n);
    return n;
  }

  /** Moves forward up to {@code n} bytes, not past the length; the sources follow at their read. */
  long skip(long n) {
    long s = Math.max(0, Math.min(n, length - pos));
    pos += s;
    return s;
  }

  /** Bytes readable without blocking: none once on the HDD. */
  int available() {
    return fallback.isOpen() ? 0 : (int) Math.min(Integer.MAX_VALUE, length - pos);
  }

  /** Closes both HDD streams, then the cache's windows, then tells the ledger. */
  void close() throws IOException {
    try {
      gaps.close();
      fallback.close();
    } finally {
      try {
        cache.close();
      } finally {
        ledger.close();
      }
    }
  }
}
