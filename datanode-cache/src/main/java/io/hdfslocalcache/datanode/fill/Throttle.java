package io.hdfslocalcache.datanode.fill;

import java.util.function.LongSupplier;

/**
 * A bytes-per-second cap shared by all fill threads, so fills never starve client reads of HDD
 * bandwidth. Time comes from an injected nano clock; the wait is computed as a pure function of
 * (state, now) and only {@link #acquire} sleeps.
 */
public final class Throttle {
  private final long bytesPerSec;
  private final LongSupplier nanoClock;
  private long nextFreeNanos;

  public Throttle(long bytesPerSec, LongSupplier nanoClock) {
    this.bytesPerSec = bytesPerSec;
    this.nanoClock = nanoClock;
  }

  /** Nanoseconds the caller must wait before sending {@code bytes}; reserves them. */
  synchronized long reserve(long bytes) {
    if (bytesPerSec <= 0) {
      return 0;
    }
    long now = nanoClock.getAsLong();
    long start = Math.max(now, nextFreeNanos);
    nextFreeNanos = start + (long) (bytes * 1e9 / bytesPerSec);
    return start - now;
  }

  void acquire(long bytes) throws InterruptedException {
    long wait = reserve(bytes);
    if (wait > 0) {
      Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
    }
  }
}
