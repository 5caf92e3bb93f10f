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
    print(List.of(), results, out);
  }

  /**
   * With {@code labels} (one per result: the DataNode, or "fleet"), a first column names each row's
   * DataNode; without, the single-DataNode table.
   */
  static void print(List<String> labels, List<RunResult> results, PrintStream out) {
    List<String[]> rows = new ArrayList<>();
    boolean labelled = !labels.isEmpty();
    rows.add(labelled ? labelled("datanode", HEADER) : HEADER);
    for (int i = 0; i < results.size(); i++) {
      String[] row = row(results.get(i));
      rows.add(labelled ? labelled(labels.get(i), row) : row);
    }
    int columns = rows.get(0).length;
    int[] width = new int[columns];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        width[i] = Math.max(width[i], row[i].length());
      }
    }
    int leftAligned = labelled ? 4 : 3;
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        String cell = i < leftAligned ? pad(row[i], width[i]) : padLeft(row[i], width[i]);
        line.append(i == 0 ? "" : "  ").append(cell);
      }
      out.println(line.toString().stripTrailing());
    }
  }

  private static String[] labelled(String label, String[] row) {
    String[] out = new String[row.length + 1];
    out[0] = label;
    System.arraycopy(row, 0, out, 1, row.length);
    return out;
  }

  private static String[] row(RunResult r) {
    return new String[] {
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
    };
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
