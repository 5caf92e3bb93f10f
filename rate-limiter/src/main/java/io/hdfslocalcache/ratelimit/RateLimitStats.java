package io.hdfslocalcache.ratelimit;

/**
 * A point-in-time view of a limiter's bookkeeping, for metrics. The limiter has no metrics
 * dependency of its own; the DataNode's admission stats read this.
 *
 * @param trackedKeys keys with at least one access in the window
 * @param earlyBucketDrops buckets forgotten before their time because the key cap was reached
 * @param untrackedAccesses accesses not recorded because the current bucket alone filled the cap
 */
public final class RateLimitStats {
  // A final class, not a record: the DataNode side is compiled for Java 8.
  private final long trackedKeys;
  private final long earlyBucketDrops;
  private final long untrackedAccesses;

  public RateLimitStats(long trackedKeys, long earlyBucketDrops, long untrackedAccesses) {
    this.trackedKeys = trackedKeys;
    this.earlyBucketDrops = earlyBucketDrops;
    this.untrackedAccesses = untrackedAccesses;
  }

  public long trackedKeys() {
    return trackedKeys;
  }

  public long earlyBucketDrops() {
    return earlyBucketDrops;
  }

  public long untrackedAccesses() {
    return untrackedAccesses;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof RateLimitStats)) {
      return false;
    }
    RateLimitStats s = (RateLimitStats) o;
    return trackedKeys == s.trackedKeys
        && earlyBucketDrops == s.earlyBucketDrops
        && untrackedAccesses == s.untrackedAccesses;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(trackedKeys) * 961
        + Long.hashCode(earlyBucketDrops) * 31
        + Long.hashCode(untrackedAccesses);
  }

  @Override
  public String toString() {
    return "RateLimitStats[trackedKeys="
        + trackedKeys
        + ", earlyBucketDrops="
        + earlyBucketDrops
        + ", untrackedAccesses="
        + untrackedAccesses
        + "]";
  }
}
