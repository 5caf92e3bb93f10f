package io.hdfslocalcache.datanode.admission;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.metrics.Describe;
import io.hdfslocalcache.model.ThresholdTuner;
import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/** Metrics of the admission gate; each named and documented here once. */
public final class AdmissionStats {
  @Describe("Client reads of uncached blocks judged hot enough: a fill is requested.")
  public static final String ADMIT = "admission.admit";

  @Describe("Client reads of uncached blocks not (yet) hot enough.")
  public static final String REJECT = "admission.reject";

  @Describe(
      "The admission threshold now: a block is admitted after more reads than this in the window."
          + " The configured threshold, or above it while admission tunes itself to a short SSD"
          + " write budget (admission.tuning auto).")
  public static final String THRESHOLD = "admission.threshold";

  @Describe("Blocks with at least one read in the admission window now.")
  public static final String TRACKED_KEYS = "admission.tracked.keys";

  @Describe(
      value = "Window buckets forgotten early because the key cap was reached, since start.",
      total = true)
  public static final String EARLY_BUCKET_DROPS = "admission.early.bucket.drops";

  @Describe(
      value =
          "Reads not recorded because the current bucket alone filled the key cap, since start.",
      total = true)
  public static final String UNTRACKED_ACCESSES = "admission.untracked.accesses";

  @Describe("What came of each admitted read, by outcome")
  public static final String OUTCOME = "admission.outcome.";

  @Describe("Admitted blocks not filled: the directory's file system was below its reserve.")
  public static final String SKIPPED_NO_SPACE = "fill.skipped.no.space";

  private final Counter admits;
  private final Counter rejects;
  private final Counter skippedNoSpace;
  private final Map<AdmissionOutcome, Counter> outcomes = new EnumMap<>(AdmissionOutcome.class);

  public AdmissionStats(
      MetricRegistry registry, BucketTimeRateLimit limiter, ThresholdTuner tuner) {
    admits = registry.counter(ADMIT);
    rejects = registry.counter(REJECT);
    skippedNoSpace = registry.counter(SKIPPED_NO_SPACE);
    for (AdmissionOutcome o : AdmissionOutcome.values()) {
      if (o != AdmissionOutcome.CACHED && o != AdmissionOutcome.REJECTED) {
        outcomes.put(o, registry.counter(OUTCOME + o.name().toLowerCase(Locale.ROOT)));
      }
    }
    registry.register(THRESHOLD, (Gauge<Integer>) tuner::threshold);
    registry.register(TRACKED_KEYS, (Gauge<Long>) () -> limiter.stats().trackedKeys());
    registry.register(EARLY_BUCKET_DROPS, (Gauge<Long>) () -> limiter.stats().earlyBucketDrops());
    registry.register(UNTRACKED_ACCESSES, (Gauge<Long>) () -> limiter.stats().untrackedAccesses());
  }

  void count(AdmissionOutcome o) {
    switch (o) {
      case CACHED:
        return;
      case REJECTED:
        rejects.inc();
        return;
      case NO_SPACE:
        skippedNoSpace.inc();
        break;
      default:
        break;
    }
    admits.inc();
    outcomes.get(o).inc();
  }
}
