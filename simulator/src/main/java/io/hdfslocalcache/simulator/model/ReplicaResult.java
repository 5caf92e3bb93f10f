package io.hdfslocalcache.simulator.model;

/**
 * What the fleet's replicas cost and what one cache for the whole fleet could gain, for one
 * configuration ({@link ReplicaReplay}).
 *
 * @param dataNodes DataNodes in the fleet
 * @param duplicatedBytesMean SSD bytes holding a copy of a block version another DataNode's cache
 *     also holds (every copy but one), averaged over the samples taken every {@link
 *     ReplicaReplay#SAMPLE_MILLIS} of trace time and at the end
 * @param duplicatedBytesPeak the largest sample
 * @param duplicatedBytesEnd at the end of the replay
 * @param pooledCacheSizeBytes the one cache's capacity: the DataNodes' caches summed
 * @param pooledHitBytes bytes the one cache served from SSD
 * @param pooledByteHitRatio pooledHitBytes over the bytes read
 * @param pooledDiskHeadSecondsWithCache HDD disk-head seconds with the one cache
 * @param pooledDiskHeadSecondsWithoutCache HDD disk-head seconds of the same reads without a cache
 */
public record ReplicaResult(
    int dataNodes,
    long duplicatedBytesMean,
    long duplicatedBytesPeak,
    long duplicatedBytesEnd,
    long pooledCacheSizeBytes,
    long pooledHitBytes,
    double pooledByteHitRatio,
    double pooledDiskHeadSecondsWithCache,
    double pooledDiskHeadSecondsWithoutCache) {}
