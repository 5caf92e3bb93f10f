package io.hdfslocalcache.datanode.metrics;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.HostMetrics;

/** Host-wide load the cache is meant to relieve; each metric named in {@link HostMetrics}. */
public final class HostStats {
  public HostStats(MetricRegistry registry, ProcStat procStat) {
    registry.register(HostMetrics.PROCS_BLOCKED, (Gauge<Long>) procStat::procsBlocked);
    registry.register(HostMetrics.PROCS_RUNNING, (Gauge<Long>) procStat::procsRunning);
  }
}
