package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.model.RunOutcome;
import io.hdfslocalcache.simulator.model.RunResult;
import io.hdfslocalcache.simulator.model.UtilizationSeries;
import java.util.ArrayList;
import java.util.List;

/**
 * The fleet's figures for one configuration: the sum over DataNodes, each with its own cache of the
 * configured size. Counts and bytes add up and the ratios are recomputed from the sums. HDD
 * utilisation: the mean is over every DataNode's every minute (from its first to its last event),
 * the peak is the busiest minute of any DataNode (blocked processes are a DataNode's), and the
 * chart's series is, per minute, the mean over the DataNodes whose trace covers that minute.
 */
final class FleetTotals {
  private FleetTotals() {}

  /** Outcomes of one configuration, one per DataNode. */
  static RunOutcome of(List<RunOutcome> perDataNode) {
    RunResult f = perDataNode.get(0).result();
    long reads = 0, readBytes = 0, hits = 0, hitBytes = 0, ssd = 0, hdd = 0, admissions = 0;
    long evictions = 0, invalidations = 0, deletions = 0, malformed = 0, skipped = 0;
    long partialHits = 0, fillBytes = 0, pageFills = 0, tooLarge = 0, deniedCost = 0;
    long deniedBudget = 0, transitions = 0;
    double paused = 0;
    double headWith = 0, headWithout = 0, peakWith = 0, peakWithout = 0;
    double parse = 0, elapsed = 0, events = 0, sumWith = 0, sumWithout = 0;
    long minutes = 0;
    for (RunOutcome o : perDataNode) {
      RunResult r = o.result();
      reads += r.reads();
      readBytes += r.readBytes();
      hits += r.hits();
      partialHits += r.partialHits();
      fillBytes += r.fillBytesRead();
      pageFills += r.pageFills();
      tooLarge += r.fillsTooLarge();
      deniedCost += r.fillsDeniedCost();
      deniedBudget += r.fillsDeniedWriteBudget();
      transitions += r.guardTransitions();
      paused += r.guardPausedSeconds();
      hitBytes += r.hitBytes();
      ssd += r.ssdBytesWritten();
      hdd += r.hddBytesRead();
      admissions += r.admissions();
      evictions += r.evictions();
      invalidations += r.invalidations();
      deletions += r.deletions();
      malformed += r.malformedLines();
      skipped += r.skippedLines();
      headWith += r.diskHeadSecondsWithCache();
      headWithout += r.diskHeadSecondsWithoutCache();
      peakWith = Math.max(peakWith, r.peakDiskUtilizationWithCache());
      peakWithout = Math.max(peakWithout, r.peakDiskUtilizationWithoutCache());
      parse += r.parseSeconds();
      elapsed += r.elapsedSeconds();
      events += r.eventsPerSecond() * r.elapsedSeconds();
      sumWith += sum(o.series().withCache());
      sumWithout += sum(o.series().withoutCache());
      minutes += o.series().withCache().length;
    }
    RunResult total =
        new RunResult(
            f.policy(),
            f.fill(),
            f.guard(),
            f.cacheSizeBytes(),
            f.pageSizeBytes(),
            reads,
            readBytes,
            hits,
            partialHits,
            hitBytes,
            ratio(hits, reads),
            ratio(hitBytes, readBytes),
            ssd,
            hdd,
            fillBytes,
            admissions,
            pageFills,
            tooLarge,
            deniedCost,
            deniedBudget,
            transitions,
            paused,
            evictions,
            invalidations,
            deletions,
            malformed,
            skipped,
            headWith,
            headWithout,
            minutes == 0 ? 0 : sumWith / minutes,
            minutes == 0 ? 0 : sumWithout / minutes,
            peakWith,
            peakWithout,
            parse,
            elapsed,
            elapsed > 0 ? events / elapsed : 0);
    return new RunOutcome(perDataNode.get(0).config(), total, series(perDataNode));
  }

  /** Per minute, the mean utilisation of the DataNodes whose trace covers it. */
  private static UtilizationSeries series(List<RunOutcome> perDataNode) {
    long first = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    for (RunOutcome o : perDataNode) {
      first = Math.min(first, o.series().firstMinute());
      end = Math.max(end, o.series().firstMinute() + o.series().withCache().length);
    }
    int n = (int) Math.max(0, end - first);
    double[] with = new double[n];
    double[] without = new double[n];
    int[] covering = new int[n];
    for (RunOutcome o : perDataNode) {
      UtilizationSeries s = o.series();
      int at = (int) (s.firstMinute() - first);
      for (int i = 0; i < s.withCache().length; i++) {
        with[at + i] += s.withCache()[i];
        without[at + i] += s.withoutCache()[i];
        covering[at + i]++;
      }
    }
    for (int i = 0; i < n; i++) {
      if (covering[i] > 0) {
        with[i] /= covering[i];
        without[i] /= covering[i];
      }
    }
    return new UtilizationSeries(first, with, without);
  }

  private static double sum(double[] values) {
    double s = 0;
    for (double v : values) {
      s += v;
    }
    return s;
  }

  private static double ratio(long part, long whole) {
    return whole == 0 ? 0 : (double) part / whole;
  }

  /** The configurations' totals, in configuration order: {@code runs.get(d).get(c)}. */
  static List<RunOutcome> all(List<List<RunOutcome>> runs) {
    List<RunOutcome> out = new ArrayList<>();
    for (int c = 0; c < runs.get(0).size(); c++) {
      List<RunOutcome> same = new ArrayList<>();
      for (List<RunOutcome> dataNode : runs) {
        same.add(dataNode.get(c));
      }
      out.add(of(same));
    }
    return out;
  }
}
