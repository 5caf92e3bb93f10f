package io.hdfslocalcache.bench;

import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;
import org.openjdk.jol.info.GraphLayout;

/**
 * Heap bytes per tracked key: replays a Zipf(1.1) stream over 1M block ids at 100k reads a minute
 * for 90 minutes (so the 60-minute window is full and has rolled), then measures the limiter's
 * whole object graph with JOL and divides by the keys it tracks.
 */
public final class RateLimitHeap {
  private RateLimitHeap() {}

  public static void main(String[] args) {
    int reads = 9_000_000;
    long[] keys = ZipfKeys.stream(1_000_000, 1.1, 1 << 23, 42);
    long[] now = {0};
    BucketTimeRateLimit l =
        new BucketTimeRateLimit(RateLimitConfig.defaults(), CacheClock.ofEventTime(() -> now[0]));
    for (long i = 0; i < reads; i++) {
      now[0] = i * 3 / 5;
      l.recordAndCheck(keys[(int) (i & ((1 << 23) - 1))]);
    }
    long bytes = GraphLayout.parseInstance(l).totalSize();
    long tracked = l.stats().trackedKeys();
    System.out.printf(
        "reads=%d trackedKeys=%d heapBytes=%d bytesPerTrackedKey=%.1f%n",
        reads, tracked, bytes, (double) bytes / tracked);
  }
}
