package io.hdfslocalcache.datanode.block;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which data pages of a cached block version are on the SSD. Each page is ABSENT, PRESENT or BUSY
 * (being written by a fill, or being deleted after an eviction), changed only by CAS, so readers
 * never lock: a reader serves a page from the SSD only while it is PRESENT, and a page a reader
 * found PRESENT but could not read is simply read from the HDD if it is no longer PRESENT (it was
 * evicted under the reader), which is not a failure of the copy.
 *
 * <p>BUSY covers both directions so that a page is never written while its delete is still queued:
 * Alluxio accepts a put of an existing page without writing it, and the queued delete would then
 * remove the page a fill just published.
 */
public final class PageSet {
  private static final int ABSENT = 0;
  private static final int PRESENT = 1;
  private static final int BUSY = 2;

  private final AtomicIntegerArray state;
  private final AtomicLong present = new AtomicLong();

  /** {@code pages} pages, all PRESENT if {@code full} (a whole block copied), else all ABSENT. */
  PageSet(int pages, boolean full) {
    state = new AtomicIntegerArray(pages);
    if (full) {
      for (int p = 0; p < pages; p++) {
        state.set(p, PRESENT);
      }
      present.set(pages);
    }
  }

  public int pages() {
    return state.length();
  }

  public boolean has(int page) {
    return state.get(page) == PRESENT;
  }

  /** Pages PRESENT now. */
  public int count() {
    return (int) present.get();
  }

  public boolean complete() {
    return present.get() == state.length();
  }

  /** ABSENT to BUSY: the caller (a fill) now owns the page; false if present or busy. */
  public boolean tryClaim(int page) {
    return state.compareAndSet(page, ABSENT, BUSY);
  }

  /** BUSY to PRESENT, after the fill wrote and verified the page. */
  public void publish(int page) {
    if (state.compareAndSet(page, BUSY, PRESENT)) {
      present.incrementAndGet();
    }
  }

  /** BUSY to ABSENT: a fill gave the page up, or its delete is done. */
  public void release(int page) {
    state.compareAndSet(page, BUSY, ABSENT);
  }

  /** PRESENT to BUSY, for eviction: readers stop using it; false if it was not present. */
  public boolean tryEvict(int page) {
    if (state.compareAndSet(page, PRESENT, BUSY)) {
      present.decrementAndGet();
      return true;
    }
    return false;
  }

  /**
   * The pages whose files may be on disk now, as {@link java.util.BitSet#toLongArray} words:
   * PRESENT and BUSY ones (a BUSY page is being written or deleted). A superset of the files, as
   * the block index records it: a page recorded but gone is a miss when read, a file not recorded
   * would be space nobody counts.
   */
  public long[] mayBeOnDisk() {
    java.util.BitSet out = new java.util.BitSet(state.length());
    for (int p = 0; p < state.length(); p++) {
      if (state.get(p) != ABSENT) {
        out.set(p);
      }
    }
    return out.toLongArray();
  }

  /** Marks a page found on disk at restart as PRESENT. */
  void restorePresent(int page) {
    if (state.getAndSet(page, PRESENT) != PRESENT) {
      present.incrementAndGet();
    }
  }
}
