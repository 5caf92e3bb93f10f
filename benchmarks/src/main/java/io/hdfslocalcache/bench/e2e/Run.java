package io.hdfslocalcache.bench.e2e;

import io.hdfslocalcache.metrics.ReadRoute;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The bench in one JVM, at the io.file.buffer.size this JVM's BlockSender read: the sides started
 * and filled, then for each row paired rounds, every side once per round, the order rotated each
 * round so the machine's drift and any order effect hit every side alike. CPU is the whole
 * process's (the client's too), less what it uses idle (measured before each row): the same work on
 * both sides of a ratio apart from the DataNode's read path.
 */
final class Run {
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final Settings settings;
  private final PrintStream log;

  /** The run's busy threads, whose CPU no round is charged with; none until the sides are up. */
  private BusyThreads busy;

  Run(Settings settings, PrintStream log) {
    this.settings = settings;
    this.log = log;
  }

  List<Row> run() throws Exception {
    int bufferSize = BlockSenderBuffer.size();
    Path dir = Files.createTempDirectory("bench-e2e");
    List<Side> sides = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(settings.maxReaders());
    BusyThreads busy = null;
    try {
      sides.add(
          Side.start(
              Side.Kind.STOCK, dir.resolve("stock"), settings.fileBytes(), settings.verify()));
      for (Side.Kind k : settings.modes()) {
        sides.add(Side.start(k, dir.resolve(k.label()), settings.fileBytes(), settings.verify()));
      }
      long expected = Side.expectedCrc(settings.fileBytes());
      for (Side s : sides) {
        Warmup.cache(s, expected, log);
      }
      busy = new BusyThreads(settings.busyThreads());
      this.busy = busy;
      List<Row> rows = new ArrayList<>();
      for (Shape shape : settings.shapes()) {
        for (int readers : settings.readers()) {
          Workload w = new Workload(shape, readers, settings.preads());
          rows.addAll(rows(pool, sides, w, bufferSize));
        }
      }
      return rows;
    } finally {
      if (busy != null) {
        busy.close();
      }
      pool.shutdownNow();
      for (Side s : sides) {
        s.close();
      }
      Warmup.delete(dir);
    }
  }

  private List<Row> rows(ExecutorService pool, List<Side> sides, Workload w, int bufferSize)
      throws Exception {
    int n = settings.rounds();
    for (Side s : sides) {
      sample(pool, s, w, -1, 0); // warm-up round, not counted
    }
    double idle = idleCpuPerNano();
    log.printf(
        "bench e2e: buffer %d, %s, %d reader(s): the idle process uses %.3f cores (subtracted)%n",
        bufferSize, w.shape().label(), w.readers(), idle);
    // samples[side][round]
    Sample[][] samples = new Sample[sides.size()][n];
    for (int r = 0; r < n; r++) {
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < sides.size(); i++) {
        order.add(i);
      }
      Collections.rotate(order, r);
      for (int i : order) {
        samples[i][r] = sample(pool, sides.get(i), w, r, idle);
      }
      log.printf(
          "bench e2e: buffer %d, %s, %d reader(s), round %d of %d: %s%n",
          bufferSize, w.shape().label(), w.readers(), r + 1, n, describe(samples, r, sides));
    }
    List<Row> rows = new ArrayList<>();
    for (int i = 1; i < sides.size(); i++) {
      rows.add(Rows.of(bufferSize, w, sides.get(i).kind, samples[0], samples[i]));
    }
    return rows;
  }

  private static String describe(Sample[][] samples, int r, List<Side> sides) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < sides.size(); i++) {
      Sample s = samples[i][r];
      b.append(
          String.format(
              "%s %.0f MiB/s %.2f CPU s/GiB route %d; ",
              s.kind().label(),
              s.bytesPerSec() / (1 << 20),
              s.cpuNanosPerGib() / 1e9,
              s.route().code));
    }
    return b.toString();
  }

  /**
   * CPU the process uses with no reads (every side's NameNode and DataNode heartbeats, metrics,
   * GC), per nanosecond: it accrues with time, not bytes, so it would charge a slower side more per
   * GiB; each round's CPU is net of it.
   */
  private double idleCpuPerNano() throws InterruptedException {
    long cpu = readCpu();
    long start = System.nanoTime();
    Thread.sleep(IDLE_SAMPLE_MILLIS);
    return (double) (readCpu() - cpu) / (System.nanoTime() - start);
  }

  /** The process's CPU time less the busy threads'. */
  private long readCpu() {
    return OS.getProcessCpuTime() - (busy == null ? 0 : busy.cpuNanos());
  }

  private static final long IDLE_SAMPLE_MILLIS = 3_000;

  private static ReadRoute slower(ReadRoute a, ReadRoute b) {
    return a.code >= b.code ? a : b;
  }

  private Sample sample(
      ExecutorService pool, Side side, Workload w, int round, double idleCpuPerNano)
      throws Exception {
    Counters before = side.counters();
    ReadRoute routeBefore = side.readRoute();
    long cpu = readCpu();
    long start = System.nanoTime();
    long bytes = w.run(pool, side, round);
    long wall = System.nanoTime() - start;
    long cpuUsed = readCpu() - cpu - (long) (idleCpuPerNano * wall);
    ReadRoute route = slower(routeBefore, side.readRoute());
    Sample s = new Sample(side.kind, bytes, wall, cpuUsed, side.counters().since(before), route);
    try {
      s.check(round);
    } catch (IllegalStateException e) {
      throw new IllegalStateException(e.getMessage() + "; " + side.describeReads(), e);
    }
    return s;
  }
}
