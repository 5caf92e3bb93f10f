package io.hdfslocalcache.datanode.metrics;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;

/** Host-wide load the cache is meant to relieve; each metric named and documented here once. */
public final class HostStats {
  @Describe("Host processes in uninterruptible sleep (/proc/stat procs_blocked); -1 if absent.")
  public static final String PROCS_BLOCKED = "host.procs.blocked";

  @Describe("Host runnable processes (/proc/stat procs_running); -1 if absent.")
  public static final String PROCS_RUNNING = "host.procs.running";

  public HostStats(MetricRegistry registry, ProcStat procStat) {
    registry.register(PROCS_BLOCKED, (Gauge<Long>) procStat::procsBlocked);
    registry.register(PROCS_RUNNING, (Gauge<Long>) procStat::procsRunning);
  }
}
