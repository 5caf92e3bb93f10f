package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.simulator.trace.BlockSample;
import java.util.Arrays;

/**
 * A block sample's replay at scale (SHARDS): the sampled trace carries {@code rate} of the blocks
 * and so about {@code rate} of the load, so it runs against {@code rate} of the cache (and so of
 * the write budget, which the guard sizes by the capacity), and its counts, bytes, disk-head
 * seconds and utilisations are scaled back by {@code 1 / rate}. Ratios stay as they are, as do the
 * guard's transitions and paused time (one cache's, not a share of the load), the line counts (of
 * the full parse) and the wall times.
 *
 * <p>Not scaled: a policy's own sizes ({@code maxKeys}, a limiter cap: the sample keeps fewer keys
 * under it) and the page size (so a sampled cache holds {@code rate} of the pages, and a fill of
 * more than half of it, {@code --fill block}'s whole blocks in a small sample, is refused).
 */
public record SampleScale(BlockSample sample) {
  /**
   * The smallest sampled cache, in pages: fewer and the LRU order is too coarse to stand for it.
   */
  public static final int MIN_PAGES = 64;

  /** The configuration the sampled trace runs with: {@code rate} of the cache. */
  public RunConfig scaled(RunConfig c) {
    if (sample.rate() >= 1) {
      return c;
    }
    long size = Math.round(c.cacheSizeBytes() * sample.rate());
    if (size < MIN_PAGES * c.pageSizeBytes()) {
      throw new IllegalArgumentException(
          "--sample-blocks "
              + sample.rate()
              + " leaves "
              + size
              + " bytes of the "
              + c.cacheSizeBytes()
              + "-byte cache, under "
              + MIN_PAGES
              + " pages of "
              + c.pageSizeBytes()
              + ": sample more blocks or simulate a larger cache");
    }
    return new RunConfig(
        c.policy(), size, c.fill(), c.pageSizeBytes(), c.disks(), c.guard(), c.oracle());
  }

  /** A sampled run's outcome at full scale, under its unscaled configuration {@code original}. */
  public RunOutcome unscaled(RunOutcome o, RunConfig original) {
    if (sample.rate() >= 1) {
      return o;
    }
    RunResult r = o.result();
    UtilizationSeries s = o.series();
    return new RunOutcome(
        original,
        new RunResult(
            r.policy(),
            r.fill(),
            r.guard(),
            original.cacheSizeBytes(),
            r.pageSizeBytes(),
            up(r.reads()),
            up(r.readBytes()),
            up(r.hits()),
            up(r.partialHits()),
            up(r.hitBytes()),
            r.hitRatio(),
            r.byteHitRatio(),
            up(r.ssdBytesWritten()),
            up(r.hddBytesRead()),
            up(r.fillBytesRead()),
            up(r.admissions()),
            up(r.pageFills()),
            up(r.fillsTooLarge()),
            up(r.fillsDeniedCost()),
            up(r.fillsDeniedWriteBudget()),
            r.guardTransitions(),
            r.guardPausedSeconds(),
            up(r.evictions()),
            up(r.invalidations()),
            up(r.deletions()),
            r.malformedLines(),
            r.skippedLines(),
            up(r.diskHeadSecondsWithCache()),
            up(r.diskHeadSecondsWithoutCache()),
            up(r.meanDiskUtilizationWithCache()),
            up(r.meanDiskUtilizationWithoutCache()),
            up(r.peakDiskUtilizationWithCache()),
            up(r.peakDiskUtilizationWithoutCache()),
            r.parseSeconds(),
            r.elapsedSeconds(),
            r.eventsPerSecond()),
        new UtilizationSeries(s.firstMinute(), up(s.withCache()), up(s.withoutCache())));
  }

  /** A sampled fleet's replica figures at full scale; {@code original}: the unscaled config. */
  public ReplicaResult unscaled(ReplicaResult r, RunConfig original) {
    if (sample.rate() >= 1) {
      return r;
    }
    return new ReplicaResult(
        r.dataNodes(),
        up(r.duplicatedBytesMean()),
        up(r.duplicatedBytesPeak()),
        up(r.duplicatedBytesEnd()),
        original.cacheSizeBytes() * r.dataNodes(),
        up(r.pooledHitBytes()),
        r.pooledByteHitRatio(),
        up(r.pooledDiskHeadSecondsWithCache()),
        up(r.pooledDiskHeadSecondsWithoutCache()));
  }

  private long up(long v) {
    return Math.round(v / sample.rate());
  }

  private double up(double v) {
    return v / sample.rate();
  }

  private double[] up(double[] v) {
    return Arrays.stream(v).map(this::up).toArray();
  }
}
