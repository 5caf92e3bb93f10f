package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.ReadRoute;
import io.hdfslocalcache.time.CacheClock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides where one directory's synchronous page reads run: on the reader's own thread ({@link
 * ReadRoute#CALLER}) or on the directory's I/O threads, the reader waiting at most {@code
 * read.timeout} ({@link ReadRoute#IO_THREADS_AFTER_SLOW_READ}; {@link ReadRoute#IO_THREADS} when
 * configured strict).
 *
 * <p>Why both. The hand-off to an I/O thread is what bounds a read on a hung SSD, but waking a
 * parked thread costs 10-20 us on a VM, and a 64 KB pread from memory costs ~22 us in the plain
 * path: with every read handed off, preads ran at 0.44x of plain files, on the reader's thread at
 * 1.07x (docs/benchmarks.md, hit path). A read on the reader's thread cannot be abandoned, though:
 * one that starts as the disk hangs waits for the kernel, as every read of a hung HDD does in HDFS
 * itself (the client gives up at its socket timeout and reads another replica). So in {@link
 * ReadBound#ADAPTIVE} the gate keeps that exposure to the first moments of trouble:
 *
 * <ul>
 *   <li>while the directory is healthy every read runs on its caller's thread, however many at
 *       once: a DataNode serves hundreds of readers, and capping them at the I/O pool's size sent
 *       the rest to a pool that refused them to the HDD while the SSD was fine;
 *   <li>when {@link SlowSsdDetector} finds the disk slow or hung, every later read goes to the I/O
 *       threads for {@code coolDown}; the detector looks at the reads in flight at most every
 *       quarter of {@code slow}, so on a hung disk only the reads that start within about {@code
 *       slow} of the hang wait for the kernel, and every later one is bounded, times out, and the
 *       directory leaves service on its errors, as on the callers' threads;
 *   <li>reads go back to the callers' threads after {@code coolDown}, and only if nothing in flight
 *       is still stuck.
 * </ul>
 *
 * A preempted reader or a GC pause does not switch (the detector's evidence is net of process
 * stalls and needs more than one read); a disk that stays slow spends nearly all its time on the
 * I/O threads, and the gate cannot oscillate faster than once per {@code coolDown}. {@link
 * ReadBound#STRICT} always answers I/O threads. One INFO line per switch.
 *
 * <p>Thread-safety: the state is volatile and its transitions are under this object's monitor
 * (rare: at most two per cool-down); the detector is thread-safe.
 */
final class InlineReadGate implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(InlineReadGate.class);

  /**
   * A page read slower than this (net of process stalls) is a sign of trouble: a page from a
   * healthy SSD takes a few ms even when queued (1 MB at 500 MB/s is 2 ms). Half the read timeout
   * when that is shorter.
   */
  static final Duration SLOW = Duration.ofMillis(50);

  /** One read this slow, or in flight this long, is trouble on its own (see the detector). */
  static final int STUCK_SLOWS = 10;

  /** How long reads stay on the I/O threads after a slow one. */
  static final Duration COOL_DOWN = Duration.ofMinutes(1);

  private final ReadBound bound;
  private final long slowNanos;
  private final long coolDownNanos;
  private final CacheClock clock;
  private final String dir;
  private final SlowSsdDetector detector;
  private final ProcessStalls stalls;

  private volatile boolean pooled;
  private volatile long pooledAt;
  private volatile long nextLook;

  /** The production gate: slow and stuck from the read timeout, stalls from {@code stalls}. */
  InlineReadGate(
      ReadBound bound, Duration timeout, String dir, CacheClock clock, ProcessStalls stalls) {
    this(
        bound,
        shorter(SLOW, timeout.dividedBy(2)),
        shorter(SLOW.multipliedBy(STUCK_SLOWS), timeout.dividedBy(2)),
        timeout,
        COOL_DOWN,
        dir,
        clock,
        stalls);
  }

  InlineReadGate(
      ReadBound bound,
      Duration slow,
      Duration stuck,
      Duration wallStuck,
      Duration coolDown,
      String dir,
      CacheClock clock,
      ProcessStalls stalls) {
    this.bound = bound;
    this.slowNanos = Math.max(1, slow.toNanos());
    this.coolDownNanos = coolDown.toNanos();
    this.dir = dir;
    this.clock = clock;
    this.stalls = stalls;
    this.detector =
        new SlowSsdDetector(
            clock, stalls, slowNanos, Math.max(slowNanos, stuck.toNanos()), wallStuck.toNanos());
    this.nextLook = clock.nanoTime();
  }

  private static Duration shorter(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  /** Where the read about to start runs; may switch the route (see the class comment). */
  ReadRoute route() {
    if (bound == ReadBound.STRICT) {
      return ReadRoute.IO_THREADS;
    }
    long now = clock.nanoTime();
    if (pooled) {
      if (now - pooledAt < coolDownNanos) {
        return ReadRoute.IO_THREADS_AFTER_SLOW_READ;
      }
      SlowSsdDetector.Verdict v = detector.inFlight(now);
      if (v != SlowSsdDetector.Verdict.HEALTHY) {
        toIoThreads(now, v);
        return ReadRoute.IO_THREADS_AFTER_SLOW_READ;
      }
      return toCaller(now) ? ReadRoute.CALLER : ReadRoute.IO_THREADS_AFTER_SLOW_READ;
    }
    if (now - nextLook >= 0) {
      nextLook = now + slowNanos / 4;
      SlowSsdDetector.Verdict v = detector.inFlight(now);
      if (v != SlowSsdDetector.Verdict.HEALTHY) {
        toIoThreads(now, v);
        return ReadRoute.IO_THREADS_AFTER_SLOW_READ;
      }
    }
    return ReadRoute.CALLER;
  }

  /**
   * The route now, without switching: what a streaming reader plans its read-ahead by, and the
   * gauge. By the clock, not only the state: a directory nobody reads after a slow read (idle, or
   * out of service) is back on the callers' threads once the cool-down is over and nothing is
   * stuck, as its next read would find.
   */
  ReadRoute current() {
    if (bound == ReadBound.STRICT) {
      return ReadRoute.IO_THREADS;
    }
    if (!pooled) {
      return ReadRoute.CALLER;
    }
    long now = clock.nanoTime();
    return now - pooledAt < coolDownNanos
            || detector.inFlight(now) != SlowSsdDetector.Verdict.HEALTHY
        ? ReadRoute.IO_THREADS_AFTER_SLOW_READ
        : ReadRoute.CALLER;
  }

  /** The caller's thread starts a page read; returns it, for {@link #end}. */
  SlowSsdDetector.Started begin() {
    return detector.begin();
  }

  /** The read the caller's thread began returned (or failed). */
  void end(SlowSsdDetector.Started read) {
    SlowSsdDetector.Verdict v = detector.end(read);
    if (v != SlowSsdDetector.Verdict.HEALTHY) {
      // before leaving the reads in flight: a route() that looks in between still sees it
      toIoThreads(clock.nanoTime(), v);
    }
    detector.finished();
  }

  private synchronized void toIoThreads(long now, SlowSsdDetector.Verdict why) {
    boolean was = pooled;
    pooledAt = now; // further trouble restarts the cool-down
    pooled = true;
    if (!was) {
      LOG.info(
          "hdfs-local-cache: page reads of {} go through its I/O threads, each bounded by"
              + " read.timeout, for at least {} s: {} (slow: {} ms, net of JVM pauses)",
          dir,
          coolDownNanos / 1_000_000_000L,
          why.why,
          slowNanos / 1_000_000);
    }
  }

  /** False if a slow read restarted the cool-down since the caller looked. */
  private synchronized boolean toCaller(long now) {
    if (now - pooledAt < coolDownNanos) {
      return false;
    }
    if (pooled) {
      pooled = false;
      LOG.info(
          "hdfs-local-cache: page reads of {} run on the readers' threads again (the {} s"
              + " after the last slow one are over)",
          dir,
          coolDownNanos / 1_000_000_000L);
    }
    return true;
  }

  /** Stops the stall clock the gate was given (its thread). */
  @Override
  public void close() {
    stalls.close();
  }
}
