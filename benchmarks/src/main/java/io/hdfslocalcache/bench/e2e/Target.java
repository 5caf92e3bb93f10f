package io.hdfslocalcache.bench.e2e;

/**
 * What a cache hit must cost against stock HDFS (issue 22): one stream is allowed more, since a
 * lone stream leaves a core idle for the cache's own work; preads and 2 readers, where the machine
 * is busy, are held close to stock.
 */
enum Target {
  SINGLE_STREAM(0.85, 1.3),
  BUSY(0.95, 1.15);

  /** The least cache/stock throughput ratio. */
  final double minThroughput;

  /** The most cache/stock CPU-per-GiB ratio. */
  final double maxCpu;

  Target(double minThroughput, double maxCpu) {
    this.minThroughput = minThroughput;
    this.maxCpu = maxCpu;
  }

  static Target of(Shape shape, int readers) {
    return shape == Shape.STREAM && readers == 1 ? SINGLE_STREAM : BUSY;
  }

  /** Whether medians {@code throughput} and {@code cpu} meet this target. */
  boolean metBy(double throughput, double cpu) {
    return throughput >= minThroughput && cpu <= maxCpu;
  }

  String format() {
    return String.format(">= %.2fx, <= %.2fx", minThroughput, maxCpu);
  }
}
