package io.hdfslocalcache.metrics;

/**
 * Names of the space and eviction metrics. Each name is a constant here with its one description
 * ({@link Describe}); datanode-cache counts under it, the status command and tests read it.
 */
public final class SpaceMetrics {
  @Describe("Whole blocks evicted, least recently read first, to make room for a fill.")
  public static final String EVICTIONS = "store.evictions";

  @Describe("Data pages evicted, least recently read first (pages fill mode), since start.")
  public static final String EVICTED_PAGES = "store.evictions.pages";

  private SpaceMetrics() {}
}
