package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.guard.FillGuard;
import io.hdfslocalcache.simulator.trace.ParseStats;
import io.hdfslocalcache.simulator.trace.Trace;
import java.util.Arrays;

/** The running totals of one replay, and the {@link RunResult} they make. */
final class RunTotals {
  long reads;
  long readBytes;
  long hits;
  long partialHits;
  long hitBytes;
  long ssdBytesWritten;
  long hddBytesRead;
  long fillBytesRead;
  long admissions;
  long pageFills;
  long fillsTooLarge;
  long invalidations;
  long deletions;

  RunOutcome outcome(
      RunConfig config,
      Trace trace,
      CacheModel cache,
      FillGuard guard,
      GuardLog log,
      long endMillis,
      DiskLoad withCache,
      DiskLoad withoutCache,
      double elapsed) {
    ParseStats stats = trace.stats();
    double[] with = withCache.utilization(config.disks());
    double[] without = withoutCache.utilization(config.disks());
    RunResult r =
        new RunResult(
            config.policy().name(),
            config.fill().configName(),
            config.guard().label(),
            config.cacheSizeBytes(),
            config.pageSizeBytes(),
            reads,
            readBytes,
            hits,
            partialHits,
            hitBytes,
            ratio(hits, reads),
            ratio(hitBytes, readBytes),
            ssdBytesWritten,
            hddBytesRead,
            fillBytesRead,
            admissions,
            pageFills,
            fillsTooLarge,
            guard.deniedForCost(),
            guard.deniedForWriteBudget(),
            log.transitions(),
            log.pausedSeconds(endMillis),
            cache.evictions(),
            invalidations,
            deletions,
            stats.malformedLines(),
            stats.skippedLines(),
            withCache.totalSeconds(),
            withoutCache.totalSeconds(),
            mean(with),
            mean(without),
            max(with),
            max(without),
            stats.parseSeconds(),
            elapsed,
            elapsed > 0 ? trace.events().size() / elapsed : 0);
    return new RunOutcome(config, r, new UtilizationSeries(withCache.firstMinute(), with, without));
  }

  private static double ratio(long part, long whole) {
    return whole == 0 ? 0 : (double) part / whole;
  }

  private static double mean(double[] values) {
    return values.length == 0 ? 0 : Arrays.stream(values).sum() / values.length;
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElse(0);
  }
}
