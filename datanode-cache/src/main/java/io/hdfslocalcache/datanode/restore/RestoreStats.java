package io.hdfslocalcache.datanode.restore;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.MetricFamily;
import io.hdfslocalcache.metrics.RestoreMetrics;
import java.util.EnumMap;
import java.util.Map;

/** Metrics of restart restore; named, each with its description, in {@link RestoreMetrics}. */
public final class RestoreStats {
  final Counter restored;
  final Counter dropped;
  final Map<RestoreDrop, Counter> droppedBy = new EnumMap<>(RestoreDrop.class);
  final Counter micros;

  public RestoreStats(MetricRegistry registry) {
    restored = registry.counter(RestoreMetrics.RESTORED);
    dropped = registry.counter(RestoreMetrics.DROPPED);
    micros = registry.counter(RestoreMetrics.MICROS);
    for (RestoreDrop d : RestoreDrop.values()) {
      droppedBy.put(d, registry.counter(MetricFamily.member(RestoreMetrics.DROPPED_BY_CAUSE, d)));
    }
  }
}
