package io.hdfslocalcache.demo;

/** Nearest-rank percentiles of sorted nanosecond latencies, in milliseconds. */
final class Percentiles {
  private Percentiles() {}

  static double ms(long[] sortedNanos, double q) {
    if (sortedNanos.length == 0) {
      return 0;
    }
    int i = (int) Math.ceil(q * sortedNanos.length) - 1;
    return sortedNanos[Math.max(0, Math.min(sortedNanos.length - 1, i))] / 1e6;
  }
}
