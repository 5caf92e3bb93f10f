package io.hdfslocalcache.demo;

import java.io.PrintStream;

/** The side-by-side table printed at the end of the demo. */
final class SummaryTable {
  private SummaryTable() {}

  static void print(PrintStream out, Comparison c) {
    MeasuredRun off = c.off();
    MeasuredRun on = c.on();
    out.printf("%-32s %12s %12s %10s%n", "", "cache off", "cache on", "change");
    row(out, "throughput (MB/s)", off.throughputMBps(), on.throughputMBps(), "%.1f");
    row(out, "reads/s", off.readsPerSec(), on.readsPerSec(), "%.1f");
    row(out, "read latency p50 (ms)", off.p50Ms(), on.p50Ms(), "%.1f");
    row(out, "read latency p99 (ms)", off.p99Ms(), on.p99Ms(), "%.1f");
    row(out, "read latency max (ms)", off.maxMs(), on.maxMs(), "%.1f");
    row(out, "client bytes read (MB)", mb(off.bytesRead()), mb(on.bytesRead()), "%.0f");
    row(out, "  from HDD (MB)", mb(off.hddClientBytes()), mb(on.hddClientBytes()), "%.0f");
    row(out, "  from cache (MB)", mb(off.cacheBytes()), mb(on.cacheBytes()), "%.0f");
    out.printf(
        "%-32s %11.1f%% %11.1f%%%n",
        "  share from cache", 100 * off.cacheByteShare(), 100 * on.cacheByteShare());
    row(out, "HDD reads for cache fills (MB)", mb(off.fillBytes()), mb(on.fillBytes()), "%.0f");
    row(out, "HDD queue depth, mean", off.meanQueue(), on.meanQueue(), "%.2f");
    row(out, "HDD queue depth, peak", off.peakQueue(), on.peakQueue(), "%.0f");
    out.printf(
        "%nbytes from cache %.1f%%, mean HDD queue (blocked processes) %+.0f%%,"
            + " throughput x%.2f, p99 x%.2f%n",
        100 * c.cacheByteShare(), -100 * c.meanQueueReduction(), c.throughputRatio(), c.p99Ratio());
  }

  private static void row(PrintStream out, String name, double a, double b, String fmt) {
    String change = a == 0 ? "" : String.format("%+.0f%%", 100 * (b - a) / a);
    out.println(
        String.format(
                "%-32s %12s %12s %10s", name, String.format(fmt, a), String.format(fmt, b), change)
            .stripTrailing());
  }

  private static double mb(long bytes) {
    return bytes / (double) (1 << 20);
  }
}
