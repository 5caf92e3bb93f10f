package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.Decision;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;

/**
 * Decides, on every read of a block, whether a miss on it should fill the cache. Called for hits
 * too, as the DataNode records every client read. One instance per model; not thread-safe.
 */
public interface AdmissionPolicy {
  /**
   * @param key the block's limiter key ({@link io.hdfslocalcache.ratelimit.BlockKey#of})
   * @param timeMs the read's time
   */
  Decision onRead(long key, long timeMs);

  /**
   * The model's write budget, for a policy that tunes itself to it ({@code tuned}); called once,
   * before the first read. {@code bytesPerDay} 0: no budget.
   */
  default void bind(
      double bytesPerDay, long burstBytes, ThresholdTuner.Budget budget, CacheClock clock) {}

  /** The threshold this policy admits above now; -1 if it has none. */
  default int effectiveThreshold() {
    return -1;
  }

  /** Keys the policy keeps history for now (its memory), for heap figures; 0 if it keeps none. */
  default long trackedKeys() {
    return 0;
  }

  /**
   * The DataNode's default: its gate with the threshold tuned to the write budget, {@code config}'s
   * a floor.
   */
  static AdmissionPolicy tuned(RateLimitConfig config) {
    return new TunedAdmission(config);
  }

  /** The DataNode's own gate, {@code BucketTimeRateLimit}, with {@code config}. */
  static AdmissionPolicy bucketTime(RateLimitConfig config) {
    return new BucketTimeAdmission(config);
  }
}
