package io.hdfslocalcache.demo;

/** The cache-off and cache-on runs of the same workload, and what the cache changed. */
record Comparison(MeasuredRun off, MeasuredRun on) {

  /** Share of client bytes the cache served in the cache-on run. */
  double cacheByteShare() {
    return on.cacheByteShare();
  }

  /** 1 - mean queue on / mean queue off: 0.86 means 86% fewer blocked processes. */
  double meanQueueReduction() {
    return reduction(off.meanQueue(), on.meanQueue());
  }

  double peakQueueReduction() {
    return reduction(off.peakQueue(), on.peakQueue());
  }

  double throughputRatio() {
    return ratio(on.throughputMBps(), off.throughputMBps());
  }

  double readsPerSecRatio() {
    return ratio(on.readsPerSec(), off.readsPerSec());
  }

  double p50Ratio() {
    return ratio(on.p50Ms(), off.p50Ms());
  }

  double p99Ratio() {
    return ratio(on.p99Ms(), off.p99Ms());
  }

  private static double reduction(double before, double after) {
    return before == 0 ? 0 : 1 - after / before;
  }

  private static double ratio(double a, double b) {
    return b == 0 ? 0 : a / b;
  }
}
