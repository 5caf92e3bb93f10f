package io.hdfslocalcache.datanode.settings;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.DurationValue;
import io.hdfslocalcache.config.SizeValue;
import io.hdfslocalcache.datanode.fill.FillPolicy;
import io.hdfslocalcache.model.AdmissionTuning;
import io.hdfslocalcache.model.policy.OutcomeLadder;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads one configuration value: integers with Java's parser, sizes and durations in the one
 * grammar shared with the simulator ({@code io.hdfslocalcache.config}, a superset of what Hadoop's
 * {@code getLongBytes} and {@code getTimeDuration} took: every value that worked before reads the
 * same, except a duration below whole milliseconds, {@code 1500us}, which Hadoop rounded down and
 * is now refused). A bad value throws {@link IllegalArgumentException} naming its key, the value
 * and what is accepted.
 */
final class ConfigValues {
  private ConfigValues() {}

  static int intKey(Configuration conf, String key, int dflt) {
    String v = conf.getTrimmed(key);
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be an integer, got '" + v + "'");
    }
  }

  /**
   * {@code true} or {@code false} in any case; anything else is refused (Hadoop's {@code
   * getBoolean} took a typo as the default, so {@code enabled=flase} left the cache on).
   */
  static boolean booleanKey(Configuration conf, String key, boolean dflt) {
    String v = conf.getTrimmed(key);
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw new IllegalArgumentException(key + " must be true or false, got '" + v + "'");
  }

  /** Milliseconds: the one duration grammar ({@link DurationValue}); a bare number is ms. */
  static long timeKey(Configuration conf, String key, String dflt) {
    return DurationValue.parse(key, conf.getTrimmed(key, dflt)).toMillis();
  }

  /** Bytes: the one size grammar ({@link SizeValue}), never negative. */
  static long size(String key, String v) {
    return SizeValue.parse(key, v);
  }

  static long positiveSize(String key, String v) {
    long n = size(key, v);
    if (n <= 0) {
      throw new IllegalArgumentException(key + " must be positive, got '" + v + "'");
    }
    return n;
  }

  static void atLeast(String key, long v, long min) {
    if (v < min) {
      throw new IllegalArgumentException(key + " must be >= " + min + ", got " + v);
    }
  }

  static void within(String key, long v, long min, long max) {
    if (v < min || v > max) {
      throw new IllegalArgumentException(key + " must be in [" + min + ", " + max + "], got " + v);
    }
  }

  /**
   * A duration key at most {@code maxMillis}; the error shows the value as the operator wrote it.
   */
  static void atMostMillis(String key, String text, long millis, long maxMillis) {
    if (millis > maxMillis) {
      throw new IllegalArgumentException(
          key
              + " must be at most "
              + DurationValue.format(Duration.ofMillis(maxMillis))
              + ", got '"
              + text
              + "'");
    }
  }

  /** One capacity per directory: {@code capacity} gives one size for all, or one per directory. */
  static List<Long> capacities(Configuration conf, int dirCount) {
    List<Long> capacities = new ArrayList<>();
    String[] caps = conf.getTrimmedStrings(CacheKeys.CAPACITY, CacheConfig.DEFAULT_CAPACITY);
    for (int i = 0; i < dirCount; i++) {
      String c = caps.length == 1 ? caps[0] : i < caps.length ? caps[i] : null;
      if (c == null || caps.length > dirCount) {
        throw new IllegalArgumentException(
            CacheKeys.CAPACITY
                + " has "
                + caps.length
                + " values for "
                + dirCount
                + " directories in "
                + CacheKeys.DIRS);
      }
      capacities.add(positiveSize(CacheKeys.CAPACITY, c));
    }
    return capacities;
  }

  /**
   * The one {@code capacity} of a DataNode without {@code dirs} (shadow mode): the SSD a candidate
   * models when it gives no capacity of its own.
   */
  static long oneCapacity(Configuration conf) {
    String[] caps = conf.getTrimmedStrings(CacheKeys.CAPACITY, CacheConfig.DEFAULT_CAPACITY);
    if (caps.length != 1) {
      throw new IllegalArgumentException(
          CacheKeys.CAPACITY
              + " has "
              + caps.length
              + " values and "
              + CacheKeys.DIRS
              + " none: give one size, got '"
              + conf.getTrimmed(CacheKeys.CAPACITY)
              + "'");
    }
    return positiveSize(CacheKeys.CAPACITY, caps[0]);
  }

  /** The admission gate's settings; a bad one names the key the operator wrote. */
  static RateLimitConfig admission(Configuration conf) {
    int threshold = intKey(conf, CacheKeys.ADMISSION_THRESHOLD, RateLimitConfig.DEFAULT_THRESHOLD);
    int buckets =
        intKey(conf, CacheKeys.ADMISSION_BUCKET_COUNT, RateLimitConfig.DEFAULT_BUCKET_COUNT);
    long bucketMillis = timeKey(conf, CacheKeys.ADMISSION_BUCKET_DURATION, "1m");
    int maxKeys =
        intKey(
            conf, CacheKeys.ADMISSION_MAX_TRACKED_KEYS, RateLimitConfig.DEFAULT_MAX_TRACKED_KEYS);
    RateLimitConfig admission;
    try {
      admission = new RateLimitConfig(threshold, buckets, Duration.ofMillis(bucketMillis), maxKeys);
    } catch (IllegalArgumentException e) {
      // The limiter names its own fields; name the key the operator wrote instead.
      String m = e.getMessage();
      String key =
          m.startsWith("threshold")
              ? CacheKeys.ADMISSION_THRESHOLD
              : m.startsWith("bucketCount")
                  ? CacheKeys.ADMISSION_BUCKET_COUNT
                  : m.startsWith("bucketDuration")
                      ? CacheKeys.ADMISSION_BUCKET_DURATION
                      : CacheKeys.ADMISSION_MAX_TRACKED_KEYS;
      throw new IllegalArgumentException(key + ": " + m, e);
    }
    return admission;
  }

  /**
   * The fill mode, the guard switch, the SSD write budget and the admission tuning (by default
   * {@link AdmissionTuning#defaultFor} the configured {@code threshold}).
   */
  static io.hdfslocalcache.datanode.fill.FillPolicy fillPolicy(Configuration conf, int threshold) {
    io.hdfslocalcache.config.FillMode mode =
        io.hdfslocalcache.config.FillMode.parse(
            CacheKeys.FILL_MODE,
            conf.getTrimmed(CacheKeys.FILL_MODE, CacheConfig.DEFAULT_FILL_MODE));
    String dwpd = conf.getTrimmed(CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY);
    double writes;
    try {
      writes =
          dwpd == null
              ? CacheConfig.DEFAULT_FILL_MAX_DRIVE_WRITES_PER_DAY
              : Double.parseDouble(dwpd);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY + " must be a number, got '" + dwpd + "'");
    }
    if (!(writes >= 0) || Double.isInfinite(writes)) {
      throw new IllegalArgumentException(
          CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY
              + " must be a number >= 0 (0: no budget), got "
              + dwpd);
    }
    long window = timeKey(conf, CacheKeys.FILL_GUARD_WINDOW, CacheConfig.DEFAULT_FILL_GUARD_WINDOW);
    atLeast(CacheKeys.FILL_GUARD_WINDOW, window, 1000);
    return new io.hdfslocalcache.datanode.fill.FillPolicy(
        mode,
        booleanKey(conf, CacheKeys.FILL_GUARD, CacheConfig.DEFAULT_FILL_GUARD),
        writes,
        window,
        AdmissionTuning.parse(
            CacheKeys.ADMISSION_TUNING,
            conf.getTrimmed(
                CacheKeys.ADMISSION_TUNING, AdmissionTuning.defaultFor(threshold).configName())));
  }

  /**
   * Under {@code admission.tuning outcome}, the configured threshold must leave its ladder's top
   * rung a count the admission counter keeps: checked before the shadow candidates are built on it,
   * so the error names the DataNode's keys, and says how to keep the higher threshold. (Not set,
   * the tuning is {@code auto} for such a threshold: {@link AdmissionTuning#defaultFor}.)
   */
  static void checkOutcomeThreshold(RateLimitConfig admission, FillPolicy fill) {
    if (fill.tuning() != AdmissionTuning.OUTCOME) {
      return;
    }
    try {
      OutcomeLadder.checkConfigured(
          admission.threshold(),
          CacheKeys.ADMISSION_THRESHOLD,
          "when " + CacheKeys.ADMISSION_TUNING + " is outcome");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          e.getMessage()
              + "; set "
              + CacheKeys.ADMISSION_TUNING
              + " to auto or fixed for a threshold up to "
              + RateLimitConfig.MAX_THRESHOLD,
          e);
    }
  }
}
