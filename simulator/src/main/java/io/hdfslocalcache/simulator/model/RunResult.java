package io.hdfslocalcache.simulator.model;

/**
 * The figures of one replay, as printed in the table, JSON and CSV.
 *
 * @param hddBytesRead bytes of misses served from HDD plus bytes read from HDD to fill
 * @param evictions blocks (block fill) or pages (page fill) evicted for space
 * @param invalidations cached versions dropped because a newer generation stamp was seen
 * @param deletions cached blocks dropped by a DELETE
 * @param elapsedSeconds wall time of this replay (the parse, shared by a sweep, is parseSeconds)
 * @param eventsPerSecond trace events replayed per second of elapsedSeconds
 */
public record RunResult(
    String policy,
    String fill,
    long cacheSizeBytes,
    long pageSizeBytes,
    long reads,
    long readBytes,
    long hits,
    long hitBytes,
    double hitRatio,
    double byteHitRatio,
    long ssdBytesWritten,
    long hddBytesRead,
    long admissions,
    long evictions,
    long invalidations,
    long deletions,
    long malformedLines,
    long skippedLines,
    double diskHeadSecondsWithCache,
    double diskHeadSecondsWithoutCache,
    double meanDiskUtilizationWithCache,
    double meanDiskUtilizationWithoutCache,
    double peakDiskUtilizationWithCache,
    double peakDiskUtilizationWithoutCache,
    double parseSeconds,
    double elapsedSeconds,
    double eventsPerSecond) {}
