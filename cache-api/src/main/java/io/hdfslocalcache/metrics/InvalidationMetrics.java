package io.hdfslocalcache.metrics;

/**
 * Names of the invalidation metrics. Each name is a constant here with its one description ({@link
 * Describe}); datanode-cache counts under it, the status command and tests read it.
 */
public final class InvalidationMetrics {
  @Describe("Cached blocks removed other than by eviction, by cause")
  public static final String INVALIDATIONS = "store.invalidations.";

  private InvalidationMetrics() {}
}
