package io.hdfslocalcache.datanode.store;

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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * Bounds the wall time of every page operation on one directory that runs on its pool (the paper's
 * reads hung for minutes on a sick SSD): all of them with {@code read.bound=strict}, all but the
 * synchronous reads the gate lets run on the caller's thread with {@code adaptive}. Operations run
 * on a small per-directory pool and the caller waits at most the timeout, then falls back to the
 * HDD. The pool hands off without a queue: when a burst uses every thread a new operation is
 * refused at once (BUSY: that read goes to the HDD, the cached copy stays) instead of queueing
 * behind them, and no thread is ever created per read. When every thread has been stuck for longer
 * than the timeout the disk is not answering, and the refusal is a TIMEOUT instead: a directory
 * error, so a hung disk leaves service even when nobody waits for the stuck operations (a dropped
 * read-ahead). A timed-out read may still complete later into the caller's buffer; callers never
 * touch that buffer again after a failure.
 *
 * <p>Read-aheads ({@link #readAsync}) may use only half the threads, so streaming readers cannot
 * starve other readers' first pages, meta loads and fills; above that they are refused (BUSY) and
 * the reader reads the page itself.
 *
 * <p>Synchronous reads may instead run on the caller's own thread, without a hand-off, while the
 * {@link InlineReadGate} allows it ({@code read.bound=adaptive}); read-aheads and writes always use
 * the pool.
 *
 * <p>Deletes run on a separate ordered thread (see {@link #deleteFile}).
 */
final class TimeBoundPageStore extends ForwardingPageStore {
  private final long timeoutNanos;

  /** How long a caller spins before parking (see {@link #awaitBriefly}). */
  private final long spinNanos;

  private final int maxThreads;
  private final ThreadPoolExecutor pool;
  private final LongSupplier nanoTime;
  private final InlineReadGate gate;

  /** Start time of the operation each pool thread is running now. */
  private final ConcurrentHashMap<Thread, Long> running = new ConcurrentHashMap<>();

  /** One thread, unbounded FIFO: deletes are small and their order carries the budget release. */
  private final java.util.concurrent.ExecutorService deleter;

  TimeBoundPageStore(
      PageStore inner,
      Duration timeout,
      int maxThreads,
      long spinNanos,
      String name,
      InlineReadGate gate) {
    this(inner, timeout, maxThreads, spinNanos, name, gate, System::nanoTime);
  }

  /** {@code nanoTime}: the clock that judges how long threads have been stuck (tests fake it). */
  TimeBoundPageStore(
      PageStore inner,
      Duration timeout,
      int maxThreads,
      long spinNanos,
      String name,
      InlineReadGate gate,
      LongSupplier nanoTime) {
    super(inner);
    this.gate = gate;
    this.spinNanos = spinNanos;
    this.timeoutNanos = timeout.toNanos();
    this.maxThreads = maxThreads;
    this.nanoTime = nanoTime;
    AtomicInteger n = new AtomicInteger();
    this.pool =
        new ThreadPoolExecutor(
            0,
            maxThreads,
            30,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            r -> CacheThreads.newThread(r, "local-cache-io-" + name + "-" + n.incrementAndGet()));
    this.deleter =
        java.util.concurrent.Executors.newSingleThreadExecutor(
            r -> CacheThreads.newThread(r, "local-cache-delete-" + name));
  }

  @Override
  public void read(String fileId, long pageIndex, int pageOffset, byte[] dst, int off, int len)
      throws CacheException {
    // Not on an interrupted thread: its FileChannel read would fail at once and close the page's
    // kept channel under the other readers (an interrupt during the read still can; they then
    // reopen the file, costing time, not a wrong byte or a directory error).
    if (gate.route() == ReadRoute.CALLER && !Thread.currentThread().isInterrupted()) {
      readOnCaller(fileId, pageIndex, pageOffset, dst, off, len);
      return;
    }
    submit(
            new Op("read", fileId, pageIndex),
            true,
            () -> {
              inner.read(fileId, pageIndex, pageOffset, dst, off, len);
              return null;
            })
        .await();
  }

  /**
   * The read on the caller's thread. An interrupt (the DataNode stopping) that fails it is
   * INTERRUPTED, as on the pool: the disk did nothing wrong, so no directory error.
   */
  private void readOnCaller(
      String fileId, long pageIndex, int pageOffset, byte[] dst, int off, int len)
      throws CacheException {
    long start = gate.begin();
    try {
      inner.read(fileId, pageIndex, pageOffset, dst, off, len);
    } catch (CacheException | RuntimeException e) {
      Op op = new Op("read", fileId, pageIndex);
      if (Thread.currentThread().isInterrupted()) {
        throw new CacheException(CacheFailure.INTERRUPTED, op + " interrupted", e);
      }
      if (e instanceof CacheException) {
        throw (CacheException) e;
      }
      throw new CacheException(CacheFailure.IO_ERROR, op.toString(), e);
    } finally {
      gate.end(start);
    }
  }

  @Override
  public ReadRoute readRoute() {
    return gate.current();
  }

  /**
   * Hands the read and {@code then} to the pool and returns; the caller's wait in {@link
   * PendingIo#await} is what the timeout bounds (a read-ahead that finished long before it is
   * awaited costs no wait).
   */
  @Override
  public PendingIo readAsync(
      String fileId, long pageIndex, int pageOffset, byte[] dst, int off, int len, AfterRead then) {
    Op op = new Op("read-ahead", fileId, pageIndex);
    if (running.size() >= maxThreads / 2) {
      return PendingIo.failed(
          new CacheException(
              CacheFailure.BUSY, op + ": half the directory's I/O threads are in use"));
    }
    return submit(
        op,
        false,
        () -> {
          inner.read(fileId, pageIndex, pageOffset, dst, off, len);
          then.check();
          return null;
        });
  }

  @Override
  public void write(String fileId, long pageIndex, byte[] src, int off, int len)
      throws CacheException {
    submit(
            new Op("write", fileId, pageIndex),
            true,
            () -> {
              inner.write(fileId, pageIndex, src, off, len);
              return null;
            })
        .await();
  }

  /**
   * {@code spin}: the caller needs the result now (see {@link #awaitBriefly}). A read-ahead is
   * awaited without spinning: it is usually done by then, and when it is not, a spinning caller
   * would take the core that the other read-ahead thread needs.
   */
  private PendingIo submit(Op op, boolean spin, Callable<Void> task) {
    Started started = new Started();
    Future<Void> f;
    try {
      f =
          pool.submit(
              () -> {
                started.yes = true;
                Thread self = Thread.currentThread();
                running.put(self, nanoTime.getAsLong());
                try {
                  return task.call();
                } finally {
                  running.remove(self);
                }
              });
    } catch (RejectedExecutionException e) {
      return PendingIo.failed(refusal(op));
    }
    return () -> await(f, spin ? started : null, op);
  }

  /** Set by the I/O thread when it starts an operation: the caller's spin watches it. */
  private static final class Started {
    volatile boolean yes;
  }

  /** What an operation is, for failure messages (built only when one fails). */
  private static final class Op {
    private final String kind;
    private final String fileId;
    private final long pageIndex;

    Op(String kind, String fileId, long pageIndex) {
      this.kind = kind;
      this.fileId = fileId;
      this.pageIndex = pageIndex;
    }

    String kind() {
      return kind;
    }

    String fileId() {
      return fileId;
    }

    long pageIndex() {
      return pageIndex;
    }

    @Override
    public String toString() {
      return kind + " " + fileId + " page " + pageIndex;
    }
  }

  /** BUSY, or TIMEOUT when every thread has been stuck longer than the timeout. */
  private CacheException refusal(Op what) {
    long now = nanoTime.getAsLong();
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

  /** {@code started}: null to park at once (a read-ahead), else spin first. */
  private void await(Future<Void> f, Started started, Op op) throws CacheException {
    try {
      if (started != null) {
        awaitBriefly(f, started);
      }
      f.get(timeoutNanos, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new CacheException(
          CacheFailure.TIMEOUT, op + " took longer than " + Duration.ofNanos(timeoutNanos));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof CacheException) {
        throw (CacheException) e.getCause();
      }
      throw new CacheException(CacheFailure.IO_ERROR, op.toString(), e.getCause());
    } catch (InterruptedException e) {
      // The caller is being stopped, the disk did nothing wrong: the operation is left to finish
      // (never interrupted: that could fail it as an I/O error) and the caller keeps its flag.
      Thread.currentThread().interrupt();
      f.cancel(false);
      throw new CacheException(CacheFailure.INTERRUPTED, op + " interrupted");
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

  /**
   * Deletes go to their own thread, in order, behind a queue: a hung disk must not block the client
   * thread that closes the last stream of a retired entry, and a burst of reads must not make a
   * delete be dropped (its pages would stay while the budget counts them free).
   */
  @Override
  public void deleteFile(String fileId) {
    deleter.execute(() -> inner.deleteFile(fileId));
  }

  @Override
  public void deletePage(String fileId, long pageIndex) {
    deleter.execute(() -> inner.deletePage(fileId, pageIndex));
  }

  @Override
  public void afterDeletes(Runnable then) {
    deleter.execute(() -> inner.afterDeletes(then));
  }

  @Override
  public void close() {
    deleter.shutdown();
    pool.shutdown();
    try {
      pool.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      deleter.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    deleter.shutdownNow();
    pool.shutdownNow();
    inner.close();
  }
}
