package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.ReadRoute;
import io.hdfslocalcache.time.CacheClock;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
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
 *   <li>a read on the caller's thread that took longer than {@code slow} sends every later read to
 *       the I/O threads;
 *   <li>so does one still running after {@code slow}: the next read notices it (it looks at the
 *       reads in flight at most every quarter of {@code slow}), so on a hung disk only the reads
 *       that start within about {@code slow} of the hang wait for the kernel; every later one is
 *       bounded, times out, and the directory leaves service on its errors as before;
 *   <li>reads go back to the caller's thread after {@code coolDown}, and only if no read on a
 *       caller's thread is still stuck;
 *   <li>at most {@code maxInFlight} reads (the I/O pool's size) run on callers' threads at once; a
 *       read beyond them goes to the pool (without switching). So a hang traps at most that many
 *       DataXceiver threads on the disk, as many as the pool could, not every reader of a hot SSD
 *       that started in the moments before the gate noticed.
 * </ul>
 *
 * It cannot oscillate faster than one round trip per {@code coolDown} (a minute): a disk that stays
 * slow spends nearly all its time on the I/O threads. A GC pause or a preempted reader can look
 * like a slow read; that costs a minute of hand-offs, never a wrong byte. {@link ReadBound#STRICT}
 * always answers I/O threads. One INFO line per switch.
 *
 * <p>Thread-safety: the reads in flight are a concurrent map; the state is volatile and its
 * transitions are under this object's monitor (rare: at most two per cool-down).
 */
final class InlineReadGate {
  private static final Logger LOG = LoggerFactory.getLogger(InlineReadGate.class);

  /**
   * A page read slower than this is a sign of trouble: a page from a healthy SSD takes a few ms
   * even when queued (1 MB at 500 MB/s is 2 ms). Half the read timeout when that is shorter.
   */
  static final Duration SLOW = Duration.ofMillis(50);

  /** How long reads stay on the I/O threads after a slow one. */
  static final Duration COOL_DOWN = Duration.ofMinutes(1);

  private final ReadBound bound;
  private final long slowNanos;
  private final long coolDownNanos;
  private final CacheClock clock;
  private final String dir;
  private final int maxInFlight;

  /** Start time of the read each caller's thread is doing on the disk now. */
  private final ConcurrentHashMap<Thread, Long> inFlight = new ConcurrentHashMap<>();

  private volatile boolean pooled;
  private volatile long pooledAt;
  private volatile long nextLook;

  InlineReadGate(ReadBound bound, Duration timeout, int maxInFlight, String dir, CacheClock clock) {
    this(bound, shorter(SLOW, timeout.dividedBy(2)), COOL_DOWN, maxInFlight, dir, clock);
  }

  InlineReadGate(
      ReadBound bound,
      Duration slow,
      Duration coolDown,
      int maxInFlight,
      String dir,
      CacheClock clock) {
    this.bound = bound;
    this.maxInFlight = maxInFlight;
    this.slowNanos = Math.max(1, slow.toNanos());
    this.coolDownNanos = coolDown.toNanos();
    this.dir = dir;
    this.clock = clock;
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
      long stuck = longestInFlight(now);
      if (stuck > slowNanos) {
        toIoThreads(now, "a page read has been running on a reader's thread for " + ms(stuck));
        return ReadRoute.IO_THREADS_AFTER_SLOW_READ;
      }
      return toCaller(now) ? ReadRoute.CALLER : ReadRoute.IO_THREADS_AFTER_SLOW_READ;
    }
    if (now - nextLook >= 0) {
      nextLook = now + slowNanos / 4;
      long stuck = longestInFlight(now);
      if (stuck > slowNanos) {
        toIoThreads(now, "a page read has been running for " + ms(stuck));
        return ReadRoute.IO_THREADS_AFTER_SLOW_READ;
      }
    }
    return inFlight.size() < maxInFlight ? ReadRoute.CALLER : ReadRoute.IO_THREADS;
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
    return now - pooledAt < coolDownNanos || longestInFlight(now) > slowNanos
        ? ReadRoute.IO_THREADS_AFTER_SLOW_READ
        : ReadRoute.CALLER;
  }

  /** The caller's thread starts a page read; returns its start, for {@link #end}. */
  long begin() {
    long start = clock.nanoTime();
    inFlight.put(Thread.currentThread(), start);
    return start;
  }

  /** The read the caller's thread began at {@code start} returned (or failed). */
  void end(long start) {
    long now = clock.nanoTime();
    if (now - start > slowNanos) {
      // before leaving the reads in flight: a route() that looks in between still sees it
      toIoThreads(now, "a page read took " + ms(now - start));
    }
    inFlight.remove(Thread.currentThread());
  }

  private long longestInFlight(long now) {
    long longest = 0;
    for (long start : inFlight.values()) {
      longest = Math.max(longest, now - start);
    }
    return longest;
  }

  private synchronized void toIoThreads(long now, String why) {
    boolean was = pooled;
    pooledAt = now; // a further slow read restarts the cool-down
    pooled = true;
    if (!was) {
      LOG.info(
          "hdfs-local-cache: page reads of {} go through its I/O threads, each bounded by"
              + " read.timeout, for at least {} s: {}",
          dir,
          coolDownNanos / 1_000_000_000L,
          why);
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

  private static String ms(long nanos) {
    return nanos / 1_000_000 + " ms";
  }
}
