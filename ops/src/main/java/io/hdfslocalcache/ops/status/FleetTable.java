package io.hdfslocalcache.ops.status;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One line per DataNode plus a total, as text: figures since the DataNodes started, or what grew in
 * a {@code --watch} interval (bytes per second; short-circuit opens, fills and errors counted in
 * the interval). A DataNode without figures gets its state and why instead. Pure.
 */
final class FleetTable {
  private static final String[] TOTALS = header("FROM CACHE", "FROM HDD");
  private static final String[] RATES = header("CACHE/s", "HDD/s");

  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private FleetTable() {}

  /** The columns, with the two of bytes served named for totals or for rates. */
  private static String[] header(String fromCache, String fromHdd) {
    return new String[] {
      "DATANODE",
      "HIT%",
      fromCache,
      fromHdd,
      "SC OPENS",
      "FILLS",
      "ERRORS",
      "DIRS OUT",
      "SLOW",
      "BYPASS",
      "THRESHOLD"
    };
  }

  /** Figures since start; {@code total}: add the TOTAL line (the fleet form). */
  static String totals(List<Row> rows, boolean total) {
    return render(TOTALS, rows, total, Double.NaN);
  }

  /** What grew in {@code seconds}, per second for bytes. */
  static String rates(List<Row> rows, boolean total, double seconds) {
    return render(RATES, rows, total, seconds);
  }

  private static String render(String[] header, List<Row> rows, boolean total, double seconds) {
    List<String[]> cells = new ArrayList<>();
    cells.add(header);
    List<Row> all = new ArrayList<>(rows);
    if (total) {
      all.add(Row.total(rows));
    }
    List<String> partial = total ? Row.partial(rows) : List.of();
    for (Row r : all) {
      boolean isTotal = total && r == all.get(all.size() - 1);
      cells.add(r.isOk() ? cells(r, seconds, isTotal ? partial : null) : failed(r));
    }
    int[] width = new int[header.length];
    for (String[] row : cells) {
      if (row.length == header.length) {
        for (int i = 0; i < row.length; i++) {
          width[i] = Math.max(width[i], row[i].length());
        }
      }
    }
    width[0] = Math.max(width[0], cells.stream().mapToInt(c -> c[0].length()).max().orElse(0));
    StringBuilder b = new StringBuilder();
    for (String[] row : cells) {
      StringBuilder line = new StringBuilder(pad(row[0], width[0]));
      for (int i = 1; i < row.length; i++) {
        line.append("  ").append(row.length == header.length ? padLeft(row[i], width[i]) : row[i]);
      }
      b.append(line.toString().stripTrailing()).append('\n');
    }
    if (!partial.isEmpty()) {
      b.append(PARTIAL).append('\n');
    }
    return b.toString();
  }

  /**
   * One line's cells; {@code partial} (the total's only, else null): figures summed over fewer
   * DataNodes than the total's, each marked {@code *}.
   */
  private static String[] cells(Row r, double seconds, List<String> partial) {
    CacheFigures f = r.figures();
    boolean rates = !Double.isNaN(seconds);
    Marks m = new Marks(partial == null ? List.of() : partial);
    String bypass =
        f.bypassed() == CacheFigures.ABSENT
            ? "n/a"
            : f.bypassed() == 0 ? "off" : partial != null ? f.bypassed() + " on" : "ON";
    return new String[] {
      r.datanode(),
      m.of(StatusReport.pct(f.hitRatio()), "hits", "misses"),
      m.of(
          rates ? perSecond(f.bytesCache(), seconds) : StatusReport.bytes(f.bytesCache()),
          "bytesCache"),
      m.of(rates ? perSecond(f.bytesHdd(), seconds) : StatusReport.bytes(f.bytesHdd()), "bytesHdd"),
      m.of(StatusReport.count(f.shortCircuitOpens()), "shortCircuitOpens"),
      m.of(StatusReport.count(f.fills()), "fills"),
      m.of(StatusReport.count(f.errors()), "errors"),
      f.dirsOutOfService() + "/" + f.dirs(),
      String.valueOf(f.dirsSlow()),
      m.of(bypass, "bypassed"),
      f.threshold().text()
    };
  }

  /** The line under a table whose total marks a figure some DataNodes do not report. */
  static final String PARTIAL =
      "* over the DataNodes that report it; n/a on the others (a release without that metric)";

  /** Marks a total's cell {@code *} when a figure it shows is summed over fewer DataNodes. */
  private record Marks(List<String> partial) {
    String of(String cell, String... figures) {
      for (String name : figures) {
        if (partial.contains(name)) {
          return cell + "*";
        }
      }
      return cell;
    }
  }

  private static String[] failed(Row r) {
    return new String[] {r.datanode(), r.state() + ": " + r.detail()};
  }

  private static String perSecond(long bytes, double seconds) {
    return seconds <= 0 || bytes == CacheFigures.ABSENT
        ? "n/a"
        : StatusReport.bytes(Math.round(bytes / seconds));
  }

  private static String pad(String s, int w) {
    return s + " ".repeat(Math.max(0, w - s.length()));
  }

  private static String padLeft(String s, int w) {
    return " ".repeat(Math.max(0, w - s.length())) + s;
  }

  /** The line above a watch interval's table. */
  static String intervalHeader(Watch.Interval iv) {
    return String.format(
        Locale.ROOT,
        "-- %s, over the last %.1f s: bytes per second; opens, fills and errors in the interval --%n",
        TIME.format(iv.at().atZone(ZoneId.systemDefault())),
        iv.seconds());
  }
}
