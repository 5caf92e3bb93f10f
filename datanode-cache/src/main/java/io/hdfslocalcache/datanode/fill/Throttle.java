package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.time.CacheClock;

/**
 * A bytes-per-second cap shared by all fill threads, so fills never starve client reads of HDD
 * bandwidth. Time comes from the injected clock; the wait is computed as a pure function of (state,
 * now) and only {@link #acquire} sleeps, on that clock.
 */
public final class Throttle {
  private final long bytesPerSec;
  private final CacheClock clock;
  private long nextFreeNanos;

  public Throttle(long bytesPerSec, CacheClock clock) {
    this.bytesPerSec = bytesPerSec;
    this.clock = clock;
  }

  /** Nanoseconds the caller must wait before sending {@code bytes}; reserves them. */
  synchronized long reserve(long bytes) {
    if (bytesPerSec <= 0) {
      return 0;
    }
    long now = clock.nanoTime();
    long start = Math.max(now, nextFreeNanos);
    nextFreeNanos = start + (long) (bytes * 1e9 / bytesPerSec);
    return start - now;
  }

  void acquire(long bytes) throws InterruptedException {
    clock.sleepNanos(reserve(bytes));
  }
}
