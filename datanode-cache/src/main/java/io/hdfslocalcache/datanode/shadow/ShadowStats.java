package io.hdfslocalcache.datanode.shadow;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.metrics.CandidateNames;
import io.hdfslocalcache.datanode.metrics.Describe;
import io.hdfslocalcache.model.ModelTotals;
import java.util.function.Function;

/**
 * Metrics of the shadow models; each named and documented here once. The feed's are DataNode-wide;
 * a candidate's are {@code shadow.candidate.<name>.<metric>} in the registry and {@code <metric>}
 * in its own record, tagged with the candidate ({@link CandidateNames}). Every figure is the
 * model's own total since the DataNode started ({@link ModelTotals}), as published by the feed.
 */
public final class ShadowStats {
  @Describe("Client reads and block removals applied to the shadow models, since start.")
  public static final String FEED_EVENTS = "shadow.feed.events";

  @Describe("Events dropped because the shadow feed's queue was full (the models missed them).")
  public static final String FEED_DROPPED = "shadow.feed.dropped";

  @Describe("Events waiting for the shadow feed thread now.")
  public static final String FEED_QUEUE_DEPTH = "shadow.feed.queue.depth";

  @Describe("Events a shadow model failed on (each candidate's first failure logged at WARN).")
  public static final String FEED_ERRORS = "shadow.feed.errors";

  @Describe(
      "Share of the reads fed to the shadow models that the real cache served wholly from SSD.")
  public static final String REAL_HIT_RATIO = "shadow.real.hit.ratio";

  @Describe("Share of the bytes of the reads fed to the shadow models that the real cache served.")
  public static final String REAL_BYTE_HIT_RATIO = "shadow.real.byte.hit.ratio";

  @Describe(value = "Client reads of finalized blocks the candidate's model saw.", total = true)
  public static final String READS = "reads";

  @Describe(value = "Reads the model's SSD would have served wholly.", total = true)
  public static final String HITS = "hits";

  @Describe(value = "Reads the model's SSD would have served in part.", total = true)
  public static final String PARTIAL_HITS = "partial.hits";

  @Describe(value = "Bytes of the reads the model saw.", total = true)
  public static final String READ_BYTES = "read.bytes";

  @Describe(value = "Bytes the model's SSD would have served.", total = true)
  public static final String HIT_BYTES = "hit.bytes";

  @Describe("Model hits / reads since start; 0 before the first read.")
  public static final String HIT_RATIO = "hit.ratio";

  @Describe("Model hit bytes / read bytes since start; 0 before the first read.")
  public static final String BYTE_HIT_RATIO = "byte.hit.ratio";

  @Describe(value = "Bytes the model's fills would have written to the SSD.", total = true)
  public static final String SSD_BYTES_WRITTEN = "ssd.bytes.written";

  @Describe(value = "Blocks the model would have admitted (new entries).", total = true)
  public static final String ADMISSIONS = "admissions";

  @Describe(value = "Blocks (block fill) or pages (pages fill) the model evicted.", total = true)
  public static final String EVICTIONS = "evictions";

  @Describe(value = "Fills the model's fill guard refused (cost or write budget).", total = true)
  public static final String FILLS_DENIED_GUARD = "fills.denied.guard";

  @Describe(
      value = "Disk-head microseconds the HDDs would have spent with the model's cache, fills too.",
      total = true)
  public static final String HDD_WITH_CACHE_MICROS = "hdd.with.cache.micros";

  @Describe(
      value = "Disk-head microseconds the same reads cost the HDDs without a cache.",
      total = true)
  public static final String HDD_WITHOUT_CACHE_MICROS = "hdd.without.cache.micros";

  @Describe("Disk-head microseconds the model's cache would have saved, net of fills (may be < 0).")
  public static final String HDD_SAVED_MICROS = "hdd.saved.micros";

  @Describe("HDD time the model would have saved, net of fills, over the time without a cache.")
  public static final String HDD_SAVED_RATIO = "hdd.saved.ratio";

  @Describe("Blocks on the model's SSD now: the model's heap grows with them.")
  public static final String TRACKED_BLOCKS = "tracked.blocks";

  @Describe("Blocks the model's admission limiter counts reads of now (at most max.tracked.keys).")
  public static final String LIMITER_KEYS = "limiter.keys";

  @Describe(value = "Blocks on the model's SSD dropped because HDFS deleted them.", total = true)
  public static final String DELETIONS = "deletions";

  @Describe(
      value = "Cached versions the model dropped for a newer one (append, recovery).",
      total = true)
  public static final String INVALIDATIONS = "invalidations";

  @Describe("Model hit ratio minus the real cache's, over the same reads (cache mode).")
  public static final String CALIBRATION_HIT_RATIO_DELTA = "calibration.hit.ratio.delta";

  @Describe("Model byte hit ratio minus the real cache's, over the same reads (cache mode).")
  public static final String CALIBRATION_BYTE_HIT_RATIO_DELTA = "calibration.byte.hit.ratio.delta";

  private ShadowStats() {}

  static void register(MetricRegistry registry, ShadowFeed feed) {
    registry.register(FEED_QUEUE_DEPTH, (Gauge<Integer>) feed::queueDepth);
    boolean calibrate = feed.calibration() == Calibration.AGAINST_CACHE;
    if (calibrate) {
      registry.register(REAL_HIT_RATIO, (Gauge<Double>) () -> feed.realTotals().hitRatio());
      registry.register(
          REAL_BYTE_HIT_RATIO, (Gauge<Double>) () -> feed.realTotals().byteHitRatio());
    }
    for (ShadowCandidate c : feed.candidates()) {
      String n = c.name();
      figure(registry, n, READS, c, t -> t.reads);
      figure(registry, n, HITS, c, t -> t.hits);
      figure(registry, n, PARTIAL_HITS, c, t -> t.partialHits);
      figure(registry, n, READ_BYTES, c, t -> t.readBytes);
      figure(registry, n, HIT_BYTES, c, t -> t.hitBytes);
      figure(registry, n, SSD_BYTES_WRITTEN, c, t -> t.ssdBytesWritten);
      figure(registry, n, ADMISSIONS, c, t -> t.admissions);
      figure(registry, n, EVICTIONS, c, t -> t.evictions);
      figure(registry, n, FILLS_DENIED_GUARD, c, t -> t.fillsDeniedByGuard);
      figure(registry, n, HDD_WITH_CACHE_MICROS, c, t -> t.hddMicrosWithCache);
      figure(registry, n, HDD_WITHOUT_CACHE_MICROS, c, t -> t.hddMicrosWithoutCache);
      figure(registry, n, TRACKED_BLOCKS, c, t -> t.trackedBlocks);
      figure(registry, n, LIMITER_KEYS, c, t -> t.limiterKeys);
      figure(registry, n, DELETIONS, c, t -> t.deletions);
      figure(registry, n, INVALIDATIONS, c, t -> t.invalidations);
      figure(registry, n, HDD_SAVED_MICROS, c, t -> t.hddMicrosWithoutCache - t.hddMicrosWithCache);
      ratio(registry, n, HIT_RATIO, c, ModelTotals::hitRatio);
      ratio(registry, n, BYTE_HIT_RATIO, c, ModelTotals::byteHitRatio);
      ratio(registry, n, HDD_SAVED_RATIO, c, ModelTotals::hddTimeSavedFraction);
      if (calibrate) {
        ratio(
            registry,
            n,
            CALIBRATION_HIT_RATIO_DELTA,
            c,
            t -> t.hitRatio() - feed.realTotals().hitRatio());
        ratio(
            registry,
            n,
            CALIBRATION_BYTE_HIT_RATIO_DELTA,
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
