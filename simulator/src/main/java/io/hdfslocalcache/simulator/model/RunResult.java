package io.hdfslocalcache.simulator.model;

/**
 * The figures of one replay, as printed in the table, JSON and CSV.
 *
 * @param guard "on" or "off": whether the fill guard and SSD write budget ran
 * @param hits reads served wholly from SSD
 * @param partialHits reads of a held block served partly from SSD, partly from HDD (pages mode)
 * @param hitBytes bytes served from SSD, by hits and partial hits
 * @param hitRatio hits / reads
 * @param byteHitRatio hitBytes / readBytes
 * @param hddBytesRead bytes of reads served from HDD plus bytes read from HDD to fill
 * @param fillBytesRead bytes read from HDD to fill (equal to ssdBytesWritten)
 * @param admissions fills that created an entry (admitted by the policy)
 * @param pageFills fills that added pages to a held block (pages mode; no admission needed)
 * @param fillsTooLarge fills skipped because they could not fit in the whole cache
 * @param fillsDeniedCost fills the guard denied because fills cost the HDDs more than they saved
 * @param fillsDeniedWriteBudget fills the guard denied for the SSD write budget
 * @param guardTransitions changes of the guard's state (one INFO line each on a DataNode)
 * @param guardPausedSeconds trace time the guard spent paused
 * @param evictions blocks (block fill) or pages (page fill) evicted for space
 * @param invalidations cached versions dropped because a newer generation stamp was seen
 * @param deletions cached blocks dropped by a DELETE
 * @param elapsedSeconds wall time of this replay (the parse, shared by a sweep, is parseSeconds)
 * @param eventsPerSecond trace events replayed per second of elapsedSeconds
 */
public record RunResult(
    String policy,
    String fill,
    String guard,
    long cacheSizeBytes,
    long pageSizeBytes,
    long reads,
    long readBytes,
    long hits,
    long partialHits,
    long hitBytes,
    double hitRatio,
    double byteHitRatio,
    long ssdBytesWritten,
    long hddBytesRead,
    long fillBytesRead,
    long admissions,
    long pageFills,
    long fillsTooLarge,
    long fillsDeniedCost,
    long fillsDeniedWriteBudget,
    long guardTransitions,
    double guardPausedSeconds,
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
