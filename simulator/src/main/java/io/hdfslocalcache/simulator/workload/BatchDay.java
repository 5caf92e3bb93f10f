package io.hdfslocalcache.simulator.workload;

/**
 * A batch-heavy DataNode: flatter popularity (Zipf 0.9 over 60,000 blocks) that drifts 10% an hour,
 * big hourly partitions (400 blocks, 40% of the reads, 1-hour half-life) written and appended to
 * much more (Table 1's host 4: 318 reads per write), and more scans (9%) beside the tiny reads.
 */
final class BatchDay {
  private BatchDay() {}

  static DayParams params() {
    return new DayParams(
        60_000, 3_000_000, 0.9, 0.10, 400, 0.40, 1, 24, 200, 0.51, 0.40, 0.09, 128L << 20);
  }
}
