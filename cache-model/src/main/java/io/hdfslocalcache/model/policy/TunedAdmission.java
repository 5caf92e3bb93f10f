package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import io.hdfslocalcache.ratelimit.Decision;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;

/**
 * The DataNode's default admission: the production gate, {@code BucketTimeRateLimit}, with its
 * threshold moved by a {@link ThresholdTuner} at or above the configured one (the floor) so that
 * fills spend the write budget on the blocks read most often. Without a bound budget it is
 * bucket-time at the floor.
 */
final class TunedAdmission implements AdmissionPolicy {
  private final RateLimitConfig config;
  private final BucketTimeRateLimit limiter;
  private ThresholdTuner tuner;

  TunedAdmission(RateLimitConfig config) {
    this.config = config;
    // The replay passes each event's own time; the clock is never read.
    this.limiter =
        BucketTimeRateLimit.counting(
            config, CacheClock.ofEventTime(() -> 0), ThresholdTuner.ceiling(config.threshold()));
  }

  static TunedAdmission from(PolicyParams params) {
    return new TunedAdmission(BucketTimeAdmission.config(params));
  }

  @Override
  public void bind(
      double bytesPerDay, long burstBytes, ThresholdTuner.Budget budget, CacheClock clock) {
    tuner =
        new ThresholdTuner(
            config.threshold(), bytesPerDay, burstBytes, budget, clock, (a, b, c, d) -> {});
  }

  @Override
  public Decision onRead(long key, long timeMs) {
    int count = limiter.recordAndCount(key, timeMs);
    return count > effectiveThreshold() ? Decision.ADMIT : Decision.REJECT;
  }

  @Override
  public int effectiveThreshold() {
    return tuner == null ? config.threshold() : tuner.threshold();
  }

  @Override
  public long trackedKeys() {
    return limiter.stats().trackedKeys();
  }
}
