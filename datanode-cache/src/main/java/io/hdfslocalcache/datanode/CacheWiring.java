package io.hdfslocalcache.datanode;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.admin.AdminControl;
import io.hdfslocalcache.datanode.admin.AdminStats;
import io.hdfslocalcache.datanode.admission.Admission;
import io.hdfslocalcache.datanode.admission.AdmissionStats;
import io.hdfslocalcache.datanode.admission.PersistedThreshold;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.DirectoryRoom;
import io.hdfslocalcache.datanode.dir.DirectoryStats;
import io.hdfslocalcache.datanode.dir.ServingDirectories;
import io.hdfslocalcache.datanode.dir.SpaceBudget;
import io.hdfslocalcache.datanode.fill.BlockFill;
import io.hdfslocalcache.datanode.fill.DirectoryGuards;
import io.hdfslocalcache.datanode.fill.FillScheduler;
import io.hdfslocalcache.datanode.fill.FillStats;
import io.hdfslocalcache.datanode.fill.GuardStats;
import io.hdfslocalcache.datanode.fill.Throttle;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.invalidate.InvalidationStats;
import io.hdfslocalcache.datanode.invalidate.Invalidator;
import io.hdfslocalcache.datanode.read.ReadPathStats;
import io.hdfslocalcache.datanode.read.ReadRouter;
import io.hdfslocalcache.datanode.read.ReadSettings;
import io.hdfslocalcache.datanode.read.ShortCircuitOpens;
import io.hdfslocalcache.datanode.restore.RestoreStats;
import io.hdfslocalcache.datanode.restore.Restorer;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.settings.CacheTunables;
import io.hdfslocalcache.datanode.shadow.ReadTap;
import io.hdfslocalcache.datanode.space.SpaceKeeper;
import io.hdfslocalcache.datanode.space.SpaceStats;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.store.PageStores;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.time.CacheClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One DataNode's cache, built and wired: every part, each given what it uses, and nothing else.
 * Each job lives in its own class, and data flows one way, from the dataset wrapper down:
 *
 * <pre>
 * CachingDataset -> ReadRouter -> Admission -> FillScheduler -> BlockFill -> SpaceKeeper
 *                -> Invalidator / Restorer
 *                     all of them -> BlockMap, ServingDirectories (store, index, budget, health)
 * </pre>
 *
 * <p>Pure: no file is read, no thread started (the pools create theirs on first use); {@link
 * CacheLifecycle#open} does the start-up I/O and {@link CacheLifecycle#start} starts the
 * maintenance thread. The factory hands the parts a dataset call needs (the router, the restorer,
 * the invalidator) to the dataset wrapper directly.
 */
final class CacheWiring {
  final MetricRegistry registry;
  final BlockMap map = new BlockMap();
  final ServingDirectories dirs;
  final Invalidator invalidator;
  final SpaceKeeper space;
  final FillScheduler fills;
  final Admission admission;
  final PersistedThreshold threshold;
  final AdminControl admin;
  final ReadRouter router;
  final ShortCircuitOpens shortCircuit;
  final Restorer restorer;

  // What a directory that joins after start-up is wrapped and guarded with.
  private final CacheConfig config;

  /** The one clock every part reads: the maintenance round's cadence too. */
  final CacheClock clock;

  private final CacheFaultInjector faults;
  private final Consumer<DirectoryHealth> outOfService;
  final DirectoryGuards gate;

  CacheWiring(
      CacheConfig config,
      HddReplicas hdd,
      List<DirectoryOpener.Opened> opened,
      CacheClock clock,
      MetricRegistry registry,
      ReadTap tap,
      CacheFaultInjector faults) {
    this.registry = registry;
    // A directory taken out of service leaves the write budget's guards and its entries go:
    // through the guards and the invalidator, both built after the directories.
    this.config = config;
    this.clock = clock;
    this.faults = faults;
    AtomicReference<DirectoryGuards> guardsOf = new AtomicReference<>();
    AtomicReference<Invalidator> onOutOfService = new AtomicReference<>();
    this.outOfService =
        h -> {
          DirectoryGuards g = guardsOf.get();
          if (g != null) { // else out of service before its guard: the guard leaves when added
            g.leave(h);
          }
          onOutOfService.get().dropDirectory(h);
        };
    List<CacheDirectory> open = new ArrayList<>();
    opened.forEach(o -> open.add(wrap(o, config, clock, faults, outOfService)));
    this.dirs = new ServingDirectories(open, config.dirs().size());
    this.invalidator = new Invalidator(map, hdd, new InvalidationStats(registry), dirs);
    onOutOfService.set(invalidator);

    this.space =
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
    this.gate = new DirectoryGuards(dirs.all(), config.fillPolicy(), clock);
    guardsOf.set(gate);
    GuardStats.register(registry, dirs.all(), gate);
    BlockFill fill =
        new BlockFill(
            hdd,
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
    AdmissionPolicy policy =
        gate.admissionPolicy(config.admission(), clock, new DirectoryRoom(dirs));
    List<BlockIndex> indexes = new ArrayList<>();
    for (CacheDirectory d : dirs.all()) {
      indexes.add(d.blockIndex());
    }
    this.threshold = new PersistedThreshold(policy, indexes);
    this.admission =
        new Admission(
            policy,
            map,
            dirs,
            fills,
            new AdmissionStats(registry, policy, clock.millis()),
            config.fillPolicy().mode(),
            config.pageSize());
    this.admin = new AdminControl(dataNodeDirs());
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
    this.shortCircuit = new ShortCircuitOpens(registry);
    this.restorer =
        new Restorer(
            map, dirs, hdd, invalidator, new RestoreStats(registry), config.pageSize(), clock);
    DirectoryStats.register(registry, map, dirs);
  }

  /** Each opened directory's {@code <dir>/<datanodeUuid>}, in configured order. */
  List<java.nio.file.Path> dataNodeDirs() {
    List<java.nio.file.Path> out = new ArrayList<>();
    for (CacheDirectory d : dirs.all()) {
      out.add(d.path());
    }
    return out;
  }

  /**
   * A directory that finished opening after start-up, wrapped as at start (its threads started).
   */
  CacheDirectory wrap(DirectoryOpener.Opened o) {
    return wrap(o, config, clock, faults, outOfService);
  }

  /**
   * Makes {@code d} (from {@link #wrap}) serve: guarded as at start, its index loaded and its free
   * space sampled, all on its disk, under no lock; then published through {@code publishIfOpen}, in
   * memory only (fills and reads see it whole from then on; the cache's close may refuse it); then
   * its control folder recorded and its blocks restored. False if refused: nothing of it serves,
   * and the caller closes it. Called once per directory, by the thread that watched it open.
   */
  boolean join(CacheDirectory d, Predicate<Runnable> publishIfOpen) {
    gate.add(d);
    return restorer.join(
        d,
        () -> {
          space.sampleFreeSpace(d);
          boolean published =
              publishIfOpen.test(
                  () -> {
                    DirectoryStats.registerDirectory(registry, d);
                    GuardStats.register(registry, Collections.singletonList(d), gate);
                    threshold.join(d.blockIndex()); // the tuner's budget counts d since gate.add
                    dirs.join(d);
                  });
          if (published) {
            admin.join(d.path(), dataNodeDirs());
          }
          return published;
        });
  }

  /** An opened directory with its health, wrapped store and space budget. */
  private static CacheDirectory wrap(
      DirectoryOpener.Opened o,
      CacheConfig config,
      CacheClock clock,
      CacheFaultInjector faults,
      Consumer<DirectoryHealth> outOfService) {
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
    return new CacheDirectory(
        o.position(),
        o.path(),
        store,
        health,
        o.index(),
        o.openMillis(),
        new SpaceBudget(o.store().capacityBytes()),
        config.fillPolicy().mode());
  }
}
