package io.hdfslocalcache.config;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Byte sizes, in the one grammar ({@link Quantity}) of every DataNode key and simulator option: a
 * number of bytes, or a number with Hadoop's binary prefix {@code k m g t p e} (powers of 1024, any
 * case), optionally followed by {@code B} or {@code iB}: {@code 65536}, {@code 512m}, {@code 10g},
 * {@code 2TB}, {@code 2TiB}, {@code 1.5g}. Every value Hadoop's {@code
 * TraditionalBinaryPrefix.string2long} takes reads the same here, and {@link #format} prints only
 * forms it takes too.
 */
public final class SizeValue {
  private static final String PREFIXES = "kmgtpe";
  private static final Quantity GRAMMAR =
      new Quantity(
          "size",
          "bytes",
          units(),
          "more than 8 EiB",
          "a size is a number of bytes, optionally with a unit k, m, g, t, p or e (powers of 1024,"
              + " any case, B or iB may follow), e.g. 65536, 512m, 10g, 2TB, 1.5t");

  private SizeValue() {}

  private static Map<String, BigDecimal> units() {
    Map<String, BigDecimal> units = new LinkedHashMap<>();
    units.put("", BigDecimal.ONE);
    units.put("b", BigDecimal.ONE);
    for (int i = 0; i < PREFIXES.length(); i++) {
      BigDecimal worth = BigDecimal.valueOf(1024).pow(i + 1);
      String p = PREFIXES.substring(i, i + 1);
      units.put(p, worth);
      units.put(p + "b", worth);
      units.put(p + "ib", worth);
    }
    return units;
  }

  /**
   * Bytes in {@code text}.
   *
   * @param name the key or option, named in the error
   * @throws IllegalArgumentException naming {@code name} and the value, and what is accepted
   */
  public static long parse(String name, String text) {
    return GRAMMAR.parse(name, text);
  }

  /** As {@link #parse(String, String)}, for a caller that names the option itself (picocli). */
  public static long parse(String text) {
    return GRAMMAR.parse(null, text);
  }

  /**
   * The shortest exact form, in the largest unit that divides it: {@code 1t}, {@code 1536m}, {@code
   * 1000}. Lower-case prefixes with no {@code B}, so Hadoop's own parser reads it too.
   */
  public static String format(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("a size is not negative, got " + bytes);
    }
    for (int i = PREFIXES.length(); i > 0 && bytes != 0; i--) {
      long worth = 1L << (10 * i);
      if (bytes % worth == 0) {
        return bytes / worth + PREFIXES.substring(i - 1, i);
      }
    }
    return Long.toString(bytes);
  }
}
