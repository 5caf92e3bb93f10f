package io.hdfslocalcache.ratelimit;

/**
 * The admission key of a block: block pool and block id folded into one long. Block ids are unique
 * within a pool; the pool's hash, spread by the golden-ratio constant, separates pools. A collision
 * only merges two blocks' access counts. The DataNode and the simulator both key the limiter with
 * this one function, which is what lets the simulator claim to replay the production admission.
 */
public final class BlockKey {
  private BlockKey() {}

  public static long of(String blockPool, long blockId) {
    return blockId ^ (blockPool.hashCode() * 0x9E3779B97F4A7C15L);
  }
}
