package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.Decision;
import io.hdfslocalcache.ratelimit.RateLimitConfig;

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

  /** Keys the policy keeps history for now (its memory), for heap figures; 0 if it keeps none. */
  default long trackedKeys() {
    return 0;
  }

  /** The DataNode's own gate, {@code BucketTimeRateLimit}, with {@code config}. */
  static AdmissionPolicy bucketTime(RateLimitConfig config) {
    return new BucketTimeAdmission(config);
  }
}
