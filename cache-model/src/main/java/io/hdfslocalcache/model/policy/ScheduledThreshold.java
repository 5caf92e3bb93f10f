package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;
import java.time.Duration;

/**
 * Research only (simulator): a threshold schedule, {@code threshold} until {@code after} past the
 * first read, {@code then} from there on, on one gate's counts. The class of rules an online
 * admission reduces to if it only picks a threshold and moves it once: replayed on a trace and on
 * its time-prefix cut at {@code after}, it decides the same up to the cut, so it measures what a
 * rule that cannot see the trace's length gives up (docs/research/admission-bound.md). One gate
 * counting up to the larger threshold decides each half exactly as {@code bucket-time} at that
 * threshold would (its counts saturate above both).
 */
final class ScheduledThreshold implements GatedPolicy {
  private final int first;
  private final int then;
  private final long afterMillis;
  private final BucketTimeAdmission gate;
  private CacheClock clock;
  private long switchAtMillis = Long.MAX_VALUE;

  ScheduledThreshold(RateLimitConfig config, int then, Duration after) {
    if (then < 0 || then > RateLimitConfig.MAX_THRESHOLD) {
      throw new IllegalArgumentException(
          "schedule: then must be in [0, " + RateLimitConfig.MAX_THRESHOLD + "], got " + then);
    }
    if (after.isNegative()) {
      throw new IllegalArgumentException("schedule: after must be >= 0, got " + after);
    }
    this.first = config.threshold();
    this.then = then;
    this.afterMillis = after.toMillis();
    this.gate = new BucketTimeAdmission(config, Math.max(first, then));
  }

  static ScheduledThreshold from(PolicyParams params) {
    RateLimitConfig config = BucketTimeAdmission.config(params);
    return new ScheduledThreshold(
        config,
        params.integer("then", config.threshold()),
        params.duration("after", Duration.ZERO));
  }

  @Override
  public void bind(
      double bytesPerDay,
      long burstBytes,
      ThresholdTuner.Budget budget,
      CacheClock clock,
      ThresholdTuner.Listener listener) {
    this.clock = clock;
    gate.bind(bytesPerDay, burstBytes, budget, clock, listener);
  }

  @Override
  public AdmissionDecision onRead(long key) {
    int count = gate.count(key);
    if (switchAtMillis == Long.MAX_VALUE) {
      switchAtMillis = clock.millis() + afterMillis; // the schedule starts at the first read
    }
    return count > effectiveThreshold() ? AdmissionDecision.ADMIT : AdmissionDecision.REJECT;
  }

  @Override
  public int effectiveThreshold() {
    return clock != null && clock.millis() >= switchAtMillis ? then : first;
  }

  @Override
  public AdmissionPolicy gate() {
    return gate;
  }
}
