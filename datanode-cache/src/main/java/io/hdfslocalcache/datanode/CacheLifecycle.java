package io.hdfslocalcache.datanode;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.settings.CacheTunables;
import io.hdfslocalcache.datanode.store.CacheThreads;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One DataNode's cache: its lifecycle and what tests and operators ask of it, nothing else.
 *
 * <p>Three steps, each explicit: {@link CacheWiring} builds and wires the parts (no I/O, no
 * thread); {@link #open} does the start-up I/O on the caller's thread (indexes loaded, orphan pages
 * deleted, space reserved, free space sampled, the directories recorded in each control folder,
 * operator commands applied); {@link #start} starts the maintenance thread. Close order: close
 * hooks (metrics unregistered), maintenance stopped, fills stopped, then each directory's store and
 * index: nothing can write to a closed index.
 *
 * <p>One lock of its own, {@code lifecycle}, guarding {@code closed}: {@link #close} sets {@code
 * closed} under it, and a directory that finished opening after start-up ({@link #join}) is
 * published under it only while {@code closed} is unset, so the directory either joins before the
 * close (and is closed with the others) or never serves and its joiner closes it. Its load (index
 * read, orphan walk, evictions, free space) runs before, under no lock: a late directory's disk
 * that hangs there must not hold up DataNode shutdown, whose other steps are all time-bounded.
 * Close never sees a directory before it is published, so it never closes an index under that
 * load's reads ({@code BlockIndex#loadAll} reads without the index's lock). The publish is memory
 * work, but for one case: the threshold's restore at the first join when every directory was still
 * opening at start-up reads the indexes' own records ({@code PersistedThreshold#join}), records the
 * load has just read; it must stay under the lock, which keeps close from closing an index it
 * reads. The control folder and restore come after, under no lock, as the dataset's own restores
 * do. Lock order: {@code lifecycle}, then the monitors the publish takes ({@code
 * ServingDirectories}, {@code PersistedThreshold}, the metric registry's); nothing that holds one
 * of those takes {@code lifecycle}. Otherwise no locks: the block map is a concurrent map with
 * atomic publish, entries carry their own pin state, and the limiter stripes internally.
 */
public final class CacheLifecycle implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CacheLifecycle.class);

  private final CacheWiring wiring;

  /** Creates its one thread when {@link #start} schedules the first round. */
  private final ScheduledExecutorService maintenance =
      Executors.newSingleThreadScheduledExecutor(
          r -> CacheThreads.newThread(r, "local-cache-maintenance"));

  /** Run first on close, e.g. to unregister this cache's metrics from the DataNode's JMX. */
  private final List<AutoCloseable> closeHooks = new CopyOnWriteArrayList<>();

  private final Object lifecycle = new Object();
  private boolean closed; // guarded by lifecycle

  private CacheLifecycle(CacheWiring wiring) {
    this.wiring = wiring;
  }

  /**
   * The cache over {@code wiring}, after the start-up I/O: indexes loaded (orphan pages deleted,
   * space reserved), free space sampled, and the commands written while the DataNode was down
   * applied: a bypass, so it holds from the first read, and evictions, whose blocks are dropped
   * instead of restored (listing requests wait for the first round, when the blocks are restored).
   * Starts no thread of its own: {@link #start}.
   */
  static CacheLifecycle open(CacheWiring wiring) {
    CacheLifecycle cache = new CacheLifecycle(wiring);
    wiring.threshold.restore();
    wiring.restorer.loadIndexes();
    wiring.dirs.all().forEach(wiring.space::sampleFreeSpace);
    wiring.admin.recordDirectories(wiring.dataNodeDirs());
    wiring.restorer.evictAtStart(wiring.admin.poll().evicts());
    return cache;
  }

  /** Starts the maintenance thread; once, after {@link #open}. */
  void start() {
    maintenance.scheduleWithFixedDelay(
        Maintenance.of(wiring),
        CacheTunables.MAINTENANCE_INTERVAL_MILLIS,
        CacheTunables.MAINTENANCE_INTERVAL_MILLIS,
        TimeUnit.MILLISECONDS);
  }

  /**
   * A directory that was still opening at start-up and is now open: it serves from now on (its
   * blocks restored, fills placed on it). If the cache closes before it is published, closes it
   * instead, once its load ends. Called by the thread that watched it open.
   */
  void join(DirectoryOpener.Opened o) {
    CacheDirectory d;
    try {
      d = wiring.wrap(o);
    } catch (RuntimeException e) {
      LOG.warn("hdfs-local-cache: cache directory {} could not join", o.path(), e);
      DirectoryOpener.closeQuietly(java.util.Collections.singletonList(o));
      return;
    }
    try {
      if (wiring.join(d, this::publishIfOpen)) {
        LOG.info(
            "hdfs-local-cache: cache directory {} joined after opening for {} ms; serving its"
                + " blocks from now on",
            o.path(),
            o.openMillis());
        return;
      }
      LOG.info(
          "hdfs-local-cache: cache directory {} loaded after the cache closed; closing it",
          o.path());
    } catch (RuntimeException e) {
      LOG.warn("hdfs-local-cache: cache directory {} could not join", o.path(), e);
      if (serving(d)) {
        return; // it serves as far as it got, and closes with the cache
      }
    }
    wiring.gate.leave(d); // added before its load: the write budget counts serving directories
    closeQuietly(d); // the wrapped store: its I/O, delete and stall-clock threads end too
  }

  /** Runs {@code publish} unless the cache is closed; true if it ran. In memory only: see above. */
  private boolean publishIfOpen(Runnable publish) {
    synchronized (lifecycle) {
      if (closed) {
        return false;
      }
      publish.run();
      return true;
    }
  }

  private boolean serving(CacheDirectory joining) {
    for (CacheDirectory d : wiring.dirs.all()) {
      if (d == joining) {
        return true;
      }
    }
    return false;
  }

  /** A directory that never served, closed by its joiner: nothing else holds its store or index. */
  private static void closeQuietly(CacheDirectory d) {
    try {
      d.store().close();
    } catch (RuntimeException e) {
      LOG.warn("hdfs-local-cache: could not close cache directory {}: {}", d.path(), e.toString());
    }
    try {
      d.blockIndex().close(CacheTunables.INDEX_CLOSE_WAIT_MILLIS);
    } catch (RuntimeException e) {
      LOG.warn("hdfs-local-cache: could not close the index of {}: {}", d.path(), e.toString());
    }
  }

  /** The metrics of this DataNode's cache. */
  public MetricRegistry metrics() {
    return wiring.registry;
  }

  /** Number of published (servable) blocks. */
  public int cachedBlocks() {
    return wiring.map.entries().size();
  }

  /** True if this exact block version is published. */
  public boolean isCached(ExtendedBlock b) {
    return wiring.map.lookup(
            new BlockId(b.getBlockPoolId(), b.getBlockId()), b.getGenerationStamp())
        != null;
  }

  /** Adds a hook run first when the cache closes (DataNode shutdown). */
  void onClose(AutoCloseable hook) {
    closeHooks.add(hook);
  }

  @Override
  public void close() {
    for (AutoCloseable hook : closeHooks) {
      try {
        hook.close();
      } catch (Exception e) {
        LOG.warn("hdfs-local-cache: close hook failed", e);
      }
    }
    closeHooks.clear();
    synchronized (lifecycle) {
      closed = true; // from now on a joining directory is never published: its joiner closes it
    }
    maintenance.shutdownNow();
    try {
      maintenance.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    wiring.fills.close();
    for (io.hdfslocalcache.datanode.block.CachedReplica e : wiring.map.entries()) {
      if (e.takePagesDeleted() && !e.retired()) {
        wiring.dirs.of(e.home()).persist(e); // the next start must not expect the deleted pages
      }
    }
    wiring.threshold.save(); // the last step's threshold, queued before the indexes drain
    for (CacheDirectory d : wiring.dirs.all()) {
      d.store().close();
      d.blockIndex().close(CacheTunables.INDEX_CLOSE_WAIT_MILLIS);
    }
  }
}
