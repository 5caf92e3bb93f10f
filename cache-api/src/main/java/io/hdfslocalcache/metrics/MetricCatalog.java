package io.hdfslocalcache.metrics;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Name to description of every metric, read from the {@link Describe} constants of the names
 * classes: the name and its description stay in one place, its names class, and nothing here lists
 * a name again. A name declared twice is refused, so one name has one description.
 *
 * <p>Looking up a name finds its own constant or, for a family member such as {@code
 * read.fallback.io_error}, the longest family prefix ({@code read.fallback.}).
 */
public final class MetricCatalog {
  private final Map<String, MetricDoc> byName;

  private MetricCatalog(Map<String, MetricDoc> byName) {
    this.byName = Collections.unmodifiableMap(byName);
  }

  /** The {@link Describe} constants of {@code namesClasses}. */
  public static MetricCatalog of(Class<?>... namesClasses) {
    Map<String, MetricDoc> out = new TreeMap<>();
    for (Class<?> c : namesClasses) {
      for (Field f : c.getDeclaredFields()) {
        Describe d = f.getAnnotation(Describe.class);
        if (d == null) {
          continue;
        }
        String name = constant(f);
        MetricDoc previous = out.put(name, new MetricDoc(d.value(), d.total()));
        if (previous != null) {
          throw new IllegalStateException("metric name " + name + " declared twice (" + f + ")");
        }
      }
    }
    return new MetricCatalog(out);
  }

  private static String constant(Field f) {
    int m = f.getModifiers();
    if (!Modifier.isStatic(m) || !Modifier.isFinal(m) || f.getType() != String.class) {
      throw new IllegalStateException("@Describe on " + f + ": not a static final String");
    }
    try {
      f.setAccessible(true);
      return (String) f.get(null);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("@Describe on " + f + ": unreadable", e);
    }
  }

  /** The description of {@code name} (a name exported in a record), if one is declared. */
  public Optional<MetricDoc> describe(String name) {
    MetricDoc exact = byName.get(name);
    if (exact != null && !name.endsWith(".")) {
      return Optional.of(exact);
    }
    for (int dot = name.lastIndexOf('.'); dot > 0; dot = name.lastIndexOf('.', dot - 1)) {
      MetricDoc family = byName.get(name.substring(0, dot + 1));
      if (family != null) {
        return Optional.of(family.member(name.substring(dot + 1)));
      }
    }
    return Optional.empty();
  }

  /** Every declared name and family prefix, sorted. */
  public Iterable<String> names() {
    return byName.keySet();
  }
}
