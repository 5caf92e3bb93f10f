package io.hdfslocalcache.model;

import io.hdfslocalcache.guard.GuardConfig;
import java.util.Objects;

/**
 * The fill guard of one model: the DataNode's {@link io.hdfslocalcache.guard.FillGuard}, one for
 * the modelled directory, its write budget sized by the modelled cache. Immutable, validated at
 * construction (every value checked now, not in the middle of a sweep).
 */
public final class GuardSettings {
  private final boolean enabled;
  private final long windowMillis;
  private final int bucketCount;
  private final double allowanceFraction;
  private final double maxDriveWritesPerDay;

  /**
   * @param enabled off: every fill goes ahead (the ledger is still kept)
   * @param windowMillis the guard's sliding window
   * @param bucketCount steps the window slides in
   * @param allowanceFraction disk time fills may run ahead of savings, as a fraction of the window
   * @param maxDriveWritesPerDay SSD write budget in cache capacities per day; 0 = none
   */
  public GuardSettings(
      boolean enabled,
      long windowMillis,
      int bucketCount,
      double allowanceFraction,
      double maxDriveWritesPerDay) {
    config(enabled, windowMillis, bucketCount, allowanceFraction, maxDriveWritesPerDay, 1);
    this.enabled = enabled;
    this.windowMillis = windowMillis;
    this.bucketCount = bucketCount;
    this.allowanceFraction = allowanceFraction;
    this.maxDriveWritesPerDay = maxDriveWritesPerDay;
  }

  /** The DataNode's defaults, guard on. */
  public static GuardSettings defaults() {
    return new GuardSettings(
        true,
        GuardConfig.DEFAULT_WINDOW_MILLIS,
        GuardConfig.DEFAULT_BUCKET_COUNT,
        GuardConfig.DEFAULT_ALLOWANCE_FRACTION,
        GuardConfig.DEFAULT_MAX_DRIVE_WRITES_PER_DAY);
  }

  public GuardSettings withEnabled(boolean on) {
    return new GuardSettings(
        on, windowMillis, bucketCount, allowanceFraction, maxDriveWritesPerDay);
  }

  public boolean enabled() {
    return enabled;
  }

  public long windowMillis() {
    return windowMillis;
  }

  public int bucketCount() {
    return bucketCount;
  }

  public double allowanceFraction() {
    return allowanceFraction;
  }

  public double maxDriveWritesPerDay() {
    return maxDriveWritesPerDay;
  }

  /** "on" or "off", as reports show it. */
  public String label() {
    return enabled ? "on" : "off";
  }

  /** The guard's configuration for a cache of {@code capacityBytes} (0: no write budget). */
  GuardConfig config(long capacityBytes) {
    return config(
        enabled, windowMillis, bucketCount, allowanceFraction, maxDriveWritesPerDay, capacityBytes);
  }

  private static GuardConfig config(
      boolean enabled,
      long windowMillis,
      int bucketCount,
      double allowanceFraction,
      double maxDriveWritesPerDay,
      long capacityBytes) {
    return GuardConfig.builder()
        .enabled(enabled)
        .windowMillis(windowMillis)
        .bucketCount(bucketCount)
        .allowanceFraction(allowanceFraction)
        .maxDriveWritesPerDay(capacityBytes > 0 ? maxDriveWritesPerDay : 0)
        .capacityBytes(capacityBytes)
        .build();
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof GuardSettings)) {
      return false;
    }
    GuardSettings g = (GuardSettings) o;
    return enabled == g.enabled
        && windowMillis == g.windowMillis
        && bucketCount == g.bucketCount
        && Double.compare(allowanceFraction, g.allowanceFraction) == 0
        && Double.compare(maxDriveWritesPerDay, g.maxDriveWritesPerDay) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        enabled, windowMillis, bucketCount, allowanceFraction, maxDriveWritesPerDay);
  }

  @Override
  public String toString() {
    return "GuardSettings[enabled="
        + enabled
        + ", windowMillis="
        + windowMillis
        + ", bucketCount="
        + bucketCount
        + ", allowanceFraction="
        + allowanceFraction
        + ", maxDriveWritesPerDay="
        + maxDriveWritesPerDay
        + "]";
  }
}
