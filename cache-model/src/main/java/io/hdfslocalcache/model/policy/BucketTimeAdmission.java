package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.ratelimit.RateLimitStats;
import io.hdfslocalcache.time.CacheClock;
import java.time.Duration;

/**
 * The production admission gate at a fixed threshold: more than {@code threshold} reads in the
 * window. The limiter is built at {@link #bind}, on the clock it is given. {@link TunedAdmission}
 * runs one that counts up to its tuner's ceiling.
 */
final class BucketTimeAdmission implements AdmissionPolicy {
  private final RateLimitConfig config;
  private final int countedThreshold;
  private BucketTimeRateLimit limiter;

  BucketTimeAdmission(RateLimitConfig config) {
    this(config, config.threshold());
  }

  /** A gate whose {@link #count} is exact up to {@code countedThreshold} + 1 reads a bucket. */
  BucketTimeAdmission(RateLimitConfig config, int countedThreshold) {
    this.config = config;
    this.countedThreshold = countedThreshold;
  }

  static BucketTimeAdmission from(PolicyParams params) {
    return new BucketTimeAdmission(config(params));
  }

  /** The limiter's settings in {@code params}, defaults filled in: what the DataNode would run. */
  static RateLimitConfig config(PolicyParams params) {
    RateLimitConfig d = RateLimitConfig.defaults();
    int threshold = params.integer("threshold", d.threshold());
    int buckets = params.integer("buckets", d.bucketCount());
    Duration bucket = params.duration("bucket", d.bucketDuration());
    int maxKeys = params.integer("maxKeys", d.maxTrackedKeys());
    try {
      return d.withThreshold(threshold)
          .withBucketCount(buckets)
          .withBucketDuration(bucket)
          .withMaxTrackedKeys(maxKeys);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("bucket-time: " + e.getMessage(), e);
    }
  }

  @Override
  public void bind(
      double bytesPerDay,
      long burstBytes,
      ThresholdTuner.Budget budget,
      CacheClock clock,
      ThresholdTuner.Listener listener) {
    limiter = BucketTimeRateLimit.counting(config, clock, countedThreshold);
  }

  @Override
  public AdmissionDecision onRead(long key) {
    return AdmissionDecision.of(limiter.recordAndCheck(key));
  }

  /** Records a read of {@code key} now; its reads in the window, this one included. */
  int count(long key) {
    return limiter.recordAndCount(key);
  }

  @Override
  public int effectiveThreshold() {
    return config.threshold();
  }

  @Override
  public long trackedKeys() {
    return limiter == null ? 0 : limiter.stats().trackedKeys();
  }

  @Override
  public RateLimitStats limiterStats() {
    return limiter == null ? new RateLimitStats(0, 0, 0) : limiter.stats();
  }

  @Override
  public void expire() {
    limiter.expire();
  }
}
