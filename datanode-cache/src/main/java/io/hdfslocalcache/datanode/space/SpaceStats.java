package io.hdfslocalcache.datanode.space;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.invalidate.InvalidationStats;

/** Metrics of space and eviction; each named and documented here once. */
public final class SpaceStats {
  /** Whole blocks evicted, least recently read first, to make room for a fill. */
  public static final String EVICTIONS = "store.evictions";

  /**
   * Data pages evicted, least recently read first, in {@code pages} fill mode (to make room for a
   * fill or on a file system below its reserve); an entry whose last page goes is dropped with its
   * meta and counted in {@code store.evictions}.
   */
  public static final String EVICTED_PAGES = "store.evictions.pages";

  final Counter evictions;
  final Counter evictedPages;

  /** Blocks evicted early on a file system below its reserve (an invalidation cause). */
  final Counter evictedNoSpace;

  public SpaceStats(MetricRegistry registry) {
    evictions = registry.counter(EVICTIONS);
    evictedPages = registry.counter(EVICTED_PAGES);
    evictedNoSpace = registry.counter(InvalidationStats.name(InvalidationCause.NO_SPACE));
  }
}
