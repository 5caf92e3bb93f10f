package io.hdfslocalcache.ratelimit;

/**
 * A point-in-time view of a limiter's bookkeeping, for metrics. The limiter has no metrics
 * dependency of its own; the DataNode's admission stats read this.
 *
 * @param trackedKeys keys with at least one access in the window
 * @param earlyBucketDrops buckets forgotten before their time because the key cap was reached
 * @param untrackedAccesses accesses not recorded because the current bucket alone filled the cap
 */
public record RateLimitStats(long trackedKeys, long earlyBucketDrops, long untrackedAccesses) {}
