package io.hdfslocalcache.metrics;

/**
 * Names of the shadow feed's metrics and of each candidate's ({@code
 * shadow.candidate.<name>.<metric>}, {@link CandidateNames}). Each name is a constant here with its
 * one description ({@link Describe}); datanode-cache counts under it, the status command and tests
 * read it.
 */
public final class ShadowMetrics {
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

  private ShadowMetrics() {}
}
