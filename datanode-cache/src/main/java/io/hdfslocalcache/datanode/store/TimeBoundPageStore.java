package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.ReadRoute;
import io.hdfslocalcache.time.CacheClock;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * Bounds the wall time of every page operation on one directory that runs on its I/O threads (the
 * paper's reads hung for minutes on a sick SSD): all of them with {@code read.bound=strict}, all
 * but the synchronous reads the gate lets run on the caller's thread with {@code adaptive}. This
 * class only routes; the threads, the timeout and the refusals (BUSY, or TIMEOUT when every thread
 * is stuck) are {@link BoundedIoPool}'s, the deletes {@link OrderedDeletes}'.
 *
 * <p>Read-aheads ({@link #readAsync}) may use only half the threads, so streaming readers cannot
 * starve other readers' first pages, meta loads and fills; above that they are refused (BUSY) and
 * the reader reads the page itself.
 *
 * <p>Synchronous reads may instead run on the caller's own thread, without a hand-off, while the
 * {@link InlineReadGate} allows it ({@code read.bound=adaptive}); read-aheads and writes always use
 * the pool.
 */
final class TimeBoundPageStore extends ForwardingPageStore {
  /** Where page reads go: the store below, past any wrapper of writes alone. */
  private final PageStore reads;

  private final BoundedIoPool pool;
  private final InlineReadGate gate;
  private final OrderedDeletes deletes;

  /** {@code clock}: judges how long threads have been stuck (tests fake it). */
  TimeBoundPageStore(
      PageStore inner,
      Duration timeout,
      int maxThreads,
      long spinNanos,
      String name,
      InlineReadGate gate,
      CacheClock clock) {
    super(inner);
    this.reads = inner.pageReads();
    this.gate = gate;
    this.pool = new BoundedIoPool(timeout, maxThreads, spinNanos, name, clock);
    this.deletes = new OrderedDeletes(name);
  }

  @Override
  public void read(String fileId, long pageIndex, int pageOffset, ByteBuffer dst)
      throws CacheException {
    // Not on an interrupted thread: its FileChannel read would fail at once and close the page's
    // kept channel under the other readers (an interrupt during the read still can; they then
    // reopen the file, costing time, not a wrong byte or a directory error).
    if (gate.route() == ReadRoute.CALLER && !Thread.currentThread().isInterrupted()) {
      readOnCaller(fileId, pageIndex, pageOffset, dst);
      return;
    }
    pool.submit(
            new PageOp("read", fileId, pageIndex),
            true,
            () -> {
              reads.read(fileId, pageIndex, pageOffset, dst);
              return null;
            })
        .await();
  }

  /**
   * The read on the caller's thread. An interrupt (the DataNode stopping) that fails it is
   * INTERRUPTED, as on the pool: the disk did nothing wrong, so no directory error.
   */
  private void readOnCaller(String fileId, long pageIndex, int pageOffset, ByteBuffer dst)
      throws CacheException {
    SlowSsdDetector.Started start = gate.begin();
    try {
      reads.read(fileId, pageIndex, pageOffset, dst);
    } catch (CacheException | RuntimeException e) {
      PageOp op = new PageOp("read", fileId, pageIndex);
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
      String fileId, long pageIndex, int pageOffset, ByteBuffer dst, AfterRead then) {
    PageOp op = new PageOp("read-ahead", fileId, pageIndex);
    if (pool.inUseAtLeast(0.5)) {
      return PendingIo.failed(
          new CacheException(
              CacheFailure.BUSY, op + ": half the directory's I/O threads are in use"));
    }
    return pool.submit(
        op,
        false,
        () -> {
          reads.read(fileId, pageIndex, pageOffset, dst);
          then.check();
          return null;
        });
  }

  @Override
  public void write(String fileId, long pageIndex, byte[] src, int off, int len)
      throws CacheException {
    pool.submit(
            new PageOp("write", fileId, pageIndex),
            true,
            () -> {
              inner.write(fileId, pageIndex, src, off, len);
              return null;
            })
        .await();
  }

  @Override
  public void deleteFile(String fileId) {
    deletes.run(() -> inner.deleteFile(fileId));
  }

  @Override
  public void deletePage(String fileId, long pageIndex) {
    deletes.run(() -> inner.deletePage(fileId, pageIndex));
  }

  @Override
  public void afterDeletes(Runnable then) {
    deletes.run(() -> inner.afterDeletes(then));
  }

  @Override
  public void close() {
    deletes.shutdown();
    pool.shutdown();
    pool.finish();
    deletes.finish();
    gate.close();
    inner.close();
  }
}
