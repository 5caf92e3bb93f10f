package io.hdfslocalcache.datanode.space;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.invalidate.InvalidationStats;
import io.hdfslocalcache.datanode.metrics.Describe;

/** Metrics of space and eviction; each named and documented here once. */
public final class SpaceStats {
  @Describe("Whole blocks evicted, least recently read first, to make room for a fill.")
  public static final String EVICTIONS = "store.evictions";

  @Describe("Data pages evicted, least recently read first (pages fill mode), since start.")
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
