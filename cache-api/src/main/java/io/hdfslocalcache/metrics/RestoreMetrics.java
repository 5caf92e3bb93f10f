package io.hdfslocalcache.metrics;

/**
 * Names of the restart-restore metrics. Each name is a constant here with its one description
 * ({@link Describe}); datanode-cache counts under it, the status command and tests read it.
 */
public final class RestoreMetrics {
  @Describe("Cached blocks from before a restart validated and served again.")
  public static final String RESTORED = "store.restored";

  @Describe("Cached blocks from before a restart dropped by validation, all causes.")
  public static final String DROPPED = "store.restore.dropped";

  @Describe("Cached blocks from before a restart dropped by validation, by cause")
  public static final String DROPPED_BY_CAUSE = DROPPED + ".";

  @Describe("Microseconds spent validating cached blocks from before a restart, all block pools.")
  public static final String MICROS = "store.restore.micros";

  private RestoreMetrics() {}
}
