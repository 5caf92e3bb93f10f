package io.hdfslocalcache.datanode.store;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * How far one directory's open has come: a count that grows while the open makes progress (its own
 * steps, plus the CPU time of the thread that opens it). Start-up tells a directory that is still
 * opening from a hung one by whether this count moves; the value itself means nothing. Written by
 * the opening thread, read by the start-up watch from another.
 *
 * <p>Why the CPU time: the open spends its time in one call that takes no step, RocksDB's open,
 * which replays the index's write-ahead log and flushes it on the calling thread (a log of a
 * million records: about 1 s, 98% of it CPU time of that thread, while RocksDB's file events fired
 * 29 times in all, too few to count by). A thread stuck on a hung disk uses no CPU, so its count
 * stands still; one replaying a long log moves it all the time.
 */
public final class OpenProgress {
  private final AtomicLong steps = new AtomicLong();
  private volatile LongSupplier cpu = () -> 0;

  /** One step of the open done (a directory created, the index opened, the store opened). */
  public void step() {
    steps.incrementAndGet();
  }

  /**
   * The calling thread opens the directory: its CPU time counts from now on. Where the JVM cannot
   * tell a thread's CPU time, only the steps count.
   */
  public void countCpuOfThisThread() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (!threads.isThreadCpuTimeSupported()) {
      return;
    }
    long id = Thread.currentThread().getId();
    cpu = () -> Math.max(0, threads.getThreadCpuTime(id)); // -1 once it ended, or if disabled
  }

  /** The count now. */
  public long value() {
    return steps.get() + cpu.getAsLong();
  }
}
