package io.hdfslocalcache.datanode;

import java.util.Objects;

/**
 * A block across generation stamps: block ids collide across block pools (federation), so the
 * pool is always part of the identity.
 */
final class BlockId {
  // A final class, not a record: the DataNode side is compiled for Java 8.
  private final String poolId;
  private final long blockId;

  BlockId(String poolId, long blockId) {
    this.poolId = poolId;
    this.blockId = blockId;
  }

  public String poolId() {
    return poolId;
  }

  public long blockId() {
    return blockId;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BlockId)) {
      return false;
    }
    BlockId x = (BlockId) o;
    return Objects.equals(poolId, x.poolId) && blockId == x.blockId;
  }

  @Override
  public int hashCode() {
    return 31 * poolId.hashCode() + Long.hashCode(blockId);
  }

  @Override
  public String toString() {
    return "BlockId[poolId=" + poolId + ", blockId=" + blockId + "]";
  }

  /** The admission key: pool folded into the id. A collision merges two blocks' read counts only. */
  long admissionKey() {
    return blockId ^ (poolId.hashCode() * 0x9E3779B97F4A7C15L);
  }

  /** Cache file id of the block's data or meta; Alluxio forbids '/' in file ids. */
  String fileId(long genStamp, CacheFile file) {
    return poolId + "_blk_" + blockId + "_" + genStamp + file.suffix;
  }

  enum CacheFile {
    DATA(".data"),
    META(".meta");

    final String suffix;

    CacheFile(String suffix) {
      this.suffix = suffix;
    }
  }
}
