package io.hdfslocalcache.config;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar of sizes and durations; {@link SizeValue} and {@link DurationValue} give it their
 * units, this class does the rest, so the DataNode's keys and the simulator's options cannot drift
 * apart again.
 *
 * <p>A value is a decimal number, optional spaces, an optional unit (any case): {@code 512m},
 * {@code 2 TB}, {@code 1.5h}, {@code 500}. A bare number is in the base unit (bytes, milliseconds).
 * The result must be a whole number of the base unit ({@code 1.5k} = 1536 bytes is fine, {@code
 * 1.5} bytes is not) and fit a {@code long}. No sign: nothing takes a negative value (a leading
 * {@code +} is tolerated, as Hadoop's parsers did).
 */
final class Quantity {
  private static final Pattern FORMAT =
      Pattern.compile("\\+?(\\d+(?:\\.\\d+)?)\\s*([a-z]*)", Pattern.CASE_INSENSITIVE);
  private static final BigDecimal MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private final String noun;
  private final String baseUnit;
  private final Map<String, BigDecimal> units;
  private final String tooLarge;
  private final String accepted;

  /**
   * @param noun what a value is, for messages ("size")
   * @param baseUnit what a bare number counts, plural ("bytes")
   * @param units lower-case unit to its worth in base units; the empty unit is the bare number
   * @param tooLarge why a value over {@code Long.MAX_VALUE} base units is refused
   * @param accepted one sentence: what is accepted, with examples
   */
  Quantity(
      String noun,
      String baseUnit,
      Map<String, BigDecimal> units,
      String tooLarge,
      String accepted) {
    this.noun = noun;
    this.baseUnit = baseUnit;
    this.units = Collections.unmodifiableMap(units);
    this.tooLarge = tooLarge;
    this.accepted = accepted;
  }

  /**
   * The value in base units.
   *
   * @param name the key or option the value was given for, or null when the caller adds it
   * @throws IllegalArgumentException naming {@code name} and {@code text}, why, and what is
   *     accepted
   */
  long parse(String name, String text) {
    String t = text == null ? "" : text.trim();
    Matcher m = FORMAT.matcher(t);
    if (!m.matches()) {
      throw refused(
          name, text, t.isEmpty() ? "empty" : t.startsWith("-") ? "negative" : "not a number");
    }
    BigDecimal unit = units.get(m.group(2).toLowerCase(Locale.ROOT));
    if (unit == null) {
      throw refused(name, text, "unknown unit '" + m.group(2) + "'");
    }
    BigDecimal value = new BigDecimal(m.group(1)).multiply(unit);
    if (value.compareTo(MAX) > 0) {
      throw refused(name, text, tooLarge);
    }
    if (value.remainder(BigDecimal.ONE).signum() != 0) {
      throw refused(name, text, "not a whole number of " + baseUnit);
    }
    return value.longValueExact();
  }

  private IllegalArgumentException refused(String name, String text, String why) {
    return new IllegalArgumentException(
        (name == null ? "" : name + ": ")
            + "'"
            + text
            + "' is not a "
            + noun
            + " ("
            + why
            + "); "
            + accepted);
  }
}
