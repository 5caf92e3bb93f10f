package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.time.CacheClock;
import java.util.concurrent.locks.LockSupport;

/**
 * A JVM pause detector: a thread that sleeps {@link #PERIOD_NANOS} at a time and counts how late it
 * wakes. When the whole process stops (a GC safepoint, the VM descheduled by its host) every read
 * in flight looks slow by the pause and so does this thread's sleep; subtracting the one from the
 * other leaves what the disk took. A wake-up that is late right now counts too, so a read that ends
 * just after a pause, before this thread has woken, is not charged with it.
 *
 * <p>What it does not see: one reader's thread preempted by other busy threads while this thread
 * runs on time. {@link SlowSsdDetector} deals with that by asking for evidence from more than one
 * read. Lock-free: the state is one immutable {@link Tick} behind a volatile field, replaced by the
 * clock's thread alone.
 */
final class StallClock implements ProcessStalls {
  /** How long the thread sleeps; a wake-up later than this says the process was stalled. */
  static final long PERIOD_NANOS = 10_000_000L;

  /** The stalls counted so far and when the thread is due to wake next. */
  private static final class Tick {
    final long stalledBefore;
    final long dueAt;

    Tick(long stalledBefore, long dueAt) {
      this.stalledBefore = stalledBefore;
      this.dueAt = dueAt;
    }
  }

  private final CacheClock clock;
  private final RunQueue runQueue = new RunQueue();
  private volatile Tick tick;
  private volatile boolean stopped;
  private Thread thread;

  /** {@code clock}: the machine's, whose delays are measured. Not started: see {@link #start}. */
  StallClock(CacheClock clock) {
    this.clock = clock;
    this.tick = new Tick(0, clock.nanoTime() + PERIOD_NANOS);
  }

  /** A clock whose thread, named after the directory, runs until {@link #close}. */
  static StallClock start(String name, CacheClock clock) {
    StallClock c = new StallClock(clock);
    c.thread = CacheThreads.newThread(c::run, "local-cache-stall-clock-" + name);
    c.thread.start();
    return c;
  }

  private void run() {
    while (!stopped) {
      LockSupport.parkNanos(Math.max(0, tick.dueAt - clock.nanoTime()));
      if (clock.nanoTime() - tick.dueAt >= 0) {
        woke(clock.nanoTime());
      }
    }
  }

  /** The thread woke at {@code now}: how late it is counts as a stall; it sleeps a period again. */
  void woke(long now) {
    Tick t = tick;
    tick = new Tick(t.stalledBefore + Math.max(0, now - t.dueAt), now + PERIOD_NANOS);
  }

  @Override
  public long stalledNanos(long now) {
    Tick t = tick;
    return t.stalledBefore + Math.max(0, now - t.dueAt);
  }

  @Override
  public boolean cpuSaturated() {
    return runQueue.saturated(clock.nanoTime());
  }

  @Override
  public void close() {
    stopped = true;
    if (thread != null) {
      LockSupport.unpark(thread);
    }
  }
}
