package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.model.RunResult;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The human-readable table on stdout, one row per run, columns sized to fit. */
final class ResultTable {
  private static final String[] HEADER = {
    "policy",
    "fill",
    "guard",
    "cache",
    "hit%",
    "byteHit%",
    "ssdWritten",
    "hddRead",
    "admits",
    "evicts",
    "invalid",
    "denied(cost/ssd)",
    "changes",
    "hddTime",
    "utilMean",
    "utilPeak",
    "utilPeakNoCache"
  };

  private ResultTable() {}

  static void print(List<RunResult> results, PrintStream out) {
    List<String[]> rows = new ArrayList<>();
    rows.add(HEADER);
    for (RunResult r : results) {
      rows.add(
          new String[] {
            r.policy(),
            r.fill(),
            r.guard(),
            Sizes.format(r.cacheSizeBytes()),
            percent(r.hitRatio()),
            percent(r.byteHitRatio()),
            Sizes.format(r.ssdBytesWritten()),
            Sizes.format(r.hddBytesRead()),
            String.valueOf(r.admissions()),
            String.valueOf(r.evictions()),
            String.valueOf(r.invalidations()),
            r.fillsDeniedCost() + "/" + r.fillsDeniedWriteBudget(),
            String.valueOf(r.guardTransitions()),
            change(r.diskHeadSecondsWithCache(), r.diskHeadSecondsWithoutCache()),
            percent(r.meanDiskUtilizationWithCache()),
            percent(r.peakDiskUtilizationWithCache()),
            percent(r.peakDiskUtilizationWithoutCache())
          });
    }
    int[] width = new int[HEADER.length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        width[i] = Math.max(width[i], row[i].length());
      }
    }
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        String cell = i < 3 ? pad(row[i], width[i]) : padLeft(row[i], width[i]);
        line.append(i == 0 ? "" : "  ").append(cell);
      }
      out.println(line.toString().stripTrailing());
    }
  }

  private static String percent(double ratio) {
    return String.format(Locale.ROOT, "%.2f", ratio * 100);
  }

  /** HDD disk-head time with the cache against without, as a signed percent change. */
  private static String change(double with, double without) {
    return without == 0 ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", (with / without - 1) * 100);
  }

  private static String pad(String s, int w) {
    return s + " ".repeat(w - s.length());
  }

  private static String padLeft(String s, int w) {
    return " ".repeat(w - s.length()) + s;
  }
}
