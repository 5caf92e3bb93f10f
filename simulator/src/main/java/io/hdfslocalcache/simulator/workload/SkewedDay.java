package io.hdfslocalcache.simulator.workload;

/**
 * A strongly skewed DataNode: Zipf(1.39), the paper's Figure 2 high end, over 20,000 blocks that
 * drift only 2% an hour, so almost all traffic is on a top set that stays (Table 1's hosts 3 and 4:
 * 99% on the top 10,000 blocks); small partitions (60 blocks, 10% of the reads, 4-hour half-life);
 * 60% of reads under 10 KiB, 93% under 1 MiB, 5% scans.
 */
final class SkewedDay {
  private SkewedDay() {}

  static DayParams params() {
    return new DayParams(
        20_000, 3_000_000, 1.39, 0.02, 60, 0.10, 4, 24, 30, 0.60, 0.33, 0.05, 128L << 20);
  }
}
