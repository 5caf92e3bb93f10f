package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.DurationValue;
import io.hdfslocalcache.config.SizeValue;
import io.hdfslocalcache.guard.GuardConfig;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.policy.MarginalPayback;
import io.hdfslocalcache.model.policy.PolicyType;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.simulator.model.RunConfig;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code hdfs-site.xml} lines of a simulated configuration, ready to paste: the DataNode's own
 * key names ({@link CacheKeys}) with values in the grammar it reads ({@link SizeValue}, {@link
 * DurationValue}), so the DataNode runs what was simulated. Only bucket-time is the DataNode's
 * admission gate; another policy gets one comment saying it has no setting. A value the DataNode
 * would refuse (a page size it cannot use) becomes a comment, never a line that stops it.
 */
final class SiteXml {
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
    if (!gate.isPresent()) {
      lines.add(
          comment(
              run.policy()
                  + ": no hdfs-site.xml setting, the DataNode's admission gate is bucket-time"));
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
    lines.add(
        property(
            CacheKeys.ADMISSION_TUNING,
            run.policy().type() == PolicyType.TUNED ? "auto" : "fixed"));
    if (run.policy().numericParam("room") == 0) {
      lines.add(
          comment("room=0 has no setting: a DataNode with tuning auto admits by the room rule"));
    }
    long payback = run.policy().numericParam("payback");
    if (payback >= 0 && payback != MarginalPayback.MEASURED_PAYS) {
      lines.add(
          comment(
              "payback="
                  + payback
                  + " has no setting: a DataNode with tuning auto holds at payback="
                  + MarginalPayback.MEASURED_PAYS));
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
