package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import io.hdfslocalcache.ratelimit.Decision;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;
import java.time.Duration;

/** The production admission gate, unchanged: more than {@code threshold} reads in the window. */
final class BucketTimeAdmission implements AdmissionPolicy {
  private final BucketTimeRateLimit limiter;

  BucketTimeAdmission(RateLimitConfig config) {
    // The replay passes each event's own time; the clock is never read.
    this.limiter = new BucketTimeRateLimit(config, CacheClock.ofEventTime(() -> 0));
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
  public Decision onRead(long key, long timeMs) {
    return limiter.recordAndCheck(key, timeMs);
  }

  @Override
  public long trackedKeys() {
    return limiter.stats().trackedKeys();
  }
}
