package io.hdfslocalcache.guard;

/**
 * The cost pause's hysteresis in time: a pause lasts at least one bucket, doubled (up to the whole
 * window) each time the guard pauses again less than a window after it resumed, and back to one
 * bucket after a window of filling. Not thread-safe: {@link FillGuard} holds its monitor.
 */
final class CostPause {
  private final int bucketCount;
  private final long windowMillis;
  private boolean paused;
  private long pausedBucket;
  private long minBuckets = 1;
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
    minBuckets = quickly ? Math.min(bucketCount, minBuckets * 2) : 1;
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
