package io.hdfslocalcache.metrics;

/**
 * Names of the operator-control metrics. Each name is a constant here with its one description
 * ({@link Describe}); datanode-cache counts under it, the status command and tests read it.
 */
public final class AdminMetrics {
  @Describe("1 while an operator has the cache bypassed (every read from the HDD), else 0.")
  public static final String BYPASS = "admin.bypass";

  private AdminMetrics() {}
}
