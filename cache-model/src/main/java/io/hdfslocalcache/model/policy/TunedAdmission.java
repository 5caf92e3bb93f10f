package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.Decision;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.ratelimit.RateLimitStats;
import io.hdfslocalcache.time.CacheClock;
import java.util.Optional;

/**
 * The DataNode's default admission: the production gate, {@code BucketTimeRateLimit}, with its
 * threshold moved by a {@link ThresholdTuner} at or above the configured one (the floor) so that
 * fills spend the write budget on the blocks read most often. Without a budget (bound with 0 bytes
 * a day) it is bucket-time at the floor. The limiter and the tuner are built at {@link #bind}, on
 * the one clock it is given.
 */
final class TunedAdmission implements AdmissionPolicy {
  private final RateLimitConfig config;
  private final BucketTimeAdmission gate;
  private ThresholdTuner tuner;

  TunedAdmission(RateLimitConfig config) {
    this.config = config;
    this.gate = new BucketTimeAdmission(config, ThresholdTuner.ceiling(config.threshold()));
  }

  static TunedAdmission from(PolicyParams params) {
    return new TunedAdmission(BucketTimeAdmission.config(params));
  }

  @Override
  public void bind(
      double bytesPerDay,
      long burstBytes,
      ThresholdTuner.Budget budget,
      CacheClock clock,
      ThresholdTuner.Listener listener) {
    gate.bind(bytesPerDay, burstBytes, budget, clock, listener);
    tuner =
        new ThresholdTuner(config.threshold(), bytesPerDay, burstBytes, budget, clock, listener);
  }

  @Override
  public Decision onRead(long key) {
    return count(key) > tuner.threshold() ? Decision.ADMIT : Decision.REJECT;
  }

  /** Records a read of {@code key} now; its reads in the window (for a rule over this gate). */
  int count(long key) {
    return gate.count(key);
  }

  @Override
  public int effectiveThreshold() {
    return tuner == null ? config.threshold() : tuner.threshold();
  }

  @Override
  public long trackedKeys() {
    return gate.trackedKeys();
  }

  @Override
  public RateLimitStats limiterStats() {
    return gate.limiterStats();
  }

  @Override
  public void expire() {
    gate.expire();
  }

  @Override
  public Optional<ThresholdTuner> tuner() {
    return Optional.ofNullable(tuner);
  }
}
