package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.time.CacheClock;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One directory's I/O threads: a page operation handed here is waited for at most the timeout. The
 * pool hands off without a queue: when a burst uses every thread a new operation is refused at once
 * (BUSY) instead of queueing behind them, and no thread is ever created per read. When every thread
 * has been stuck for longer than the timeout the disk is not answering, and the refusal is a
 * TIMEOUT instead: a directory error, so a hung disk leaves service even when nobody waits for the
 * stuck operations (a dropped read-ahead). A timed-out operation may still complete later (into the
 * caller's buffer, for a read); callers never touch that buffer again after a failure.
 *
 * <p>Nothing here interrupts an I/O thread, not even one past the timeout: the JDK closes an
 * interruptible channel on the interrupting thread, and that close waits until every thread inside
 * the channel's native read has left it ({@code FileChannelImpl.implCloseChannel}, {@code
 * NativeThreadSet.signalAndWait}; JDK 8, 17 and 25). On a hung disk the read does not leave, so a
 * reader that interrupted its timed-out read waited in {@code Thread.interrupt()} for as long as
 * the disk hung. A timed-out operation is cancelled without an interrupt and left to the kernel;
 * its thread stays counted as running until the read returns, so a hung disk takes at most the
 * pool's threads and then gets refusals, never new threads.
 *
 * <p>"Every thread in use" means running an operation, not merely alive: a thread that has just
 * finished one is not yet back waiting for the next, and a hand-off without a queue finds nobody
 * there (one reader's operations one after another on a one-thread pool: 19,848 of 20,000 were
 * refused). On a starved CPU that window lasts a scheduling quantum, and a refused read goes to the
 * HDD. So while fewer operations run than there are threads, a refused hand-off waits up to {@link
 * #HANDOFF_WAIT_NANOS} for a finishing thread to come back ({@link #handOffLate}); only then is it
 * BUSY.
 */
final class BoundedIoPool {
  /**
   * The longest a hand-off waits for a thread that is finishing an operation: a few scheduling
   * quanta of a saturated CPU, well under one HDD read, which is what a refusal would cost.
   */
  static final long HANDOFF_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

  private final long timeoutNanos;

  /** How long a caller spins before parking (see {@link #awaitBriefly}). */
  private final long spinNanos;

  private final int maxThreads;
  private final ThreadPoolExecutor pool;
  private final CacheClock clock;

  /** Start time of the operation each pool thread is running now. */
  private final ConcurrentHashMap<Thread, Long> running = new ConcurrentHashMap<>();

  /** {@code clock}: judges how long threads have been stuck (tests fake it). */
  BoundedIoPool(Duration timeout, int maxThreads, long spinNanos, String name, CacheClock clock) {
    this.spinNanos = spinNanos;
    this.timeoutNanos = timeout.toNanos();
    this.maxThreads = maxThreads;
    this.clock = clock;
    AtomicInteger n = new AtomicInteger();
    this.pool =
        new ThreadPoolExecutor(
            0,
            maxThreads,
            30,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            r -> CacheThreads.newThread(r, "local-cache-io-" + name + "-" + n.incrementAndGet()),
            this::handOffLate);
  }

  /**
   * Every thread is alive and none waits for work. If one is only finishing an operation (fewer run
   * than there are threads), wait for it to take this one; else refuse at once.
   */
  private void handOffLate(Runnable r, ThreadPoolExecutor ex) {
    if (running.size() < maxThreads && !ex.isShutdown()) {
      try {
        if (ex.getQueue().offer(r, HANDOFF_WAIT_NANOS, TimeUnit.NANOSECONDS)) {
          return;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    throw new RejectedExecutionException("every I/O thread is running an operation");
  }

  /** True while at least {@code share} of the threads run an operation. */
  boolean inUseAtLeast(double share) {
    return running.size() >= maxThreads * share;
  }

  /**
   * Starts {@code task} on a free thread; its {@link PendingIo} waits for it, at most the timeout.
   * {@code spin}: the caller needs the result now (see {@link #awaitBriefly}). A read-ahead is
   * awaited without spinning: it is usually done by then, and when it is not, a spinning caller
   * would take the core that the other read-ahead thread needs.
   */
  PendingIo submit(PageOp op, boolean spin, Callable<Void> task) {
    Started started = new Started();
    Future<Void> f;
    try {
      f =
          pool.submit(
              () -> {
                if (!started.claimed.compareAndSet(false, true)) {
                  return null; // cancelled first: it never touches its buffer
                }
                started.yes = true;
                Thread self = Thread.currentThread();
                running.put(self, clock.nanoTime());
                try {
                  return task.call();
                } finally {
                  running.remove(self);
                  started.end();
                }
              });
    } catch (RejectedExecutionException e) {
      return PendingIo.failed(refusal(op));
    }
    return new PendingIo() {
      @Override
      public void await() throws CacheException {
        BoundedIoPool.this.await(f, started, spin, op);
      }

      @Override
      public OpEnd cancel() {
        return stop(f, started);
      }
    };
  }

  /**
   * Nobody waits for the operation any more: one not started never starts; one running is left to
   * finish, never interrupted (see the class comment). Returns its end.
   */
  private static OpEnd stop(Future<Void> f, Started started) {
    f.cancel(false);
    if (started.claimed.compareAndSet(false, true)) {
      started.end(); // not started: now it never will
    }
    return started;
  }

  /**
   * Set by the I/O thread when it starts an operation: the caller's spin watches it. {@code
   * claimed} is taken by whichever comes first, the operation's start or its cancel, so a cancel
   * knows whether the operation can still write into its buffer. As an {@link OpEnd} it runs what
   * waits for the operation's end, once the operation ran to its end (or failed, or never started).
   */
  private static final class Started implements OpEnd {
    private static final Object ENDED = new Object();

    final AtomicBoolean claimed = new AtomicBoolean();

    volatile boolean yes;

    /** Null while the operation may run, {@link #ENDED} after, else the actions its end runs. */
    private final AtomicReference<Object> end = new AtomicReference<>();

    /** The operation writes nothing more: runs the actions handed over meanwhile. */
    void end() {
      Object waiting = end.getAndSet(ENDED);
      if (waiting instanceof Runnable) {
        ((Runnable) waiting).run();
      }
    }

    @Override
    public void whenEnded(Runnable action) {
      for (; ; ) {
        Object now = end.get();
        if (now == ENDED) {
          action.run();
          return;
        }
        Runnable next = now == null ? action : both((Runnable) now, action);
        if (end.compareAndSet(now, next)) {
          return;
        }
      }
    }

    private static Runnable both(Runnable first, Runnable second) {
      return () -> {
        first.run();
        second.run();
      };
    }
  }

  /** BUSY, or TIMEOUT when every thread has been stuck longer than the timeout. */
  private CacheException refusal(PageOp what) {
    long now = clock.nanoTime();
    long stuck =
        running.size() < maxThreads
            ? 0
            : running.values().stream().mapToLong(start -> now - start).min().orElse(0);
    if (stuck > timeoutNanos) {
      return new CacheException(
          CacheFailure.TIMEOUT,
          what
              + ": every I/O thread of this"
              + " directory has been stuck for more than "
              + Duration.ofNanos(timeoutNanos));
    }
    return new CacheException(
        CacheFailure.BUSY, what + ": every I/O thread of this directory is busy");
  }

  /**
   * {@code spin}: false to park at once (a read-ahead). A failure the caller stops waiting for
   * carries the operation's end ({@link CacheException#operationEnd}): it may still write.
   */
  private void await(Future<Void> f, Started started, boolean spin, PageOp op)
      throws CacheException {
    try {
      if (spin) {
        awaitBriefly(f, started);
      }
      f.get(timeoutNanos, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new CacheException(
          CacheFailure.TIMEOUT,
          op + " took longer than " + Duration.ofNanos(timeoutNanos),
          stop(f, started));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof CacheException) {
        throw (CacheException) e.getCause();
      }
      throw new CacheException(CacheFailure.IO_ERROR, op.toString(), e.getCause());
    } catch (InterruptedException e) {
      // The caller is being stopped, the disk did nothing wrong: the operation is left to finish
      // (never interrupted: that could fail it as an I/O error) and the caller keeps its flag.
      Thread.currentThread().interrupt();
      throw new CacheException(CacheFailure.INTERRUPTED, op + " interrupted", stop(f, started));
    }
  }

  /**
   * A page read from the page cache or a fast SSD finishes within ~100 us; parking the caller and
   * waking it again costs about as much again (measured: a cached 128 MB block read 29.7 ms without
   * this, 18.2 ms with it, 14.2 ms with no hand-off at all). So the caller spins that long before
   * it parks; a slow or hung disk costs at most this much CPU per operation.
   *
   * <p>Unless no I/O thread has started the operation within a quarter of that: then no core was
   * free to run it, and spinning on would keep the very core it waits for (two readers on two
   * cores: the spin held the core the I/O thread needed for up to 100 us per synchronous read).
   */
  private void awaitBriefly(Future<?> f, Started started) {
    // The machine's clock, not the cache's: a budget of CPU spent spinning, which a fake clock
    // that never moves would turn into a spin without end.
    long begin = System.nanoTime();
    long end = begin + spinNanos;
    long startBy = begin + spinNanos / 4;
    for (long now = begin; !f.isDone() && now < end; now = System.nanoTime()) {
      if (now > startBy && !started.yes) {
        return; // not picked up yet: park and leave the core to the I/O thread
      }
      // busy wait: Thread.onSpinWait (a PAUSE hint) is Java 9+
    }
  }

  /** Stops taking operations; {@link #finish} waits for the running ones. */
  void shutdown() {
    pool.shutdown();
  }

  /**
   * Lets running operations finish for up to 5 s; those still running then are stuck on the disk
   * and left to it, not interrupted (that would wait for them: see the class comment). Its threads
   * are daemons and end when their operations do.
   */
  void finish() {
    CacheThreads.awaitQuietly(pool);
  }
}
