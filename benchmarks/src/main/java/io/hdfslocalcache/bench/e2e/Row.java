package io.hdfslocalcache.bench.e2e;

import java.util.Locale;

/**
 * One row of the table: one fill mode against stock, for one read shape, reader count and {@code
 * io.file.buffer.size}, over {@code rounds} paired rounds. The ratios are cache / stock per round
 * (throughput: above 1 is faster; CPU per GiB: above 1 costs more); the stock figures and the
 * packet counts are medians, for context. {@code worstRoute} is the slowest {@code read.route} the
 * cache side's directory was on in any round and {@code roundsAfterSlowRead} how many rounds ran
 * (in part) with page reads on the I/O threads after a slow read: such rounds measure that route,
 * not the readers' threads. A child JVM hands rows to its parent as one line each.
 */
record Row(
    int bufferSize,
    Shape shape,
    int readers,
    String mode,
    int rounds,
    Spread throughput,
    Spread cpu,
    double stockMibPerSec,
    double stockCpuSecPerGib,
    double stockTransferPacketsPerGib,
    double cacheTransferPacketsPerGib,
    int worstRoute,
    int roundsAfterSlowRead) {
  /** Starts a row line in a child's output; other lines are passed through as they are. */
  static final String PREFIX = "e2e-row";

  private static final int FIELDS = 18;

  Target target() {
    return Target.of(shape, readers);
  }

  boolean meetsTarget() {
    return target().metBy(throughput.median(), cpu.median());
  }

  String toLine() {
    return String.join(
        "\t",
        PREFIX,
        Integer.toString(bufferSize),
        shape.label(),
        Integer.toString(readers),
        mode,
        Integer.toString(rounds),
        num(throughput.median()),
        num(throughput.min()),
        num(throughput.max()),
        num(cpu.median()),
        num(cpu.min()),
        num(cpu.max()),
        num(stockMibPerSec),
        num(stockCpuSecPerGib),
        num(stockTransferPacketsPerGib),
        num(cacheTransferPacketsPerGib),
        Integer.toString(worstRoute),
        Integer.toString(roundsAfterSlowRead));
  }

  /** The route column: the worst route, and on route 2 how many rounds ran on it. */
  String formatRoute() {
    return roundsAfterSlowRead == 0
        ? Integer.toString(worstRoute)
        : String.format("**2 in %d of %d rounds**", roundsAfterSlowRead, rounds);
  }

  /** The row {@link #toLine} wrote; a line that is not one is an error naming it. */
  static Row parse(String line) {
    String[] f = line.split("\t", -1);
    if (f.length != FIELDS || !f[0].equals(PREFIX)) {
      throw new IllegalArgumentException(
          "not a bench e2e row (" + FIELDS + " tab-separated fields): " + line);
    }
    try {
      return new Row(
          Integer.parseInt(f[1]),
          Shape.parse(f[2]),
          Integer.parseInt(f[3]),
          f[4],
          Integer.parseInt(f[5]),
          new Spread(d(f[6]), d(f[7]), d(f[8])),
          new Spread(d(f[9]), d(f[10]), d(f[11])),
          d(f[12]),
          d(f[13]),
          d(f[14]),
          d(f[15]),
          Integer.parseInt(f[16]),
          Integer.parseInt(f[17]));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad number in bench e2e row: " + line, e);
    }
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }

  private static double d(String s) {
    return Double.parseDouble(s);
  }
}
