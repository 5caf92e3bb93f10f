package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.block.CachedReplica;

/**
 * Moves the pages a cached stream serves to the page LRU's recent end. A page is touched once, when
 * the reader is first served from it, not when a window or a read-ahead loads it: a page loaded
 * past the bytes the client asked for was not read, and the eviction order is the simulator's (by
 * the pages each read's range covers), which DecisionParityTest checks. One stream's, one thread.
 */
final class PageTouches {
  private final CachedReplica entry;
  private final int pageSize;

  /** The page last touched, or -1. */
  private long touched = -1;

  PageTouches(CachedReplica entry, int pageSize) {
    this.entry = entry;
    this.pageSize = pageSize;
  }

  /** The reader is served {@code n} bytes from block offset {@code pos}. */
  void served(long pos, int n) {
    for (long p = pos / pageSize; n > 0 && p <= (pos + n - 1) / pageSize; p++) {
      if (p != touched) {
        entry.home().pageRead(entry, (int) p);
        touched = p;
      }
    }
  }
}
