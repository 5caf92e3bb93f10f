package io.hdfslocalcache.datanode.dir;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Whole-block space accounting for one directory, so that the cache, not Alluxio, decides which
 * blocks leave.
 *
 * <p>Why: Alluxio's own LRU evicts single pages inside {@code put} once its store is full, taking
 * pages from under blocks the block map still serves; every later read of such a block falls back
 * to the HDD with MISSING_PAGE and the block is dropped and refilled (churn measured in the demo).
 * So a fill first reserves its block's bytes here, evicting whole least-recently-read blocks to
 * make room, and the capacity is Alluxio's effective one: Alluxio never has to evict by itself.
 *
 * <p>A reservation lives exactly as long as the pages may exist: taken by a fill (or, at start-up,
 * for each indexed block whose pages are on disk), carried by the published entry, and released
 * once the pages are deleted. Lock-free: one counter, changed by CAS.
 */
public final class SpaceBudget {
  private final long capacity;
  private final AtomicLong reserved = new AtomicLong();

  /**
   * Part of {@code reserved} already on its way out: evicted blocks that readers still have open,
   * and deleted pages the store has not finished deleting.
   */
  private final AtomicLong draining = new AtomicLong();

  public SpaceBudget(long capacity) {
    this.capacity = capacity;
  }

  /** Reserves {@code bytes} if they fit under the capacity. */
  public boolean tryReserve(long bytes) {
    while (true) {
      long r = reserved.get();
      if (r + bytes > capacity) {
        return false;
      }
      if (reserved.compareAndSet(r, r + bytes)) {
        return true;
      }
    }
  }

  /** Counts pages already on disk (restart), even past the capacity: fills then evict first. */
  public void reserveExisting(long bytes) {
    reserved.addAndGet(bytes);
  }

  public void release(long bytes) {
    reserved.addAndGet(-bytes);
  }

  /** Bytes that come free soon: a last reader closes, or queued deletes finish. Negative undoes. */
  public void draining(long bytes) {
    draining.addAndGet(bytes);
  }

  /**
   * Releases the bytes of a block that was {@link #draining}. Reserved first, draining second, and
   * {@link #shortfall} reads them the other way round: a fill polling it between the two updates
   * then sees the bytes either still draining or already released, never neither (which would make
   * it evict one page or block too many).
   */
  public void releaseDrained(long bytes) {
    release(bytes);
    draining.addAndGet(-bytes);
  }

  /**
   * Bytes still to evict before {@code bytes} more fit, not counting bytes already on their way out
   * (evicted blocks whose readers have not closed yet); zero or less: none.
   */
  public long shortfall(long bytes) {
    long leaving = draining.get(); // before reserved: see releaseDrained
    return reserved.get() - leaving + bytes - capacity;
  }

  /**
   * The directory's file system is below its reserve (other files, or a disk smaller than the
   * configured capacity). Sampled by the maintenance thread: statfs on a hung SSD must not block a
   * reader's thread.
   */
  private volatile boolean fileSystemLow;

  public boolean fileSystemLow() {
    return fileSystemLow;
  }

  public void fileSystemLow(boolean low) {
    fileSystemLow = low;
  }

  public long reserved() {
    return reserved.get();
  }

  /** Bytes held and not on their way out: what {@link #shortfall} weighs against the capacity. */
  public long inUse() {
    long leaving = draining.get(); // before reserved: see releaseDrained
    return reserved.get() - leaving;
  }

  public long capacity() {
    return capacity;
  }
}
