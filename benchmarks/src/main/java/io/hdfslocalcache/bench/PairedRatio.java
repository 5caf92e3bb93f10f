package io.hdfslocalcache.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A/B measurement for a noisy shared machine: the candidate and its baseline run in alternating
 * rounds in one JVM (order flipped every round), so drift in the machine's speed hits both alike,
 * and the verdict is the median of the per-round ratios with its interquartile range. JMH runs the
 * two in separate forks minutes apart, where that drift alone was wider than the targets.
 *
 * <p>Besides wall time, each round's CPU time of the whole process (every thread: readers, I/O
 * pools, GC, JIT; summed per thread, since the process total ticks in 10 ms steps) gives a CPU
 * ratio: the cost per op, which other processes on the machine do not change the way they change
 * wall time (with more runnable threads, a candidate gets a larger share of a contended machine and
 * looks faster than it is).
 */
final class PairedRatio {
  /** One operation; returns something the JIT must not discard. */
  interface Op {
    long run() throws Exception;
  }

  /**
   * {@code ratio} = baseline time / candidate time (1.0: as fast as the baseline, 0.8: 80% of its
   * speed), the median over rounds; {@code ciLow}-{@code ciHigh} is a distribution-free 95%
   * confidence interval of that median (order statistics), {@code q1}-{@code q3} and {@code
   * min}-{@code max} the spread of single rounds.
   */
  record Result(
      double baselineMs,
      double candidateMs,
      double ratio,
      double ciLow,
      double ciHigh,
      double q1,
      double q3,
      double min,
      double max,
      double baselineCpuMs,
      double candidateCpuMs,
      double cpuRatio,
      double cpuMin,
      double cpuMax,
      int rounds) {
    String format(String unit) {
      return String.format(
          "baseline %.3f %s, candidate %.3f %s per op; speed ratio %.3fx "
              + "(95%% CI %.3f-%.3f; rounds IQR %.3f-%.3f, min-max %.3f-%.3f; %d paired rounds);"
              + " CPU ratio %.3fx (min-max %.3f-%.3f)",
          baselineMs,
          unit,
          candidateMs,
          unit,
          ratio,
          ciLow,
          ciHigh,
          q1,
          q3,
          min,
          max,
          rounds,
          cpuRatio,
          cpuMin,
          cpuMax);
    }
  }

  private final int threads;
  private final int opsPerRound;

  /** The ops' results go here, so the JIT cannot drop the work. */
  private volatile long sink;

  PairedRatio(int threads, int opsPerRound) {
    this.threads = threads;
    this.opsPerRound = opsPerRound;
  }

  /** Warms both up for {@code warmupRounds}, then measures {@code rounds} pairs. */
  Result measure(Op baseline, Op candidate, int warmupRounds, int rounds) throws Exception {
    ExecutorService pool = pool();
    try {
      for (int i = 0; i < warmupRounds; i++) {
        round(pool, baseline);
        round(pool, candidate);
      }
      Rounds r = new Rounds(rounds);
      for (int i = 0; i < rounds; i++) {
        r.measure(pool, i, baseline, candidate, i % 2 == 0);
      }
      return r.result();
    } finally {
      pool.shutdownNow();
    }
  }

  /** A candidate and its baseline, one row of an interleaved measurement. */
  record Pair(Op baseline, Op candidate) {}

  /**
   * Like {@link #measure} for several rows at once, interleaved: every round (warm-up rounds too)
   * runs every row, which row goes first rotating, and within a row which of the two goes first
   * alternating. So no row is measured on a JIT state that only the rows before it shaped (the
   * compiler inlines a shared callee into whichever caller it compiles first), and drift in the
   * machine's speed hits every row alike.
   */
  List<Result> measureInterleaved(List<Pair> rows, int warmupRounds, int rounds) throws Exception {
    ExecutorService pool = pool();
    try {
      int n = rows.size();
      for (int i = 0; i < warmupRounds; i++) {
        for (int k = 0; k < n; k++) {
          Pair row = rows.get((i + k) % n);
          boolean baselineFirst = (i + k) % 2 == 0;
          round(pool, baselineFirst ? row.baseline() : row.candidate());
          round(pool, baselineFirst ? row.candidate() : row.baseline());
        }
      }
      List<Rounds> measured = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        measured.add(new Rounds(rounds));
      }
      for (int i = 0; i < rounds; i++) {
        for (int k = 0; k < n; k++) {
          int row = (i + k) % n;
          measured
              .get(row)
              .measure(pool, i, rows.get(row).baseline(), rows.get(row).candidate(), i % 2 == 0);
        }
      }
      List<Result> results = new ArrayList<>();
      for (Rounds r : measured) {
        results.add(r.result());
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  private ExecutorService pool() {
    return Executors.newFixedThreadPool(
        threads,
        r -> {
          Thread t = new Thread(r, "paired-ratio");
          t.setDaemon(true);
          return t;
        });
  }

  /** The measured rounds of one pair, and their summary. */
  private final class Rounds {
    final double[] base;
    final double[] cand;
    final double[] baseCpu;
    final double[] candCpu;
    private final double[] cpu = new double[1];

    Rounds(int rounds) {
      base = new double[rounds];
      cand = new double[rounds];
      baseCpu = new double[rounds];
      candCpu = new double[rounds];
    }

    void measure(ExecutorService pool, int i, Op baseline, Op candidate, boolean baselineFirst)
        throws Exception {
      if (baselineFirst) {
        base[i] = round(pool, baseline, cpu);
        baseCpu[i] = cpu[0];
        cand[i] = round(pool, candidate, cpu);
        candCpu[i] = cpu[0];
      } else {
        cand[i] = round(pool, candidate, cpu);
        candCpu[i] = cpu[0];
        base[i] = round(pool, baseline, cpu);
        baseCpu[i] = cpu[0];
      }
    }

    Result result() {
      int rounds = base.length;
      double[] ratio = new double[rounds];
      double[] cpuRatio = new double[rounds];
      for (int i = 0; i < rounds; i++) {
        ratio[i] = base[i] / cand[i];
        cpuRatio[i] = baseCpu[i] / candCpu[i];
      }
      Arrays.sort(ratio);
      Arrays.sort(cpuRatio);
      // Ranks n/2 -+ 1.96 sqrt(n)/2 bound the median with ~95% confidence (binomial, no shape).
      int half = (int) Math.ceil(1.96 * Math.sqrt(rounds) / 2);
      int lo = Math.max(0, (rounds - 1) / 2 - half);
      int hi = Math.min(rounds - 1, rounds / 2 + half);
      return new Result(
          median(base) / 1e6,
          median(cand) / 1e6,
          quantile(ratio, 0.5),
          ratio[lo],
          ratio[hi],
          quantile(ratio, 0.25),
          quantile(ratio, 0.75),
          ratio[0],
          ratio[rounds - 1],
          median(baseCpu) / 1e6,
          median(candCpu) / 1e6,
          quantile(cpuRatio, 0.5),
          cpuRatio[0],
          cpuRatio[rounds - 1],
          rounds);
    }
  }

  private void round(ExecutorService pool, Op op) throws Exception {
    round(pool, op, new double[1]);
  }

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

  /**
   * CPU nanoseconds of every live thread of the process, by thread id. (The process total the OS
   * bean reports ticks in 10 ms steps here, too coarse for a round.)
   */
  private static java.util.Map<Long, Long> threadCpu() {
    long[] ids = THREADS.getAllThreadIds();
    long[] cpu = THREADS.getThreadCpuTime(ids);
    java.util.Map<Long, Long> m = new java.util.HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      if (cpu[i] > 0) {
        m.put(ids[i], cpu[i]);
      }
    }
    return m;
  }

  /** CPU used since {@code before} by threads alive now (one that ended meanwhile is lost). */
  private static long cpuSince(java.util.Map<Long, Long> before) {
    long sum = 0;
    for (java.util.Map.Entry<Long, Long> e : threadCpu().entrySet()) {
      sum += e.getValue() - before.getOrDefault(e.getKey(), 0L);
    }
    return sum;
  }

  /**
   * Nanoseconds per op of one round: {@code threads} threads, each doing opsPerRound ops; {@code
   * cpu[0]} is set to the process's CPU nanoseconds per op (all threads, divided by the ops of all
   * readers).
   */
  private double round(ExecutorService pool, Op op, double[] cpu) throws Exception {
    List<Callable<Long>> work = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      work.add(
          () -> {
            long s = 0;
            for (int i = 0; i < opsPerRound; i++) {
              s += op.run();
            }
            return s;
          });
    }
    java.util.Map<Long, Long> cpuStart = threadCpu();
    long start = System.nanoTime();
    for (Future<Long> f : pool.invokeAll(work)) {
      sink += f.get();
    }
    long wall = System.nanoTime() - start;
    cpu[0] = (double) cpuSince(cpuStart) / ((long) opsPerRound * threads);
    // Wall time per op of one thread: with T threads busy, this is what each stream sees.
    return (double) wall / opsPerRound;
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return quantile(s, 0.5);
  }

  /** Linear interpolation between closest ranks of an ascending array. */
  static double quantile(double[] sorted, double q) {
    double at = q * (sorted.length - 1);
    int lo = (int) Math.floor(at);
    int hi = Math.min(sorted.length - 1, lo + 1);
    return sorted[lo] + (at - lo) * (sorted[hi] - sorted[lo]);
  }
}
