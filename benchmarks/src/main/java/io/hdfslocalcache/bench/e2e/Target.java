package io.hdfslocalcache.bench.e2e;

/**
 * What a cache hit must cost against stock HDFS: close to stock at every reader count and shape (a
 * busy DataNode leaves no idle core for the cache's own work, not even under one stream).
 */
enum Target {
  BUSY(0.95, 1.15);

  /** The least cache/stock throughput ratio. */
  final double minThroughput;

  /** The most cache/stock CPU-per-GiB ratio. */
  final double maxCpu;

  Target(double minThroughput, double maxCpu) {
    this.minThroughput = minThroughput;
    this.maxCpu = maxCpu;
  }

  /** Every row is held to {@link #BUSY}: a DataNode's cores are rarely idle for the cache. */
  static Target of(Shape shape, int readers) {
    return BUSY;
  }

  /** Whether medians {@code throughput} and {@code cpu} meet this target. */
  boolean metBy(double throughput, double cpu) {
    return throughput >= minThroughput && cpu <= maxCpu;
  }

  String format() {
    return String.format(">= %.2fx, <= %.2fx", minThroughput, maxCpu);
  }
}
