package io.hdfslocalcache.guard;

/**
 * The cost pause's hysteresis in time. A first pause may end as soon as the ledger allows (a cold
 * directory that outran its first reads should not wait); a pause that comes less than a window
 * after the last resume lasts at least one bucket, doubled each such time up to the whole window; a
 * window of filling without a pause starts over. Not thread-safe: {@link FillGuard} holds its
 * monitor.
 */
final class CostPause {
  private final int bucketCount;
  private final long windowMillis;
  private boolean paused;
  private long pausedBucket;
  private long minBuckets;
  private boolean resumedOnce;
  private long resumedAt;

  CostPause(int bucketCount, long windowMillis) {
    this.bucketCount = bucketCount;
    this.windowMillis = windowMillis;
  }

  boolean paused() {
    return paused;
  }

  /** Pauses in {@code bucket}; returns the minimum pause, in buckets. */
  long pause(long bucket, long nowMillis) {
    boolean quickly = resumedOnce && nowMillis - resumedAt < windowMillis;
    minBuckets = quickly ? Math.min(bucketCount, Math.max(1, minBuckets * 2)) : 0;
    paused = true;
    pausedBucket = bucket;
    return minBuckets;
  }

  /** True once the minimum pause is over in {@code bucket}. */
  boolean minimumOver(long bucket) {
    return bucket >= pausedBucket + minBuckets;
  }

  void resume(long nowMillis) {
    paused = false;
    resumedOnce = true;
    resumedAt = nowMillis;
  }
}
