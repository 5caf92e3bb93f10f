package io.hdfslocalcache.datanode;

/**
 * A block across generation stamps: block ids collide across block pools (federation), so the
 * pool is always part of the identity.
 */
record BlockId(String poolId, long blockId) {

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
