package io.hdfslocalcache.datanode.space;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.invalidate.InvalidationStats;

/** Metrics of space and eviction; each named and documented here once. */
public final class SpaceStats {
  /** Whole blocks evicted, least recently read first, to make room for a fill. */
  public static final String EVICTIONS = "store.evictions";

  final Counter evictions;

  /** Blocks evicted early on a file system below its reserve (an invalidation cause). */
  final Counter evictedNoSpace;

  public SpaceStats(MetricRegistry registry) {
    evictions = registry.counter(EVICTIONS);
    evictedNoSpace = registry.counter(InvalidationStats.name(InvalidationCause.NO_SPACE));
  }
}
