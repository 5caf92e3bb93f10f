package io.hdfslocalcache.config;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Durations, in the one grammar ({@link Quantity}) of every DataNode key and simulator option: a
 * number with a unit {@code ms s m h d} (also {@code min}, and Hadoop's {@code ns us}; any case),
 * or a bare number of milliseconds: {@code 500ms}, {@code 10s}, {@code 1m}, {@code 1.5h}, {@code
 * 500}.
 *
 * <p>Bare = milliseconds because Hadoop's {@code Configuration.getTimeDuration} reads a bare number
 * in the key's default unit and the DataNode's keys always read theirs in milliseconds. A value
 * must come to whole milliseconds, the resolution of every key and option ({@code 1500us} is
 * refused where Hadoop rounded it down to 1 ms). {@link #format} prints only forms Hadoop's parser
 * takes.
 */
public final class DurationValue {
  private static final Quantity GRAMMAR =
      new Quantity(
          "duration",
          "milliseconds",
          units(),
          "more than 292 million years",
          "a duration is a number of milliseconds, or a number with a unit ms, s, m or min, h, d"
              + " (also ns, us; any case), e.g. 500, 500ms, 10s, 1m, 1.5h");

  private static final long[] FORMAT_UNITS = {86_400_000L, 3_600_000L, 60_000L, 1000L};
  private static final String[] FORMAT_NAMES = {"d", "h", "m", "s"};

  private DurationValue() {}

  private static Map<String, BigDecimal> units() {
    Map<String, BigDecimal> units = new LinkedHashMap<>();
    units.put("", BigDecimal.ONE);
    units.put("ns", new BigDecimal("0.000001"));
    units.put("us", new BigDecimal("0.001"));
    units.put("ms", BigDecimal.ONE);
    units.put("s", BigDecimal.valueOf(1000));
    units.put("m", BigDecimal.valueOf(60_000));
    units.put("min", BigDecimal.valueOf(60_000));
    units.put("h", BigDecimal.valueOf(3_600_000));
    units.put("d", BigDecimal.valueOf(86_400_000));
    return units;
  }

  /**
   * The duration in {@code text}, whole milliseconds.
   *
   * @param name the key or option, named in the error
   * @throws IllegalArgumentException naming {@code name} and the value, and what is accepted
   */
  public static Duration parse(String name, String text) {
    return Duration.ofMillis(GRAMMAR.parse(name, text));
  }

  /** As {@link #parse(String, String)}, for a caller that names the option itself (picocli). */
  public static Duration parse(String text) {
    return Duration.ofMillis(GRAMMAR.parse(null, text));
  }

  /** The shortest exact form: 60000 ms prints as {@code 1m}, 1500 ms as {@code 1500ms}. */
  public static String format(Duration d) {
    if (d.isNegative() || d.getNano() % 1_000_000 != 0) {
      throw new IllegalArgumentException("not a whole, non-negative number of milliseconds: " + d);
    }
    long ms = d.toMillis();
    for (int i = 0; i < FORMAT_UNITS.length && ms != 0; i++) {
      if (ms % FORMAT_UNITS[i] == 0) {
        return ms / FORMAT_UNITS[i] + FORMAT_NAMES[i];
      }
    }
    return ms + "ms";
  }
}
