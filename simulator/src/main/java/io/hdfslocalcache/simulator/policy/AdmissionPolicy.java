package io.hdfslocalcache.simulator.policy;

import io.hdfslocalcache.ratelimit.Decision;

/**
 * Decides, on every read of a block, whether a miss on it should fill the cache. Called for hits
 * too, as the DataNode records every client read. One instance per replay; not thread-safe.
 */
public interface AdmissionPolicy {
  /**
   * @param key the block's limiter key ({@link io.hdfslocalcache.ratelimit.BlockKey#of})
   * @param timeMs the read's time
   */
  Decision onRead(long key, long timeMs);
}
