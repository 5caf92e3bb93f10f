package io.hdfslocalcache.datanode.admin;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.metrics.Describe;

/** Metrics of operator control; each named and documented here once. */
public final class AdminStats {
  @Describe("1 while an operator has the cache bypassed (every read from the HDD), else 0.")
  public static final String BYPASS = "admin.bypass";

  private AdminStats() {}

  public static void register(MetricRegistry registry, AdminControl control) {
    registry.register(BYPASS, (Gauge<Integer>) () -> control.bypassed() ? 1 : 0);
  }
}
