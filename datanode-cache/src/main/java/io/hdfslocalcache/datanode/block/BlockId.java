package io.hdfslocalcache.datanode.block;

import io.hdfslocalcache.ratelimit.BlockKey;

/**
 * A block across generation stamps: block ids collide across block pools (federation), so the pool
 * is always part of the identity.
 */
public final class BlockId {
  private final String poolId;
  private final long blockId;

  public BlockId(String poolId, long blockId) {
    this.poolId = poolId;
    this.blockId = blockId;
  }

  public String poolId() {
    return poolId;
  }

  public long blockId() {
    return blockId;
  }

  /** The admission key, the same function the simulator replays traces with. */
  public long admissionKey() {
    return BlockKey.of(poolId, blockId);
  }

  /** Cache file id of the block's data or meta as filled before fill ids (fill id 0). */
  public String fileId(long genStamp, CacheFile file) {
    return fileId(genStamp, 0, file);
  }

  /**
   * Cache file id of the block's data or meta written by fill {@code fillId} (see {@link
   * FillTicket}); Alluxio forbids '/' in file ids. Fill id 0 names the files of entries filled
   * before fills had ids, so their index records still find their pages after an upgrade.
   */
  public String fileId(long genStamp, long fillId, CacheFile file) {
    String id = poolId + "_blk_" + blockId + "_" + genStamp + file.suffix;
    return fillId == 0 ? id : id + "." + Long.toHexString(fillId);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BlockId)) {
      return false;
    }
    BlockId b = (BlockId) o;
    return blockId == b.blockId && poolId.equals(b.poolId);
  }

  @Override
  public int hashCode() {
    return 31 * poolId.hashCode() + Long.hashCode(blockId);
  }

  @Override
  public String toString() {
    return poolId + ":blk_" + blockId;
  }

  /** The two files of a cached block. */
  public enum CacheFile {
    DATA(".data"),
    META(".meta");

    final String suffix;

    CacheFile(String suffix) {
      this.suffix = suffix;
    }
  }
}
