package io.hdfslocalcache.datanode.admin;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.AdminMetrics;

/** Metrics of operator control; named, each with its description, in {@link AdminMetrics}. */
public final class AdminStats {
  private AdminStats() {}

  public static void register(MetricRegistry registry, AdminControl control) {
    registry.register(AdminMetrics.BYPASS, (Gauge<Integer>) () -> control.bypassed() ? 1 : 0);
  }
}
