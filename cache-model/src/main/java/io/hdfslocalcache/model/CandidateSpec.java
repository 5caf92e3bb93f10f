package io.hdfslocalcache.model;

import io.hdfslocalcache.config.DurationValue;
import io.hdfslocalcache.config.SizeValue;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One cache configuration a model runs: admission (threshold and window), SSD capacity, fill mode
 * and page size, and whether the fill guard runs (its window and SSD write budget as given). A
 * shadow-mode DataNode runs one {@link LiveModel} per candidate named in its config. Immutable,
 * validated at construction.
 *
 * <p>Text form, as in {@code hdfs-site.xml}: {@code
 * threshold=3,window=1h,capacity=2TB,fill=pages,page=1MB,guard=on}; a key left out keeps the value
 * of the base it is parsed against (the DataNode's own settings). The window is split into the base
 * admission's bucket count, so it must be a whole number of milliseconds per bucket.
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
    if (pageSizeBytes <= 0 || pageSizeBytes % 512 != 0) {
      throw new IllegalArgumentException(
          name + ": page size must be a positive multiple of 512 bytes, got " + pageSizeBytes);
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
   * Parses {@code text} ({@code key=value,...}; keys threshold, window, capacity, fill, page,
   * guard) over {@code base}: what is not given keeps the base's value.
   *
   * @throws IllegalArgumentException naming the candidate, the key and the value
   */
  public static CandidateSpec parse(String name, String text, CandidateSpec base) {
    Map<String, String> kv = new LinkedHashMap<>();
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
      kv.put(p.substring(0, eq).trim().toLowerCase(Locale.ROOT), p.substring(eq + 1).trim());
    }
    RateLimitConfig admission = base.admission;
    long capacity = base.capacityBytes;
    FillMode fill = base.fill;
    long page = base.pageSizeBytes;
    boolean guard = base.guardEnabled;
    try {
      for (Map.Entry<String, String> e : kv.entrySet()) {
        String v = e.getValue();
        switch (e.getKey()) {
          case "threshold":
            admission = admission.withThreshold(Integer.parseInt(v));
            break;
          case "window":
            admission = admission.withBucketDuration(bucket(DurationValue.parse(v), admission));
            break;
          case "capacity":
            capacity = SizeValue.parse(v);
            break;
          case "fill":
            fill = FillMode.byName(v);
            break;
          case "page":
            page = SizeValue.parse(v);
            break;
          case "guard":
            guard = onOff(v);
            break;
          default:
            throw new IllegalArgumentException(
                "unknown key '"
                    + e.getKey()
                    + "' (use threshold, window, capacity, fill, page, guard)");
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
          base.maxDriveWritesPerDay);
    } catch (IllegalArgumentException e) {
      String msg = e.getMessage();
      throw new IllegalArgumentException(
          msg.startsWith(name + ":") ? msg : "candidate " + name + ": " + msg, e);
    }
  }

  private static Duration bucket(Duration window, RateLimitConfig admission) {
    long ms = window.toMillis();
    int buckets = admission.bucketCount();
    if (ms <= 0 || ms % buckets != 0) {
      throw new IllegalArgumentException(
          "window "
              + DurationValue.format(window)
              + " is not a whole number of milliseconds per bucket ("
              + buckets
              + " buckets)");
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
        throw new IllegalArgumentException("guard must be on or off, got '" + v + "'");
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
        + (guardEnabled ? "on" : "off");
  }
}
