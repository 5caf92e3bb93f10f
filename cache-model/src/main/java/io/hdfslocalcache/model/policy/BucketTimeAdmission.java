package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.model.ThresholdTuner;
import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import io.hdfslocalcache.ratelimit.Decision;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.ratelimit.RateLimitStats;
import io.hdfslocalcache.time.CacheClock;
import java.time.Duration;

/**
 * The production admission gate at a fixed threshold: more than {@code threshold} reads in the
 * window. The limiter is built at {@link #bind}, on the clock it is given.
 */
final class BucketTimeAdmission implements AdmissionPolicy {
  private final RateLimitConfig config;
  private BucketTimeRateLimit limiter;

  BucketTimeAdmission(RateLimitConfig config) {
    this.config = config;
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
    limiter = new BucketTimeRateLimit(config, clock);
  }

  @Override
  public Decision onRead(long key) {
    return limiter.recordAndCheck(key);
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
