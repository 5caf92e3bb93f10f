package io.hdfslocalcache.demo;

/** The figures of one measured run. */
record MeasuredRun(
    String name,
    double seconds,
    long reads,
    long bytesRead,
    long hddClientBytes,
    long fillBytes,
    double p50Ms,
    double p99Ms,
    double maxMs,
    Sampler.Series samples) {

  double throughputMBps() {
    return bytesRead / seconds / (1 << 20);
  }

  double readsPerSec() {
    return reads / seconds;
  }

  /** Client bytes the emulated HDDs did not serve, i.e. the cache did. */
  long cacheBytes() {
    return Math.max(0, bytesRead - hddClientBytes);
  }

  double cacheByteShare() {
    return bytesRead == 0 ? 0 : (double) cacheBytes() / bytesRead;
  }

  double meanQueue() {
    return samples.meanQueue();
  }

  int peakQueue() {
    return samples.peakQueue();
  }
}
