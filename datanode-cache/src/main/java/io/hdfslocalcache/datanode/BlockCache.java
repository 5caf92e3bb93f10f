package io.hdfslocalcache.datanode;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.admin.AdminControl;
import io.hdfslocalcache.datanode.admin.AdminStats;
import io.hdfslocalcache.datanode.admission.Admission;
import io.hdfslocalcache.datanode.admission.AdmissionStats;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CacheEntry;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.Directories;
import io.hdfslocalcache.datanode.dir.DirectoryStats;
import io.hdfslocalcache.datanode.dir.SpaceBudget;
import io.hdfslocalcache.datanode.fill.BlockFill;
import io.hdfslocalcache.datanode.fill.DirectoryGuards;
import io.hdfslocalcache.datanode.fill.FillScheduler;
import io.hdfslocalcache.datanode.fill.FillStats;
import io.hdfslocalcache.datanode.fill.GuardStats;
import io.hdfslocalcache.datanode.fill.Throttle;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.SuspectReplicas;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.invalidate.InvalidationStats;
import io.hdfslocalcache.datanode.invalidate.Invalidator;
import io.hdfslocalcache.datanode.read.ReadPathStats;
import io.hdfslocalcache.datanode.read.ReadRouter;
import io.hdfslocalcache.datanode.read.ReadSettings;
import io.hdfslocalcache.datanode.restore.RestoreStats;
import io.hdfslocalcache.datanode.restore.Restorer;
import io.hdfslocalcache.datanode.shadow.ReadTap;
import io.hdfslocalcache.datanode.space.SpaceKeeper;
import io.hdfslocalcache.datanode.space.SpaceStats;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.CacheThreads;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.store.PageStores;
import io.hdfslocalcache.model.ThresholdTuner;
import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import io.hdfslocalcache.time.CacheClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One DataNode's cache: wiring and lifecycle, nothing else. Each job lives in its own class, and
 * data flows one way, from the dataset wrapper down:
 *
 * <pre>
 * CachingDataset -> ReadRouter -> Admission -> FillScheduler -> BlockFill -> SpaceKeeper
 *                -> Invalidator / Restorer
 *                     all of them -> BlockMap, Directories (store, index, budget, health)
 * </pre>
 *
 * <p>Start-up order: directories are wrapped, indexes loaded (orphan pages deleted, space
 * reserved), free space sampled, then the maintenance thread starts. Close order: close hooks
 * (metrics unregistered), maintenance stopped, fills stopped, then each directory's store and
 * index: nothing can write to a closed index.
 *
 * <p>No locks of its own: the block map is a concurrent map with atomic publish, entries carry
 * their own pin state, and the limiter stripes internally.
 */
public final class BlockCache implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BlockCache.class);

  private final MetricRegistry registry;
  private final BlockMap map = new BlockMap();
  private final Directories dirs;
  private final FillScheduler fills;
  private final ReadRouter router;
  private final Invalidator invalidator;
  private final Restorer restorer;
  private final ScheduledExecutorService maintenance;

  /** Run first on close, e.g. to unregister this cache's metrics from the DataNode's JMX. */
  private final List<AutoCloseable> closeHooks = new CopyOnWriteArrayList<>();

  BlockCache(
      CacheConfig config,
      HddReplicas hdd,
      SuspectReplicas suspects,
      List<CacheDirectories.Opened> opened,
      CacheClock clock,
      MetricRegistry registry,
      ReadTap tap,
      CacheFaultInjector faults) {
    this.registry = registry;
    // Directories take their entries out of service through the invalidator, built after them.
    AtomicReference<Invalidator> onOutOfService = new AtomicReference<>();
    this.dirs =
        new Directories(
            wrap(opened, config, clock, faults, h -> onOutOfService.get().dropDirectory(h)),
            config.dirs().size());
    this.invalidator = new Invalidator(map, hdd, new InvalidationStats(registry), dirs);
    onOutOfService.set(invalidator);

    SpaceKeeper space =
        new SpaceKeeper(
            map,
            config.fillPolicy().mode(),
            new SpaceStats(registry),
            config.pageSize(),
            config.dirReservedPercent(),
            CacheTunables.ROOM_WAIT_MILLIS,
            CacheTunables.ROOM_POLL_MILLIS,
            clock);
    FillStats fillStats = new FillStats(registry);
    DirectoryGuards gate = new DirectoryGuards(dirs.all(), config.fillPolicy(), clock);
    GuardStats.register(registry, dirs.all(), gate);
    BlockFill fill =
        new BlockFill(
            hdd,
            suspects,
            map,
            new Throttle(config.fillBandwidthBytesPerSec(), clock),
            fillStats,
            clock,
            config.pageSize(),
            space::reserve,
            gate,
            space::relieveSpace,
            e -> dirs.of(e.home()).persist(e));
    this.fills =
        new FillScheduler(config.fillThreads(), config.fillQueue(), map, fill, fillStats, registry);
    int floor = config.admission().threshold();
    BucketTimeRateLimit limiter =
        BucketTimeRateLimit.counting(config.admission(), clock, ThresholdTuner.ceiling(floor));
    ThresholdTuner tuner = gate.admissionTuner(floor, clock);
    Admission admission =
        new Admission(
            limiter,
            tuner,
            map,
            dirs,
            fills,
            new AdmissionStats(registry, limiter, tuner),
            config.fillPolicy().mode(),
            config.pageSize());
    List<java.nio.file.Path> dataNodeDirs = new ArrayList<>();
    for (CacheDirectory d : dirs.all()) {
      dataNodeDirs.add(d.path());
    }
    AdminControl admin = new AdminControl(dataNodeDirs);
    AdminStats.register(registry, admin);
    this.router =
        new ReadRouter(
            map,
            hdd,
            admission,
            admin,
            invalidator,
            new ReadPathStats(registry),
            new ReadSettings(
                config.pageSize(), config.readAheadPages(), CacheTunables.INITIAL_READ_AHEAD_BYTES),
            clock,
            gate,
            tap,
            faults);
    this.restorer =
        new Restorer(
            map, dirs, hdd, invalidator, new RestoreStats(registry), config.pageSize(), clock);
    DirectoryStats.register(registry, map, dirs);

    restorer.loadIndexes();
    dirs.all().forEach(space::sampleFreeSpace);
    admin.poll(); // a bypass set before a restart holds from the first read
    Maintenance round = new Maintenance(admission, map, dirs, space, admin, invalidator);
    this.maintenance =
        Executors.newSingleThreadScheduledExecutor(
            r -> CacheThreads.newThread(r, "local-cache-maintenance"));
    maintenance.scheduleWithFixedDelay(
        round,
        CacheTunables.MAINTENANCE_INTERVAL_MILLIS,
        CacheTunables.MAINTENANCE_INTERVAL_MILLIS,
        TimeUnit.MILLISECONDS);
  }

  /** Each opened directory with its health, wrapped store and space budget. */
  private static List<CacheDirectory> wrap(
      List<CacheDirectories.Opened> opened,
      CacheConfig config,
      CacheClock clock,
      CacheFaultInjector faults,
      java.util.function.Consumer<DirectoryHealth> outOfService) {
    List<CacheDirectory> out = new ArrayList<>();
    for (CacheDirectories.Opened o : opened) {
      DirectoryHealth health =
          new DirectoryHealth(
              o.path(), config.dirMaxErrors(), config.dirErrorWindow(), clock, outOfService);
      PageStore store =
          PageStores.wrap(
              o.store(),
              o.path(),
              health,
              config.readTimeout(),
              CacheTunables.IO_THREADS_PER_DIR,
              CacheTunables.IO_SPIN_NANOS,
              config.dirReservedPercent(),
              "dir" + o.position(),
              config.readBound(),
              // The machine's clock: the I/O bound judges how long the real disk takes.
              CacheClock.SYSTEM,
              faults);
      out.add(
          new CacheDirectory(
              o.position(),
              o.path(),
              store,
              health,
              o.index(),
              o.openMillis(),
              new SpaceBudget(o.store().capacityBytes())));
    }
    return out;
  }

  /** The metrics of this DataNode's cache. */
  public MetricRegistry metrics() {
    return registry;
  }

  /** Number of published (servable) blocks. */
  public int cachedBlocks() {
    return map.entries().size();
  }

  /** True if this exact block version is published. */
  public boolean isCached(ExtendedBlock b) {
    return map.lookup(new BlockId(b.getBlockPoolId(), b.getBlockId()), b.getGenerationStamp())
        != null;
  }

  /** Published entries (tests and benchmarks look at their directories). */
  List<CacheEntry> entries() {
    return map.entries();
  }

  ReadRouter router() {
    return router;
  }

  Restorer restorer() {
    return restorer;
  }

  void invalidate(String poolId, long blockId, InvalidationCause cause) {
    invalidator.drop(new BlockId(poolId, blockId), cause);
  }

  /** After volumes were removed: drops entries whose replica is gone. */
  void invalidateMissing() {
    invalidator.dropMissing();
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
    fills.close();
    for (CacheDirectory d : dirs.all()) {
      d.store().close();
      d.blockIndex().close(CacheTunables.INDEX_CLOSE_WAIT_MILLIS);
    }
  }
}
