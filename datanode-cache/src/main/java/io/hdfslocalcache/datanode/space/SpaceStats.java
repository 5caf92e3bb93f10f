package io.hdfslocalcache.datanode.space;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.invalidate.InvalidationStats;
import io.hdfslocalcache.metrics.SpaceMetrics;

/** Metrics of space and eviction; named, each with its description, in {@link SpaceMetrics}. */
public final class SpaceStats {
  final Counter evictions;
  final Counter evictedPages;

  /** Blocks evicted early on a file system below its reserve (an invalidation cause). */
  final Counter evictedNoSpace;

  public SpaceStats(MetricRegistry registry) {
    evictions = registry.counter(SpaceMetrics.EVICTIONS);
    evictedPages = registry.counter(SpaceMetrics.EVICTED_PAGES);
    evictedNoSpace = registry.counter(InvalidationStats.name(InvalidationCause.NO_SPACE));
  }
}
