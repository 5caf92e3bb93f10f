package io.hdfslocalcache.metrics;

/**
 * Names of the host-wide load figures the cache is meant to relieve. Each name is a constant here
 * with its one description ({@link Describe}); datanode-cache counts under it, the status command
 * and tests read it.
 */
public final class HostMetrics {
  @Describe("Host processes in uninterruptible sleep (/proc/stat procs_blocked); -1 if absent.")
  public static final String PROCS_BLOCKED = "host.procs.blocked";

  @Describe("Host runnable processes (/proc/stat procs_running); -1 if absent.")
  public static final String PROCS_RUNNING = "host.procs.running";

  private HostMetrics() {}
}
