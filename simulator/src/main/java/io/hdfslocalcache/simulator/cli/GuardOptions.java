package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.guard.GuardConfig;
import io.hdfslocalcache.model.GuardSettings;
import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The fill guard's parameters, shared by simulate and sweep; whether it runs is each command's
 * {@code --guard}. Defaults are the DataNode's (docs/tuning.md, "Fill guard and SSD write budget").
 */
final class GuardOptions {
  @Option(
      names = "--guard-window",
      paramLabel = "DURATION",
      defaultValue = "1h",
      converter = Converters.BucketDuration.class,
      description = "The guard's sliding window (default: ${DEFAULT-VALUE}).")
  Duration window;

  @Option(
      names = "--guard-buckets",
      paramLabel = "N",
      defaultValue = "" + GuardConfig.DEFAULT_BUCKET_COUNT,
      description = "Steps the guard's window slides in (default: ${DEFAULT-VALUE}).")
  int buckets;

  @Option(
      names = "--guard-allowance",
      paramLabel = "FRACTION",
      defaultValue = "" + GuardConfig.DEFAULT_ALLOWANCE_FRACTION,
      description =
          "HDD time fills may run ahead of what hits saved, as a fraction of the window "
              + "(default: ${DEFAULT-VALUE}).")
  double allowance;

  @Option(
      names = "--max-drive-writes-per-day",
      paramLabel = "X",
      defaultValue = "" + GuardConfig.DEFAULT_MAX_DRIVE_WRITES_PER_DAY,
      description =
          "With the guard: SSD write budget, cache sizes per day, 0 = none "
              + "(default: ${DEFAULT-VALUE}).")
  double maxDriveWritesPerDay;

  /** The settings, guard on or off. */
  GuardSettings settings(Toggle guard) {
    return new GuardSettings(
        guard.on(), window.toMillis(), buckets, allowance, maxDriveWritesPerDay);
  }

  /** {@code --guard on|off} (a picocli boolean would be a flag). */
  enum Toggle {
    OFF,
    ON;

    boolean on() {
      return this == ON;
    }
  }

  /** {@code on} or {@code off}, any case. */
  static final class ToggleConverter implements ITypeConverter<Toggle> {
    @Override
    public Toggle convert(String value) {
      return switch (value.trim().toLowerCase(Locale.ROOT)) {
        case "on" -> Toggle.ON;
        case "off" -> Toggle.OFF;
        default -> throw new TypeConversionException("expected on or off, got '" + value + "'");
      };
    }
  }
}
