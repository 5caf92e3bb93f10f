package io.hdfslocalcache.metrics;

import java.util.Locale;

/**
 * The name of one member of a metric family: the family's prefix (a names-class constant ending in
 * {@code .}, such as {@link ReadPathMetrics#FALLBACK}) and an enum value in lower case ({@code
 * read.fallback.io_error}). The one place the DataNode, which registers the members, and the tools,
 * which read them, spell it, in {@link Locale#ROOT}: in the DataNode's default locale a Turkish
 * host would export {@code read.fallback.ıo_error}, a name no dashboard or alert asks for.
 */
public final class MetricFamily {
  private MetricFamily() {}

  /** {@code family} followed by {@code value}'s name in lower case. */
  public static String member(String family, Enum<?> value) {
    if (!family.endsWith(".")) {
      throw new IllegalArgumentException("not a metric family (no trailing '.'): " + family);
    }
    return family + value.name().toLowerCase(Locale.ROOT);
  }
}
