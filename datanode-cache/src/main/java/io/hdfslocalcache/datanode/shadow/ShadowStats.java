package io.hdfslocalcache.datanode.shadow;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.CandidateNames;
import io.hdfslocalcache.metrics.ShadowMetrics;
import io.hdfslocalcache.model.ModelTotals;
import java.util.function.Function;

/**
 * Metrics of the shadow models; named, each with its description, in {@link ShadowMetrics}. The
 * feed's are DataNode-wide; a candidate's are {@code shadow.candidate.<name>.<metric>} in the
 * registry and {@code <metric>} in its own record, tagged with the candidate ({@link
 * CandidateNames}). Every figure is the model's own total since the DataNode started ({@link
 * ModelTotals}), as published by the feed.
 */
public final class ShadowStats {
  private ShadowStats() {}

  static void register(MetricRegistry registry, ShadowFeed feed) {
    registry.register(ShadowMetrics.FEED_QUEUE_DEPTH, (Gauge<Integer>) feed::queueDepth);
    boolean calibrate = feed.calibration() == Calibration.AGAINST_CACHE;
    if (calibrate) {
      registry.register(
          ShadowMetrics.REAL_HIT_RATIO, (Gauge<Double>) () -> feed.realTotals().hitRatio());
      registry.register(
          ShadowMetrics.REAL_BYTE_HIT_RATIO,
          (Gauge<Double>) () -> feed.realTotals().byteHitRatio());
    }
    for (ShadowCandidate c : feed.candidates()) {
      String n = c.name();
      figure(registry, n, ShadowMetrics.READS, c, t -> t.reads);
      figure(registry, n, ShadowMetrics.HITS, c, t -> t.hits);
      figure(registry, n, ShadowMetrics.PARTIAL_HITS, c, t -> t.partialHits);
      figure(registry, n, ShadowMetrics.READ_BYTES, c, t -> t.readBytes);
      figure(registry, n, ShadowMetrics.HIT_BYTES, c, t -> t.hitBytes);
      figure(registry, n, ShadowMetrics.SSD_BYTES_WRITTEN, c, t -> t.ssdBytesWritten);
      figure(registry, n, ShadowMetrics.ADMISSIONS, c, t -> t.admissions);
      figure(registry, n, ShadowMetrics.EVICTIONS, c, t -> t.evictions);
      figure(registry, n, ShadowMetrics.FILLS_DENIED_GUARD, c, t -> t.fillsDeniedByGuard);
      figure(registry, n, ShadowMetrics.HDD_WITH_CACHE_MICROS, c, t -> t.hddMicrosWithCache);
      figure(registry, n, ShadowMetrics.HDD_WITHOUT_CACHE_MICROS, c, t -> t.hddMicrosWithoutCache);
      figure(registry, n, ShadowMetrics.TRACKED_BLOCKS, c, t -> t.trackedBlocks);
      figure(registry, n, ShadowMetrics.LIMITER_KEYS, c, t -> t.limiterKeys);
      figure(registry, n, ShadowMetrics.DELETIONS, c, t -> t.deletions);
      figure(registry, n, ShadowMetrics.INVALIDATIONS, c, t -> t.invalidations);
      figure(
          registry,
          n,
          ShadowMetrics.HDD_SAVED_MICROS,
          c,
          t -> t.hddMicrosWithoutCache - t.hddMicrosWithCache);
      ratio(registry, n, ShadowMetrics.HIT_RATIO, c, ModelTotals::hitRatio);
      ratio(registry, n, ShadowMetrics.BYTE_HIT_RATIO, c, ModelTotals::byteHitRatio);
      ratio(registry, n, ShadowMetrics.HDD_SAVED_RATIO, c, ModelTotals::hddTimeSavedFraction);
      if (calibrate) {
        ratio(
            registry,
            n,
            ShadowMetrics.CALIBRATION_HIT_RATIO_DELTA,
            c,
            t -> t.hitRatio() - feed.realTotals().hitRatio());
        ratio(
            registry,
            n,
            ShadowMetrics.CALIBRATION_BYTE_HIT_RATIO_DELTA,
            c,
            t -> t.byteHitRatio() - feed.realTotals().byteHitRatio());
      }
    }
  }

  /** A figure of the candidate's totals: exported as a counter when its constant says total. */
  private static void figure(
      MetricRegistry r,
      String candidate,
      String name,
      ShadowCandidate c,
      Function<ModelTotals, Long> figure) {
    r.register(CandidateNames.of(candidate, name), (Gauge<Long>) () -> figure.apply(c.totals()));
  }

  private static void ratio(
      MetricRegistry r,
      String candidate,
      String name,
      ShadowCandidate c,
      Function<ModelTotals, Double> figure) {
    r.register(CandidateNames.of(candidate, name), (Gauge<Double>) () -> figure.apply(c.totals()));
  }
}
