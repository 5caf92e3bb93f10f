package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.time.CacheClock;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Tells a slow or hung SSD from a busy CPU or a paused JVM, for the reads {@link InlineReadGate}
 * lets run on readers' threads. One read's wall time cannot tell them apart: a read of a healthy
 * SSD looks slow when its thread was preempted by other busy threads or stopped by a GC pause, and
 * on a DataNode with hundreds of readers on saturated cores that happens many times a minute. So:
 *
 * <ul>
 *   <li>time is counted net of the process's stalls ({@link ProcessStalls}: GC pauses, a
 *       descheduled VM), which stop every thread alike;
 *   <li>a <b>slow disk</b> is {@link #SLOW_READS} slow reads (net of stalls, over {@code slow})
 *       within {@link #SLOW_WINDOW_NANOS} that are at least half of every read the directory
 *       completed meanwhile: a preempted reader is one slow read among thousands of fast ones, a
 *       slow disk makes most reads slow. One read longer than {@code stuck} is enough;
 *   <li>a <b>hung disk</b> is a read still running after {@code slow} with no read of the directory
 *       completed since it began (the disk answers nobody), or after {@code stuck} whatever the
 *       others do (a dead region that hangs some reads while others are served). The reads in
 *       flight are looked at by their start, not by their own end, which a hung read never reaches.
 * </ul>
 *
 * <p>On an oversubscribed CPU ({@link ProcessStalls#cpuSaturated}) none of that is the disk's: a
 * reader waits for a core, and a convoy forms behind a lock whose holder was preempted, so many
 * reads end slow together and nothing completes for a while. Then only a read that has run the read
 * timeout by the wall clock counts: a hung disk is still noticed, later.
 *
 * <p>Thread-safety: the reads in flight are a concurrent map and the completions an atomic counter;
 * the slow reads' record (touched only by slow reads, rare) is under this object's monitor.
 */
final class SlowSsdDetector {
  /** Slow reads that, being at least half of the directory's reads, make the disk slow. */
  static final int SLOW_READS = 3;

  /** The slow reads must fall within this span. */
  static final long SLOW_WINDOW_NANOS = 10_000_000_000L;

  /** What the disk's reads say about it. */
  enum Verdict {
    HEALTHY(""),
    SLOW_READS("most recent page reads were slow"),
    VERY_SLOW_READ("a page read took longer than the stuck bound"),
    HUNG("a page read is running and no other read has completed since it began"),
    STUCK("a page read has been running longer than the stuck bound");

    final String why;

    Verdict(String why) {
      this.why = why;
    }
  }

  /** A read on a caller's thread: its start, the process's stalls then, the completions then. */
  static final class Started {
    final long at;
    final long stalled;
    final long doneBefore;

    Started(long at, long stalled, long doneBefore) {
      this.at = at;
      this.stalled = stalled;
      this.doneBefore = doneBefore;
    }
  }

  private final CacheClock clock;
  private final ProcessStalls stalls;
  private final long slowNanos;
  private final long stuckNanos;

  /**
   * A read running this long by the wall clock is stuck whatever the stalls or the CPU say (the
   * read timeout: the bound strict mode would have put on it).
   */
  private final long wallStuckNanos;

  private final ConcurrentHashMap<Thread, Started> inFlight = new ConcurrentHashMap<>();
  private final AtomicLong done = new AtomicLong();

  /** The last {@link #SLOW_READS} slow reads: when each ended and the completions count then. */
  private final long[] slowAt = new long[SLOW_READS];

  private final long[] slowDone = new long[SLOW_READS];
  private int slowSeen;

  SlowSsdDetector(
      CacheClock clock,
      ProcessStalls stalls,
      long slowNanos,
      long stuckNanos,
      long wallStuckNanos) {
    this.clock = clock;
    this.wallStuckNanos = wallStuckNanos;
    this.stalls = stalls;
    this.slowNanos = slowNanos;
    this.stuckNanos = stuckNanos;
  }

  /** The caller's thread starts a page read. */
  Started begin() {
    long now = clock.nanoTime();
    Started s = new Started(now, stalls.stalledNanos(now), done.get());
    inFlight.put(Thread.currentThread(), s);
    return s;
  }

  /**
   * The read {@code s} returned (or failed): what it says, before it leaves the reads in flight.
   */
  Verdict end(Started s) {
    long now = clock.nanoTime();
    long count = done.incrementAndGet();
    if (now - s.at > wallStuckNanos) {
      return Verdict.VERY_SLOW_READ;
    }
    long took = net(s, now);
    Verdict v =
        took > stuckNanos
            ? Verdict.VERY_SLOW_READ
            : took > slowNanos && slowRead(now, count) ? Verdict.SLOW_READS : Verdict.HEALTHY;
    return v == Verdict.HEALTHY || stalls.cpuSaturated() ? Verdict.HEALTHY : v;
  }

  /**
   * The read {@code s} is no longer in flight (after {@link #end}, so a look in between sees it).
   */
  void finished() {
    inFlight.remove(Thread.currentThread());
  }

  /** True if this slow read makes {@link #SLOW_READS} within the window, half the reads or more. */
  private synchronized boolean slowRead(long now, long count) {
    int i = slowSeen % SLOW_READS;
    slowAt[i] = now;
    slowDone[i] = count;
    slowSeen++;
    if (slowSeen < SLOW_READS) {
      return false;
    }
    int oldest = slowSeen % SLOW_READS;
    long reads = count - slowDone[oldest] + 1;
    return now - slowAt[oldest] <= SLOW_WINDOW_NANOS && reads <= 2L * SLOW_READS;
  }

  /** What the reads still in flight say: HUNG, STUCK, or HEALTHY. */
  Verdict inFlight(long now) {
    long completed = done.get();
    Verdict v = Verdict.HEALTHY;
    for (Started s : inFlight.values()) {
      if (now - s.at > wallStuckNanos) {
        return Verdict.STUCK;
      }
      long running = net(s, now);
      if (running > stuckNanos) {
        v = Verdict.STUCK;
      } else if (running > slowNanos && completed == s.doneBefore && v == Verdict.HEALTHY) {
        v = Verdict.HUNG;
      }
    }
    return v == Verdict.HEALTHY || stalls.cpuSaturated() ? Verdict.HEALTHY : v;
  }

  /** Time since {@code s} began, less the process's stalls meanwhile. */
  private long net(Started s, long now) {
    return (now - s.at) - (stalls.stalledNanos(now) - s.stalled);
  }
}
