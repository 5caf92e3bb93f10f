package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.model.Replayer;
import io.hdfslocalcache.simulator.model.RunConfig;
import io.hdfslocalcache.simulator.model.SweepRunner;
import io.hdfslocalcache.simulator.trace.Strictness;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import io.hdfslocalcache.simulator.trace.TraceParser;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code simulate --bench N}: the figures of docs/benchmarks.md "Simulator", all measured in one
 * run on one synthetic trace: single-run lines/s (parse + replay on one thread), heap holding the
 * parsed trace, and a 20-configuration sweep over one parse against 20 separate parse + replay
 * runs.
 */
final class SimulatorBench {
  private static final int[] THRESHOLDS = {1, 2, 4, 8, 15};
  private static final int[] BUCKETS = {10, 60};

  private final TraceOptions options;
  private final long lines;
  private final long cacheSize;

  SimulatorBench(TraceOptions options, long lines, Long cacheSize) {
    this.options = options;
    this.lines = lines;
    this.cacheSize = cacheSize == null ? 4L << 40 : cacheSize;
  }

  int run(PrintStream out) throws Exception {
    Path given = options.benchFile();
    Path file = given != null ? given : Files.createTempFile("synthetic-clienttrace", ".log");
    try {
      if (given == null || !Files.exists(file)) {
        long t0 = System.nanoTime();
        SyntheticTrace.write(file, lines);
        out.printf(
            Locale.ROOT,
            "generated %,d lines (%,d MiB) in %.1f s: %s%n",
            lines,
            Files.size(file) >> 20,
            secondsSince(t0),
            file);
      }
      measure(file, out);
    } finally {
      if (given == null) {
        Files.deleteIfExists(file);
      }
    }
    return 0;
  }

  private void measure(Path file, PrintStream out) throws Exception {
    List<RunConfig> sweep = sweepConfigs();
    RunConfig single = sweep.get(sweep.size() - 1); // threshold 15, 60 buckets, full size

    // Warm-up so the single-run figure is not mostly JIT compilation.
    long t0 = System.nanoTime();
    Trace trace = parse(file);
    double parseSeconds = secondsSince(t0);
    long t1 = System.nanoTime();
    new Replayer(trace, single, new LongAdder()).run();
    double replaySeconds = secondsSince(t1);
    long fileLines = trace.stats().lines();
    long reads = trace.stats().reads();

    System.gc();
    long liveHeap = usedHeap();
    out.printf(
        Locale.ROOT,
        "trace: %,d lines, %,d events, %,d reads, %,d blocks, %,d versions%n",
        fileLines,
        trace.events().size(),
        reads,
        trace.blockCount(),
        trace.versionCount());
    out.printf(
        Locale.ROOT,
        "first run (cold JIT): parse %.2f s, replay %.2f s%n",
        parseSeconds,
        replaySeconds);
    out.printf(
        Locale.ROOT,
        "heap: %,d MiB live after parse (parsed trace held), max heap %,d MiB%n",
        liveHeap >> 20,
        Runtime.getRuntime().maxMemory() >> 20);
    trace = null;

    long t2 = System.nanoTime();
    Trace again = parse(file);
    double parse2 = secondsSince(t2);
    long t3 = System.nanoTime();
    new Replayer(again, single, new LongAdder()).run();
    double replay2 = secondsSince(t3);
    double singleSeconds = parse2 + replay2;
    out.printf(
        Locale.ROOT,
        "single run, 1 thread: parse %.2f s + replay %.2f s = %.2f s: "
            + "%,.0f lines/s (parse alone %,.0f lines/s, replay alone %,.0f events/s)%n",
        parse2,
        replay2,
        singleSeconds,
        fileLines / singleSeconds,
        fileLines / parse2,
        again.events().size() / replay2);
    again = null;

    long t4 = System.nanoTime();
    Trace shared = parse(file);
    SweepRunner.run(shared, sweep, options.threads, new LongAdder());
    double sweepSeconds = secondsSince(t4);
    shared = null;
    out.printf(
        Locale.ROOT,
        "sweep of %d configurations over one parse, %d threads: %.2f s%n",
        sweep.size(),
        options.threads,
        sweepSeconds);

    long t5 = System.nanoTime();
    for (RunConfig c : sweep) {
      Trace own = parse(file);
      new Replayer(own, c, new LongAdder()).run();
    }
    double separateSeconds = secondsSince(t5);
    out.printf(
        Locale.ROOT,
        "%d separate runs (parse + replay each, one after another): %.2f s%n",
        sweep.size(),
        separateSeconds);
    out.printf(Locale.ROOT, "sweep speed-up: %.1fx%n", separateSeconds / sweepSeconds);
    out.printf(
        Locale.ROOT,
        "peak heap (sum of heap pool peaks over the whole bench): %,d MiB%n",
        peakHeap() >> 20);
  }

  private List<RunConfig> sweepConfigs() {
    List<RunConfig> configs = new ArrayList<>();
    for (long size : new long[] {cacheSize / 2, cacheSize}) {
      for (int n : BUCKETS) {
        for (int x : THRESHOLDS) {
          configs.add(
              new RunConfig(
                  PolicySpec.parse("bucket-time:threshold=" + x + ",buckets=" + n + ",bucket=1m"),
                  size,
                  FillMode.BLOCK,
                  options.pageSize,
                  options.disks));
        }
      }
    }
    return configs;
  }

  private static Trace parse(Path file) throws Exception {
    return new TraceParser(Optional.of(TraceFormat.CLIENTTRACE), Strictness.LENIENT).parse(file);
  }

  private static double secondsSince(long nanos) {
    return (System.nanoTime() - nanos) / 1e9;
  }

  private static long usedHeap() {
    Runtime rt = Runtime.getRuntime();
    return rt.totalMemory() - rt.freeMemory();
  }

  private static long peakHeap() {
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }
}
