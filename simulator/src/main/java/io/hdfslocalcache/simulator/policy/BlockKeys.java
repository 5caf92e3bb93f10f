package io.hdfslocalcache.simulator.policy;

/**
 * The DataNode's limiter key: block pool and block id folded into one long. Block ids are unique
 * within a pool; the pool's hash, spread by the golden-ratio constant, separates pools. A
 * collision only merges two blocks' access counts.
 */
public final class BlockKeys {
  private BlockKeys() {}

  public static long key(String blockPool, long blockId) {
    return blockId ^ (blockPool.hashCode() * 0x9E3779B97F4A7C15L);
  }
}
