package io.hdfslocalcache.metrics;

/**
 * Names of the admission gate's metrics. Each name is a constant here with its one description
 * ({@link Describe}); datanode-cache counts under it, the status command and tests read it.
 */
public final class AdmissionMetrics {
  @Describe("Client reads of uncached blocks judged hot enough: a fill is requested.")
  public static final String ADMIT = "admission.admit";

  @Describe("Client reads of uncached blocks not (yet) hot enough.")
  public static final String REJECT = "admission.reject";

  @Describe(
      "The admission threshold in effect now: a block is admitted after more reads than this in"
          + " the window. The configured threshold, or, while admission tunes itself to the SSD"
          + " write budget (admission.tuning auto), the tuner's (admission.threshold.tuned), or a"
          + " quarter of it while the cache has room and the budget half its burst (never below"
          + " half the configured one).")
  public static final String THRESHOLD = "admission.threshold";

  @Describe(
      "The admission threshold the tuner has set: the configured threshold, or, under"
          + " admission.tuning auto, between half of it and 64 times it, kept across restarts."
          + " admission.threshold is lower while the cache has room.")
  public static final String THRESHOLD_TUNED = "admission.threshold.tuned";

  @Describe(
      "When the tuned admission threshold took its value, milliseconds since the epoch (UTC):"
          + " start-up, the tuner's last change, or, under admission.tuning auto, the change"
          + " before a restart (the tuned threshold is kept across restarts).")
  public static final String THRESHOLD_SINCE = "admission.threshold.since";

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

  private AdmissionMetrics() {}
}
