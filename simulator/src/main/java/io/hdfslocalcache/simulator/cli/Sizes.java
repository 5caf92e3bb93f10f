package io.hdfslocalcache.simulator.cli;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Byte sizes as Hadoop reads them ({@code TraditionalBinaryPrefix}): a number with an optional
 * binary prefix k, m, g, t, p or e (case-insensitive, powers of 1024), here also with an optional
 * trailing B or iB so {@code 2TB} and {@code 2TiB} read as 2 x 2^40. A fraction is allowed if the
 * result is a whole number of bytes ({@code 1.5k}).
 */
final class Sizes {
  private static final Pattern FORMAT =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgtpe]?)(i?b)?", Pattern.CASE_INSENSITIVE);
  private static final String UNITS = "kmgtpe";

  private Sizes() {}

  static long parse(String text) {
    String t = text.trim();
    Matcher m = FORMAT.matcher(t);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "bad size '"
              + text
              + "': expected a number of bytes with an optional unit k, m, g, t, p or e (e.g. 128m, 2TB)");
    }
    String prefix = m.group(2).toLowerCase(Locale.ROOT);
    if (prefix.isEmpty() && m.group(3) != null && m.group(3).length() == 2) {
      throw new IllegalArgumentException("bad size '" + text + "': 'iB' needs a unit before it");
    }
    int power = prefix.isEmpty() ? 0 : UNITS.indexOf(prefix) + 1;
    BigDecimal bytes = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(1024).pow(power));
    if (bytes.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new IllegalArgumentException("bad size '" + text + "': larger than 8 EiB");
    }
    if (bytes.stripTrailingZeros().scale() > 0) {
      throw new IllegalArgumentException("bad size '" + text + "': not a whole number of bytes");
    }
    return bytes.longValueExact();
  }

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
