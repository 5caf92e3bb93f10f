package io.hdfslocalcache.demo;

import io.hdfslocalcache.demo.hdd.HddEmulator;
import java.util.ArrayList;
import java.util.List;

/**
 * Samples a run every interval: emulated HDD queue depth (the "blocked processes") and how many
 * client bytes came from the cache (client bytes read minus client bytes the HDDs served), and
 * keeps the live progress line on stderr.
 */
final class Sampler {
  /** One run's samples. */
  record Series(
      double intervalSeconds,
      List<Integer> queueDepth,
      List<Double> cacheMBps,
      List<Double> hddMBps) {

    double meanQueue() {
      return queueDepth.stream().mapToInt(Integer::intValue).average().orElse(0);
    }

    int peakQueue() {
      return queueDepth.stream().mapToInt(Integer::intValue).max().orElse(0);
    }
  }

  private final HddEmulator hdd;
  private final long intervalMillis;
  private final Progress progress;

  interface Progress {
    void update(String run, double elapsed, double total, long reads, long bytes, int queue);
  }

  Sampler(HddEmulator hdd, long intervalMillis, Progress progress) {
    this.hdd = hdd;
    this.intervalMillis = intervalMillis;
    this.progress = progress;
  }

  /** HDD byte counters now; a run takes one before its readers start and one after they end. */
  long[] hddBytes() {
    return new long[] {hdd.clientBytes(), hdd.fillBytes()};
  }

  Series sample(String name, Workload.Counters c, long startNanos, long deadlineNanos)
      throws InterruptedException {
    long hdd0 = hdd.clientBytes();
    List<Integer> queue = new ArrayList<>();
    List<Double> cache = new ArrayList<>();
    List<Double> fromHdd = new ArrayList<>();
    double perSecond = 1000.0 / intervalMillis / (1 << 20);
    long lastBytes = 0;
    long lastHdd = hdd0;
    while (System.nanoTime() < deadlineNanos) {
      Thread.sleep(intervalMillis);
      int q = hdd.queueDepth();
      long b = c.bytes.get();
      long h = hdd.clientBytes();
      queue.add(q);
      // Both counters grow as bytes stream, but not in lockstep: clamp the skew.
      cache.add(Math.max(0, (b - lastBytes) - (h - lastHdd)) * perSecond);
      fromHdd.add((h - lastHdd) * perSecond);
      lastBytes = b;
      lastHdd = h;
      progress.update(
          name,
          (System.nanoTime() - startNanos) / 1e9,
          (deadlineNanos - startNanos) / 1e9,
          c.reads.get(),
          b,
          q);
    }
    return new Series(intervalMillis / 1000.0, queue, cache, fromHdd);
  }
}
