package io.hdfslocalcache.simulator.workload;

/**
 * An interactive-query DataNode (the paper's Uber hosts, Presto ~90% of the traffic): Zipf(1.1)
 * over 40,000 blocks whose ranks drift 5% an hour, a 120-block partition every hour that takes a
 * quarter of the reads and cools with a 2-hour half-life; 52% of reads under 10 KiB, 91% under 1
 * MiB, 7% whole-block scans. About 1,250 reads per write, inside Table 1's 318-4,091.
 */
final class InteractiveDay {
  private InteractiveDay() {}

  static DayParams params() {
    return new DayParams(
        40_000, 3_000_000, 1.1, 0.05, 120, 0.25, 2, 24, 60, 0.52, 0.39, 0.07, 128L << 20);
  }
}
