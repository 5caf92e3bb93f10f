package io.hdfslocalcache.datanode.store;

/**
 * How long this process could not run when it should have (a GC pause, the whole VM descheduled),
 * and whether the CPU is oversubscribed now: what makes a read on a reader's thread slow that says
 * nothing about the disk. {@link StallClock} measures it; {@link #NONE} is for a fake clock, where
 * only the test moves time.
 */
interface ProcessStalls {
  /** Nothing ever stalls: a test's fake clock, or a detector judged by wall time alone. */
  ProcessStalls NONE = now -> 0;

  /** The process's stalls from an arbitrary origin until {@code now}; never decreases. */
  long stalledNanos(long now);

  /**
   * True while the machine's cores are oversubscribed (more runnable threads than twice the cores):
   * then readers wait for a core, and for one another's locks held by preempted threads, in bursts
   * a pause detector does not see. False where it cannot be told.
   */
  default boolean cpuSaturated() {
    return false;
  }

  /** Stops whatever measures the stalls (a thread); a no-op for the others. */
  default void close() {}
}
