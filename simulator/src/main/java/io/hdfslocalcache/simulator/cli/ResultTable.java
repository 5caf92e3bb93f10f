package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.model.AdmissionTuning;
import io.hdfslocalcache.simulator.model.RunResult;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The human-readable table on stdout, one row per run, columns sized to fit. When the runs include
 * the DataNode's default admission ({@link #DEFAULT_POLICY}) and other rows, a last column {@code
 * defaultTime} shows beside each row the default's {@code hddTime} on the same trace, cache size,
 * fill mode and guard: whether tuning by hand beats it shows at a glance.
 */
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

  /** The DataNode's default admission ({@link AdmissionTuning#defaultPolicy}), by its name. */
  static final String DEFAULT_POLICY = AdmissionTuning.defaultPolicy().name();

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
    Map<String, RunResult> byDefault = new HashMap<>();
    for (int i = 0; i < results.size(); i++) {
      if (results.get(i).policy().equals(DEFAULT_POLICY)) {
        byDefault.put(sameRun(labels, results, i), results.get(i));
      }
    }
    boolean beside = !byDefault.isEmpty() && results.size() > byDefault.size();
    String[] header = beside ? withLast(HEADER, "defaultTime") : HEADER;
    rows.add(labelled ? labelled("datanode", header) : header);
    for (int i = 0; i < results.size(); i++) {
      String[] row = row(results.get(i));
      if (beside) {
        RunResult t = byDefault.get(sameRun(labels, results, i));
        row =
            withLast(
                row,
                t == null
                    ? "-"
                    : change(t.diskHeadSecondsWithCache(), t.diskHeadSecondsWithoutCache()));
      }
      rows.add(labelled ? labelled(labels.get(i), row) : row);
    }
    printAligned(rows, labelled ? 4 : 3, out);
  }

  /** Rows in columns sized to fit: the first {@code leftAligned} left-aligned, numbers right. */
  static void printAligned(List<String[]> rows, int leftAligned, PrintStream out) {
    int columns = rows.get(0).length;
    int[] width = new int[columns];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        width[i] = Math.max(width[i], row[i].length());
      }
    }
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        String cell = i < leftAligned ? pad(row[i], width[i]) : padLeft(row[i], width[i]);
        line.append(i == 0 ? "" : "  ").append(cell);
      }
      out.println(line.toString().stripTrailing());
    }
  }

  /** The runs a row is compared within: one DataNode, cache size, fill mode and guard. */
  private static String sameRun(List<String> labels, List<RunResult> results, int i) {
    RunResult r = results.get(i);
    return (labels.isEmpty() ? "" : labels.get(i))
        + "|"
        + r.cacheSizeBytes()
        + "|"
        + r.fill()
        + "|"
        + r.guard();
  }

  private static String[] withLast(String[] row, String last) {
    String[] out = Arrays.copyOf(row, row.length + 1);
    out[row.length] = last;
    return out;
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

  static String percent(double ratio) {
    return String.format(Locale.ROOT, "%.2f", ratio * 100);
  }

  /** HDD disk-head time with the cache against without, as a signed percent change. */
  static String change(double with, double without) {
    return without == 0 ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", (with / without - 1) * 100);
  }

  private static String pad(String s, int w) {
    return s + " ".repeat(w - s.length());
  }

  private static String padLeft(String s, int w) {
    return " ".repeat(w - s.length()) + s;
  }
}
