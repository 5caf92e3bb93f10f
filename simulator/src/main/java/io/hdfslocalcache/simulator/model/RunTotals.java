package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.model.EventRules;
import io.hdfslocalcache.model.ModelTotals;
import io.hdfslocalcache.simulator.trace.ParseStats;
import io.hdfslocalcache.simulator.trace.Trace;
import java.util.Arrays;

/** The {@link RunResult} of one replay, from the model's totals and the per-minute HDD load. */
final class RunTotals {
  private RunTotals() {}

  static RunOutcome outcome(
      RunConfig config,
      Trace trace,
      ModelTotals t,
      EventRules rules,
      DiskLoad withCache,
      DiskLoad withoutCache,
      double elapsed) {
    ParseStats stats = trace.stats();
    double[] with = withCache.utilization(config.disks());
    double[] without = withoutCache.utilization(config.disks());
    RunResult r =
        new RunResult(
            config.policyName(),
            config.fill().configName(),
            config.guard().label(),
            config.cacheSizeBytes(),
            config.pageSizeBytes(),
            t.reads,
            t.readBytes,
            t.hits,
            t.partialHits,
            t.hitBytes,
            ratio(t.hits, t.reads),
            ratio(t.hitBytes, t.readBytes),
            t.ssdBytesWritten,
            t.hddBytesRead,
            t.fillBytesRead,
            t.admissions,
            t.pageFills,
            t.fillsTooLarge,
            t.fillsDeniedByGuard - t.fillsDeniedForWriteBudget,
            t.fillsDeniedForWriteBudget,
            rules.guardTransitions(),
            rules.guardPausedSeconds(),
            t.evictions,
            t.invalidations,
            t.deletions,
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
