package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.guard.GuardConfig;

/**
 * The fill guard of one replay: the DataNode's {@link io.hdfslocalcache.guard.FillGuard}, one for
 * the simulated directory, its write budget sized by the simulated cache.
 *
 * @param enabled off: every fill goes ahead (the ledger is still kept)
 * @param windowMillis the guard's sliding window
 * @param bucketCount steps the window slides in
 * @param allowanceFraction disk time fills may run ahead of savings, as a fraction of the window
 * @param maxDriveWritesPerDay SSD write budget in cache capacities per day; 0 = none
 */
public record GuardSettings(
    boolean enabled,
    long windowMillis,
    int bucketCount,
    double allowanceFraction,
    double maxDriveWritesPerDay) {
  public GuardSettings {
    // Every value checked now, not in the middle of a sweep (fields are not set yet here).
    config(enabled, windowMillis, bucketCount, allowanceFraction, maxDriveWritesPerDay, 1);
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
}
