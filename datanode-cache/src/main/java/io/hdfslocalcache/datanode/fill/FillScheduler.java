package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.FillTicket;
import io.hdfslocalcache.datanode.store.CacheThreads;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs fills off the client's read path: a small fixed pool behind a bounded queue. A full queue
 * drops the request (the block is read again later if it is really hot). The block map's ticket
 * makes fills of one block exclusive. Threads are named {@code local-cache-fill-N}.
 */
public final class FillScheduler implements AutoCloseable {
  private final ThreadPoolExecutor pool;
  private final BlockMap map;
  private final BlockFill fill;
  private final FillStats stats;

  public FillScheduler(
      int threads,
      int queue,
      BlockMap map,
      BlockFill fill,
      FillStats stats,
      com.codahale.metrics.MetricRegistry registry) {
    AtomicInteger n = new AtomicInteger();
    this.pool =
        new ThreadPoolExecutor(
            threads,
            threads,
            0,
            TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(queue),
            r -> CacheThreads.newThread(r, "local-cache-fill-" + n.incrementAndGet()));
    this.map = map;
    this.fill = fill;
    this.stats = stats;
    stats.register(registry, this::queued, this::active);
  }

  /**
   * Queues a fill of the request: a first fill if the version has no slot, or a page fill of its
   * published entry (pages already cached or being filled are skipped when it runs). Nothing if a
   * first fill of the block is running or another version is cached, nor if the HDD replica is a
   * version a fill found corrupt (counted: {@code fill.skipped.hdd_corrupt_known}).
   */
  public void request(FillRequest r) {
    if (fill.knownCorrupt(r.id)) {
      stats.knownCorrupt.inc();
      return;
    }
    CachedReplica e = map.lookupAny(r.id);
    if (e != null) {
      if (e.genStamp == r.genStamp && e.home() == r.dir) {
        submit(() -> fill.addPages(r, e), null, r);
      }
      return;
    }
    FillTicket ticket = map.tryStartFill(r.id, r.genStamp);
    if (ticket != null) {
      submit(() -> fill.fillNew(r, ticket), ticket, r);
    }
  }

  private void submit(Runnable task, FillTicket ticket, FillRequest r) {
    try {
      pool.execute(task);
      stats.queued.inc();
    } catch (RejectedExecutionException x) {
      if (ticket != null) {
        map.endFill(r.id, ticket);
      }
      stats.rejected.inc();
    }
  }

  public int queued() {
    return pool.getQueue().size();
  }

  public int active() {
    return pool.getActiveCount();
  }

  @Override
  public void close() {
    List<Runnable> dropped = pool.shutdownNow();
    try {
      pool.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    stats.rejected.inc(dropped.size());
  }
}
