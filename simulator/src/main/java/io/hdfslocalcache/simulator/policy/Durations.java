package io.hdfslocalcache.simulator.policy;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints the short durations of policy specs: {@code 500ms}, {@code 30s}, {@code 1m},
 * {@code 2h}, {@code 1d}.
 */
public final class Durations {
  private static final Pattern FORMAT = Pattern.compile("(\\d+)(ms|s|m|h|d)");

  private Durations() {}

  public static Duration parse(String text) {
    Matcher m = FORMAT.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "bad duration '" + text + "' (use a whole number with ms, s, m, h or d, e.g. 1m)");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      default -> Duration.ofDays(n);
    };
  }

  /** The shortest exact form: 60000 ms prints as 1m. */
  public static String format(Duration d) {
    long ms = d.toMillis();
    long[] units = {86_400_000L, 3_600_000L, 60_000L, 1000L};
    String[] names = {"d", "h", "m", "s"};
    for (int i = 0; i < units.length; i++) {
      if (ms != 0 && ms % units[i] == 0) {
        return ms / units[i] + names[i];
      }
    }
    return ms + "ms";
  }
}
