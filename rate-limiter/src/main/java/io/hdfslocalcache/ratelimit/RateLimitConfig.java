package io.hdfslocalcache.ratelimit;

import java.time.Duration;
import java.util.Objects;

/**
 * Immutable, validated parameters of a {@link BucketTimeRateLimit}.
 *
 * @param threshold a key is admitted once its accesses in the window are greater than this
 * @param bucketCount buckets in the window, the current one included
 * @param bucketDuration width of one bucket
 * @param maxTrackedKeys cap on keys held in memory (see {@link BucketTimeRateLimit} for the policy)
 */
public final class RateLimitConfig {
  // A final class, not a record: the DataNode side is compiled for Java 8.
  private final int threshold;
  private final int bucketCount;
  private final Duration bucketDuration;
  private final int maxTrackedKeys;

  public static final int DEFAULT_THRESHOLD = 15;
  public static final int DEFAULT_BUCKET_COUNT = 60;
  public static final Duration DEFAULT_BUCKET_DURATION = Duration.ofMinutes(1);
  public static final int DEFAULT_MAX_TRACKED_KEYS = 1 << 20;

  /** Per-bucket counts are 16-bit and saturate at threshold + 1. */
  public static final int MAX_THRESHOLD = 65_534;

  public RateLimitConfig(
      int threshold, int bucketCount, Duration bucketDuration, int maxTrackedKeys) {
    if (threshold < 0 || threshold > MAX_THRESHOLD) {
      throw new IllegalArgumentException(
          "threshold must be in [0, " + MAX_THRESHOLD + "], got " + threshold);
    }
    if (bucketCount < 1 || bucketCount > 100_000) {
      throw new IllegalArgumentException("bucketCount must be in [1, 100000], got " + bucketCount);
    }
    if (bucketDuration == null || bucketDuration.toMillis() < 1) {
      throw new IllegalArgumentException(
          "bucketDuration must be at least 1 ms, got " + bucketDuration);
    }
    if (maxTrackedKeys < 1) {
      throw new IllegalArgumentException("maxTrackedKeys must be >= 1, got " + maxTrackedKeys);
    }
    this.threshold = threshold;
    this.bucketCount = bucketCount;
    this.bucketDuration = bucketDuration;
    this.maxTrackedKeys = maxTrackedKeys;
  }

  public int threshold() {
    return threshold;
  }

  public int bucketCount() {
    return bucketCount;
  }

  public Duration bucketDuration() {
    return bucketDuration;
  }

  public int maxTrackedKeys() {
    return maxTrackedKeys;
  }

  /** The paper's parameters: more than 15 reads in the last 60 one-minute buckets. */
  public static RateLimitConfig defaults() {
    return new RateLimitConfig(
        DEFAULT_THRESHOLD, DEFAULT_BUCKET_COUNT, DEFAULT_BUCKET_DURATION, DEFAULT_MAX_TRACKED_KEYS);
  }

  public RateLimitConfig withThreshold(int t) {
    return new RateLimitConfig(t, bucketCount, bucketDuration, maxTrackedKeys);
  }

  public RateLimitConfig withBucketCount(int n) {
    return new RateLimitConfig(threshold, n, bucketDuration, maxTrackedKeys);
  }

  public RateLimitConfig withBucketDuration(Duration d) {
    return new RateLimitConfig(threshold, bucketCount, d, maxTrackedKeys);
  }

  public RateLimitConfig withMaxTrackedKeys(int n) {
    return new RateLimitConfig(threshold, bucketCount, bucketDuration, n);
  }

  /** The window's length: bucketCount x bucketDuration. */
  public Duration window() {
    return bucketDuration.multipliedBy(bucketCount);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof RateLimitConfig)) {
      return false;
    }
    RateLimitConfig c = (RateLimitConfig) o;
    return threshold == c.threshold
        && bucketCount == c.bucketCount
        && bucketDuration.equals(c.bucketDuration)
        && maxTrackedKeys == c.maxTrackedKeys;
  }

  @Override
  public int hashCode() {
    return Objects.hash(threshold, bucketCount, bucketDuration, maxTrackedKeys);
  }

  @Override
  public String toString() {
    return "RateLimitConfig[threshold="
        + threshold
        + ", bucketCount="
        + bucketCount
        + ", bucketDuration="
        + bucketDuration
        + ", maxTrackedKeys="
        + maxTrackedKeys
        + "]";
  }
}
