package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.DurationValue;
import io.hdfslocalcache.config.SizeValue;
import io.hdfslocalcache.guard.GuardConfig;
import io.hdfslocalcache.model.AdmissionTuning;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.policy.MarginalPayback;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.model.policy.PolicyType;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.simulator.model.RunConfig;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code hdfs-site.xml} lines of a simulated configuration, ready to paste: the DataNode's own
 * key names ({@link CacheKeys}) with values in the grammar it reads ({@link SizeValue}, {@link
 * DurationValue}), so the DataNode runs what was simulated. The DataNode runs bucket-time, tuned
 * and outcome ({@link AdmissionTuning}: {@code admission.tuning} fixed, auto and outcome); another
 * policy gets one comment saying it has no setting, and so does a parameter of those the DataNode
 * has no key for. A value the DataNode would refuse (a page size it cannot use) becomes a comment,
 * never a line that stops it.
 */
final class SiteXml {
  /** The parameters the DataNode's admission keys set. */
  private static final Set<String> ADMISSION_KEYS =
      Set.of("threshold", "buckets", "bucket", "maxKeys");

  private SiteXml() {}

  /** One block of lines per run, after a blank line, headed by what it is for. */
  static void print(List<RunConfig> runs, int cacheDirs, PrintStream out) {
    for (RunConfig run : runs) {
      out.println();
      lines(run, cacheDirs).forEach(out::println);
    }
  }

  /**
   * @param cacheDirs the DataNode's cache directories: its capacity key is per directory, the
   *     simulated size is the whole DataNode's
   */
  static List<String> lines(RunConfig run, int cacheDirs) {
    List<String> lines = new ArrayList<>();
    Optional<RateLimitConfig> gate = run.policy().rateLimitConfig();
    Optional<AdmissionTuning> tuning = AdmissionTuning.running(run.policy().type());
    if (!gate.isPresent() || !tuning.isPresent()) {
      lines.add(
          comment(
              run.policy()
                  + ": no hdfs-site.xml setting, the DataNode runs bucket-time, tuned or"
                  + " outcome"));
      return lines;
    }
    long capacity = run.cacheSizeBytes() / cacheDirs;
    lines.add(
        comment(
            "hdfs-site.xml for "
                + run.policy()
                + ", "
                + run.fill().configName()
                + " fill, "
                + Sizes.format(run.cacheSizeBytes())
                + " over "
                + cacheDirs
                + (cacheDirs == 1 ? " cache directory" : " cache directories")));
    RateLimitConfig a = gate.get();
    lines.add(property(CacheKeys.ADMISSION_THRESHOLD, Integer.toString(a.threshold())));
    lines.add(property(CacheKeys.ADMISSION_TUNING, tuning.get().configName()));
    if (run.policy().type() == PolicyType.TUNED) {
      tunedWithoutSetting(run.policy(), lines);
    } else {
      withoutSetting(run.policy(), tuning.get(), lines);
    }
    lines.add(property(CacheKeys.ADMISSION_BUCKET_COUNT, Integer.toString(a.bucketCount())));
    lines.add(
        property(CacheKeys.ADMISSION_BUCKET_DURATION, DurationValue.format(a.bucketDuration())));
    if (a.maxTrackedKeys() != RateLimitConfig.DEFAULT_MAX_TRACKED_KEYS) {
      lines.add(
          property(CacheKeys.ADMISSION_MAX_TRACKED_KEYS, Integer.toString(a.maxTrackedKeys())));
    }
    lines.add(
        capacity > 0
            ? property(CacheKeys.CAPACITY, SizeValue.format(capacity))
            : comment(CacheKeys.CAPACITY + " not set: the DataNode needs a positive capacity"));
    long page = run.pageSizeBytes();
    lines.add(
        CacheKeys.isPageSize(page)
            ? property(CacheKeys.PAGE_SIZE, SizeValue.format(page))
            : comment(
                CacheKeys.PAGE_SIZE
                    + " not set: the DataNode takes a power of two from "
                    + SizeValue.format(CacheKeys.PAGE_SIZE_MIN)
                    + " to "
                    + SizeValue.format(CacheKeys.PAGE_SIZE_MAX)
                    + ", not "
                    + SizeValue.format(page)));
    lines.add(property(CacheKeys.FILL_MODE, run.fill().configName()));
    guard(run.guard(), lines);
    return lines;
  }

  /** Tuned's room rule and payback, hidden from its name unless given, have no key either. */
  private static void tunedWithoutSetting(PolicySpec policy, List<String> lines) {
    if (policy.numericParam("room") == 0) {
      lines.add(
          comment("room=0 has no setting: a DataNode with tuning auto admits by the room rule"));
    }
    long payback = policy.numericParam("payback");
    if (payback >= 0 && payback != MarginalPayback.MEASURED_PAYS) {
      lines.add(
          comment(
              "payback="
                  + payback
                  + " has no setting: a DataNode with tuning auto holds at payback="
                  + MarginalPayback.MEASURED_PAYS));
    }
  }

  /**
   * Each parameter given beyond the admission keys' (threshold, window, tracked keys) whose value
   * is not the one the DataNode runs: the policy's default, which it has no key to change.
   */
  private static void withoutSetting(
      PolicySpec policy, AdmissionTuning tuning, List<String> lines) {
    PolicySpec dataNode = PolicySpec.parse(policy.type().configName());
    for (String key : policy.params().keySet()) {
      long given = policy.numericParam(key);
      long runs = dataNode.numericParam(key);
      if (!ADMISSION_KEYS.contains(key) && runs >= 0 && given != runs) {
        lines.add(
            comment(
                key
                    + "="
                    + given
                    + " has no setting: a DataNode with tuning "
                    + tuning.configName()
                    + " runs "
                    + key
                    + "="
                    + runs));
      }
    }
  }

  /** The guard's keys; what the DataNode has no key for (allowance, buckets) as a comment. */
  private static void guard(GuardSettings g, List<String> lines) {
    lines.add(property(CacheKeys.FILL_GUARD, Boolean.toString(g.enabled())));
    if (!g.enabled()) {
      return;
    }
    lines.add(
        property(
            CacheKeys.FILL_GUARD_WINDOW,
            DurationValue.format(Duration.ofMillis(g.windowMillis()))));
    lines.add(
        property(
            CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY,
            BigDecimal.valueOf(g.maxDriveWritesPerDay()).stripTrailingZeros().toPlainString()));
    if (g.allowanceFraction() != GuardConfig.DEFAULT_ALLOWANCE_FRACTION
        || g.bucketCount() != GuardConfig.DEFAULT_BUCKET_COUNT) {
      lines.add(
          comment(
              "the DataNode's guard has no key for its allowance or bucket count: it uses "
                  + GuardConfig.DEFAULT_ALLOWANCE_FRACTION
                  + " and "
                  + GuardConfig.DEFAULT_BUCKET_COUNT
                  + ", not "
                  + g.allowanceFraction()
                  + " and "
                  + g.bucketCount()));
    }
  }

  private static String property(String key, String value) {
    return "<property><name>" + key + "</name><value>" + value + "</value></property>";
  }

  /** An XML comment; {@code --} may not appear in one, and no text here has it. */
  private static String comment(String text) {
    return "<!-- " + text + " -->";
  }
}
