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
          + " the window. The one admission set (admission.threshold.tuned), or lower while the"
          + " cache has room: under admission.tuning outcome (the default) the ladder's bottom"
          + " rung during the first hour while the write budget holds most of its burst; under"
          + " auto a quarter of it while the budget holds half its burst (never below half the"
          + " configured one).")
  public static final String THRESHOLD = "admission.threshold";

  @Describe(
      "The admission threshold admission has set, kept across restarts: under admission.tuning"
          + " outcome (the default) the rung in use, one of six around the configured threshold"
          + " (a quarter of it to 8 times it); under auto between half of it and 64 times it;"
          + " under fixed the configured one. admission.threshold is lower while the cache has"
          + " room.")
  public static final String THRESHOLD_TUNED = "admission.threshold.tuned";

  @Describe(
      "When the tuned admission threshold took its value, milliseconds since the epoch (UTC):"
          + " start-up, its last move, or, under admission.tuning auto, the change before a"
          + " restart (the tuned threshold is kept across restarts).")
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
