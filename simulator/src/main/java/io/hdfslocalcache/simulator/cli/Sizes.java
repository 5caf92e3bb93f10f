package io.hdfslocalcache.simulator.cli;

import java.util.Locale;

/**
 * Byte sizes for people, in tables and charts: {@code 1.5 GiB}, {@code 512 B}. Options are read in
 * the one grammar of {@link io.hdfslocalcache.config.SizeValue}, not here.
 */
final class Sizes {
  private Sizes() {}

  /** Short binary form for tables: 1.5 GiB, 2 TiB, 512 B. */
  static String format(long bytes) {
    if (bytes == Long.MAX_VALUE) {
      return "unbounded";
    }
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = bytes;
    int u = 0;
    while (Math.abs(v) >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    if (u == 0) {
      return bytes + " B";
    }
    return (v == Math.rint(v)
            ? String.format(Locale.ROOT, "%.0f", v)
            : String.format(Locale.ROOT, "%.1f", v))
        + " "
        + units[u];
  }
}
