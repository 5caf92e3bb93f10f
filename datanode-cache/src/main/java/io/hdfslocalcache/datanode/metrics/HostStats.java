package io.hdfslocalcache.datanode.metrics;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;

/** Host-wide load the cache is meant to relieve; each metric named and documented here once. */
public final class HostStats {
  public static final String PREFIX = "host.";

  public HostStats(MetricRegistry registry, ProcStat procStat) {
    /* Processes in uninterruptible sleep (mostly waiting on disks), /proc/stat; -1 if absent. */
    registry.register(PREFIX + "procs.blocked", (Gauge<Long>) procStat::procsBlocked);
    /* Runnable processes, /proc/stat procs_running; -1 if absent. */
    registry.register(PREFIX + "procs.running", (Gauge<Long>) procStat::procsRunning);
  }
}
