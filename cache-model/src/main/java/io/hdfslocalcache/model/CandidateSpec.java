package io.hdfslocalcache.model;

import io.hdfslocalcache.config.DurationValue;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.config.SizeValue;
import io.hdfslocalcache.guard.GuardConfig;
import io.hdfslocalcache.model.policy.OutcomeLadder;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.time.Duration;
import java.util.Locale;

/**
 * One cache configuration a model runs: admission (threshold and window), SSD capacity, fill mode
 * and page size, and whether the fill guard runs (its window and SSD write budget as given). A
 * shadow-mode DataNode runs one {@link LiveModel} per candidate named in its config. Immutable,
 * validated at construction.
 *
 * <p>Text form, as in {@code hdfs-site.xml}: {@code
 * threshold=3,window=1h,capacity=2TB,fill=pages,page=1MB,guard=on,tuning=auto} ({@code tuning}:
 * auto, fixed or outcome, as {@code admission.tuning}); a key left out keeps the value of the base
 * it is parsed against (the DataNode's own settings). The window is split into the base admission's
 * bucket count, so it must be a whole number of milliseconds per bucket.
 */
public final class CandidateSpec {
  private final String name;
  private final RateLimitConfig admission;
  private final long capacityBytes;
  private final FillMode fill;
  private final long pageSizeBytes;
  private final boolean guardEnabled;
  private final long guardWindowMillis;
  private final double maxDriveWritesPerDay;
  private AdmissionTuning tuning =
      AdmissionTuning.FIXED; // set once, by withTuning, before the spec is shared

  public CandidateSpec(
      String name,
      RateLimitConfig admission,
      long capacityBytes,
      FillMode fill,
      long pageSizeBytes,
      boolean guardEnabled,
      long guardWindowMillis,
      double maxDriveWritesPerDay) {
    if (name == null || !name.matches("[A-Za-z0-9_-]+")) {
      throw new IllegalArgumentException(
          "candidate name must be letters, digits, '_' or '-', got '" + name + "'");
    }
    if (capacityBytes <= 0) {
      throw new IllegalArgumentException(name + ": capacity must be > 0, got " + capacityBytes);
    }
    try {
      MetaFile.checkPageSize(pageSizeBytes);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
    }
    if (guardWindowMillis <= 0) {
      throw new IllegalArgumentException(
          name + ": guard window must be > 0 ms, got " + guardWindowMillis);
    }
    if (!(maxDriveWritesPerDay >= 0)) {
      throw new IllegalArgumentException(
          name + ": drive writes per day must be >= 0, got " + maxDriveWritesPerDay);
    }
    this.name = name;
    this.admission = admission;
    this.capacityBytes = capacityBytes;
    this.fill = fill;
    this.pageSizeBytes = pageSizeBytes;
    this.guardEnabled = guardEnabled;
    this.guardWindowMillis = guardWindowMillis;
    this.maxDriveWritesPerDay = maxDriveWritesPerDay;
  }

  /**
   * This spec with admission that tunes itself ({@code tuned}, {@code policy.ThresholdTuner}) or at
   * a fixed threshold; a spec is built fixed.
   */
  public CandidateSpec withTuning(boolean tuned) {
    return withTuning(tuned ? AdmissionTuning.AUTO : AdmissionTuning.FIXED);
  }

  /** This spec with admission by {@code tuning}'s policy; a spec is built fixed. */
  public CandidateSpec withTuning(AdmissionTuning tuning) {
    if (tuning == AdmissionTuning.OUTCOME) {
      OutcomeLadder.checkConfigured(
          admission.threshold(), name + ": threshold", "with tuning=outcome");
    }
    CandidateSpec c =
        new CandidateSpec(
            name,
            admission,
            capacityBytes,
            fill,
            pageSizeBytes,
            guardEnabled,
            guardWindowMillis,
            maxDriveWritesPerDay);
    c.tuning = tuning;
    return c;
  }

  /** True when admission tunes itself to the write budget ({@code tuning=auto}). */
  public boolean tuned() {
    return tuning == AdmissionTuning.AUTO;
  }

  /** The admission policy this candidate runs ({@code tuning=}). */
  public AdmissionTuning tuning() {
    return tuning;
  }

  /**
   * Parses {@code text} ({@code key=value,...}; keys threshold, window, capacity, fill, page,
   * guard) over {@code base}: what is not given keeps the base's value.
   *
   * @throws IllegalArgumentException naming the candidate, the key and the value
   */
  public static CandidateSpec parse(String name, String text, CandidateSpec base) {
    RateLimitConfig admission = base.admission;
    long capacity = base.capacityBytes;
    FillMode fill = base.fill;
    long page = base.pageSizeBytes;
    boolean guard = base.guardEnabled;
    AdmissionTuning tuning = base.tuning;
    for (String part : text.split(",")) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      int eq = p.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "candidate " + name + ": expected key=value, got '" + p + "'");
      }
      String key = p.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      String v = p.substring(eq + 1).trim();
      try {
        switch (key) {
          case "threshold":
            admission = admission.withThreshold(wholeNumber(v));
            break;
          case "window":
            admission = admission.withBucketDuration(bucket(DurationValue.parse(v), admission));
            break;
          case "capacity":
            capacity = positive(SizeValue.parse(v));
            break;
          case "fill":
            fill = FillMode.parse(key, v);
            break;
          case "page":
            page = MetaFile.checkPageSize(SizeValue.parse(v));
            break;
          case "guard":
            guard = onOff(v);
            break;
          case "tuning":
            tuning = AdmissionTuning.parseCandidate(v);
            break;
          default:
            throw new IllegalArgumentException(
                "unknown key (use threshold, window, capacity, fill, page, guard, tuning)");
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "candidate " + name + ": " + key + "=" + v + ": " + e.getMessage(), e);
      }
    }
    return new CandidateSpec(
            name,
            admission,
            capacity,
            fill,
            page,
            guard,
            base.guardWindowMillis,
            base.maxDriveWritesPerDay)
        .withTuning(tuning);
  }

  private static int wholeNumber(String v) {
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a whole number");
    }
  }

  private static long positive(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("must be > 0");
    }
    return bytes;
  }

  private static Duration bucket(Duration window, RateLimitConfig admission) {
    long ms = window.toMillis();
    int buckets = admission.bucketCount();
    if (ms <= 0 || ms % buckets != 0) {
      throw new IllegalArgumentException(
          "must be a positive whole number of milliseconds per bucket (" + buckets + " buckets)");
    }
    return Duration.ofMillis(ms / buckets);
  }

  private static boolean onOff(String v) {
    switch (v.toLowerCase(Locale.ROOT)) {
      case "on":
      case "true":
        return true;
      case "off":
      case "false":
        return false;
      default:
        throw new IllegalArgumentException("use on or off");
    }
  }

  public String name() {
    return name;
  }

  public RateLimitConfig admission() {
    return admission;
  }

  public long capacityBytes() {
    return capacityBytes;
  }

  public FillMode fill() {
    return fill;
  }

  public long pageSizeBytes() {
    return pageSizeBytes;
  }

  public boolean guardEnabled() {
    return guardEnabled;
  }

  public long guardWindowMillis() {
    return guardWindowMillis;
  }

  public double maxDriveWritesPerDay() {
    return maxDriveWritesPerDay;
  }

  /** The guard this candidate runs: its keys, the DataNode's fixed bucket count and allowance. */
  public GuardSettings guard() {
    return new GuardSettings(
        guardEnabled,
        guardWindowMillis,
        GuardConfig.DEFAULT_BUCKET_COUNT,
        GuardConfig.DEFAULT_ALLOWANCE_FRACTION,
        maxDriveWritesPerDay);
  }

  /** The text form with every key, as the DataNode logs it at start. */
  @Override
  public String toString() {
    return name
        + ": threshold="
        + admission.threshold()
        + ",window="
        + DurationValue.format(admission.window())
        + ",capacity="
        + SizeValue.format(capacityBytes)
        + ",fill="
        + fill.configName()
        + ",page="
        + SizeValue.format(pageSizeBytes)
        + ",guard="
        + (guardEnabled ? "on" : "off")
        + ",tuning="
        + tuning.configName();
  }
}
