package io.hdfslocalcache.datanode.invalidate;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.InvalidationMetrics;
import io.hdfslocalcache.metrics.MetricFamily;
import java.util.EnumMap;
import java.util.Map;

/** Metrics of invalidation; named, each with its description, in {@link InvalidationMetrics}. */
public final class InvalidationStats {
  private final Map<InvalidationCause, Counter> byCause = new EnumMap<>(InvalidationCause.class);

  public InvalidationStats(MetricRegistry registry) {
    for (InvalidationCause c : InvalidationCause.values()) {
      byCause.put(c, registry.counter(name(c)));
    }
  }

  public static String name(InvalidationCause c) {
    return MetricFamily.member(InvalidationMetrics.INVALIDATIONS, c);
  }

  public void count(InvalidationCause cause, long entries) {
    if (entries > 0) {
      byCause.get(cause).inc(entries);
    }
  }
}
