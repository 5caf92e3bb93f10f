package io.hdfslocalcache.guard;

import io.hdfslocalcache.config.CacheKeys;
import java.util.Locale;

/** The reason texts of {@link GuardTransition}s: what decided, with the figures. */
final class Reasons {
  private Reasons() {}

  static String costPause(
      GuardConfig c, long fills, long cost, long saved, long allowance, long minPauseMillis) {
    return String.format(
        Locale.ROOT,
        "fills in the last %s would cost the HDDs %s (this one %s), more than cached reads saved"
            + " them (%s) plus the allowance (%s); fills pause%s until their cost is within savings"
            + " + %s",
        window(c),
        seconds(fills + cost),
        seconds(cost),
        seconds(saved),
        seconds(allowance),
        minPauseMillis == 0 ? "" : " for at least " + duration(minPauseMillis) + ",",
        seconds(allowance / 2));
  }

  static String costResume(GuardConfig c, long fills, long saved, long allowance) {
    return String.format(
        Locale.ROOT,
        "fills in the last %s cost the HDDs %s, within what cached reads saved them (%s) + half the"
            + " allowance (%s); fills resume",
        window(c),
        seconds(fills),
        seconds(saved),
        seconds(allowance / 2));
  }

  static String budgetPause(long available, long needed, double perDay, GuardConfig c) {
    return String.format(
        Locale.ROOT,
        "SSD write budget spent: %s left, the fill needs %s; the budget is %s; fills pause until"
            + " it refills for %s. To fill more, raise %s (0 = no budget)",
        bytes(available),
        bytes(needed),
        budget(perDay, c),
        window(c),
        CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY);
  }

  static String budgetResume(long available, double perDay, GuardConfig c) {
    return String.format(
        Locale.ROOT,
        "SSD write budget available again: refilled to %s (%s); fills resume",
        bytes(available),
        budget(perDay, c));
  }

  static String budgetRestored(long available, double resumeAt, GuardConfig c) {
    return String.format(
        Locale.ROOT,
        "SSD write budget spent before the restart (kept in the block index): %s left, fills"
            + " resume at %s (%s). To fill more, raise %s (0 = no budget)",
        bytes(available),
        bytes((long) resumeAt),
        budget(c.maxDriveWritesPerDay() * c.capacityBytes(), c),
        CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY);
  }

  /** The budget's key, its value and what it comes to. */
  private static String budget(double perDay, GuardConfig c) {
    return String.format(
        Locale.ROOT,
        "%s=%s x capacity %s = %s/day",
        CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY,
        decimal(c.maxDriveWritesPerDay()),
        bytes(c.capacityBytes()),
        bytes((long) perDay));
  }

  /** 0.5 as 0.5, 2.0 as 2: as an operator writes the key. */
  private static String decimal(double v) {
    return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  private static String seconds(long micros) {
    return String.format(Locale.ROOT, "%.1f s of disk time", micros / 1e6);
  }

  private static String window(GuardConfig c) {
    return duration(c.windowMillis());
  }

  private static String duration(long ms) {
    if (ms % 60_000 == 0) {
      return ms / 60_000 + " min";
    }
    return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
  }

  static String bytes(long b) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = b;
    int u = 0;
    while (Math.abs(v) >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0 ? b + " B" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
