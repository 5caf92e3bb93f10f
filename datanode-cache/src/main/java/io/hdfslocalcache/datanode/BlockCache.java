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
 * <p>Three steps, each explicit: {@link CacheParts} builds and wires the parts (no I/O, no thread);
 * {@link #open} does the start-up I/O on the caller's thread (indexes loaded, orphan pages deleted,
 * space reserved, free space sampled, operator commands read); {@link #start} starts the
 * maintenance thread. Close order: close hooks (metrics unregistered), maintenance stopped, fills
 * stopped, then each directory's store and index: nothing can write to a closed index.
 *
 * <p>No locks of its own: the block map is a concurrent map with atomic publish, entries carry
 * their own pin state, and the limiter stripes internally.
 */
public final class BlockCache implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BlockCache.class);

  private final CacheParts parts;

  /** Creates its one thread when {@link #start} schedules the first round. */
  private final ScheduledExecutorService maintenance =
      Executors.newSingleThreadScheduledExecutor(
          r -> CacheThreads.newThread(r, "local-cache-maintenance"));

  /** Run first on close, e.g. to unregister this cache's metrics from the DataNode's JMX. */
  private final List<AutoCloseable> closeHooks = new CopyOnWriteArrayList<>();

  private BlockCache(CacheParts parts) {
    this.parts = parts;
  }

  /**
   * The cache over {@code parts}, after the start-up I/O: indexes loaded (orphan pages deleted,
   * space reserved), free space sampled, and a bypass set before a restart read, so it holds from
   * the first read. Starts no thread of its own: {@link #start}.
   */
  static BlockCache open(CacheParts parts) {
    BlockCache cache = new BlockCache(parts);
    parts.restorer.loadIndexes();
    parts.dirs.all().forEach(parts.space::sampleFreeSpace);
    parts.admin.poll();
    return cache;
  }

  /** Starts the maintenance thread; once, after {@link #open}. */
  void start() {
    maintenance.scheduleWithFixedDelay(
        new Maintenance(
            parts.admission, parts.map, parts.dirs, parts.space, parts.admin, parts.invalidator),
        CacheTunables.MAINTENANCE_INTERVAL_MILLIS,
        CacheTunables.MAINTENANCE_INTERVAL_MILLIS,
        TimeUnit.MILLISECONDS);
  }

  /** The metrics of this DataNode's cache. */
  public MetricRegistry metrics() {
    return parts.registry;
  }

  /** Number of published (servable) blocks. */
  public int cachedBlocks() {
    return parts.map.entries().size();
  }

  /** True if this exact block version is published. */
  public boolean isCached(ExtendedBlock b) {
    return parts.map.lookup(new BlockId(b.getBlockPoolId(), b.getBlockId()), b.getGenerationStamp())
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
    maintenance.shutdownNow();
    try {
      maintenance.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    parts.fills.close();
    for (io.hdfslocalcache.datanode.block.CacheEntry e : parts.map.entries()) {
      if (e.takePagesDeleted() && !e.retired()) {
        parts.dirs.of(e.home()).persist(e); // the next start must not expect the deleted pages
      }
    }
    for (CacheDirectory d : parts.dirs.all()) {
      d.store().close();
      d.blockIndex().close(CacheTunables.INDEX_CLOSE_WAIT_MILLIS);
    }
  }
}
