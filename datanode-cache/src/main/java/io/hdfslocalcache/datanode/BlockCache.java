package io.hdfslocalcache.datanode;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import io.hdfslocalcache.ratelimit.Decision;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.hadoop.hdfs.protocol.BlockLocalPathInfo;
import java.nio.file.Files;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.Replica;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One DataNode's cache: what the dataset wrapper calls. Owns the block map, the directories, the
 * admission gate and the fills.
 *
 * <p>Read hand-off: BlockSender opens the meta stream, then the data stream, on the same thread.
 * {@link #openMeta} decides the source for both and leaves the session in a thread-local that
 * {@link #openData} consumes; a data open with no matching session (short-circuit opens data
 * first; the scanner never gets a session) reads the HDD. So one BlockSender never pairs cached
 * meta with HDD data or the reverse.
 *
 * <p>No locks of its own: the block map is a concurrent map with atomic publish, entries carry
 * their own pin state, and the limiter stripes internally.
 */
public final class BlockCache implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BlockCache.class);
  private static final ThreadLocal<ReadSession> HANDOFF = new ThreadLocal<>();
  /** Threads per directory for bounded page I/O; only a hung disk uses more than a few. */
  static final int IO_THREADS_PER_DIR = 16;

  private final CacheConfig config;
  private final FsDatasetSpi<?> hdd;
  private final List<CacheDirectory> dirs;
  private final BlockMap map = new BlockMap();
  private final BucketTimeRateLimit limiter;
  private final FillScheduler fills;
  private final MetricRegistry registry;
  private final ReadPathStats readStats;
  private final AdmissionStats admissionStats;
  private final CacheStoreStats storeStats;
  private final ScheduledExecutorService maintenance;
  private final FillStats fillStats;
  private final Clock clock;
  /** Index records per block pool, waiting for the pool's replicas to be loaded. */
  private final Map<String, List<Pending>> pendingRestore = new HashMap<>();
  static final int MAINTENANCE_SECONDS = 2;
  /** Run first on close, e.g. to unregister this cache's metrics from the DataNode's JMX. */
  private final List<AutoCloseable> closeHooks =
      new java.util.concurrent.CopyOnWriteArrayList<>();

  BlockCache(CacheConfig config, FsDatasetSpi<?> hdd, List<CacheDirectories.Opened> opened,
      Clock clock, MetricRegistry registry) {
    this.config = config;
    this.hdd = hdd;
    this.dirs = wrap(opened, config, clock);
    this.registry = registry;
    this.limiter = new BucketTimeRateLimit(config.admission(), clock);
    this.readStats = new ReadPathStats(registry);
    this.admissionStats = new AdmissionStats(registry, limiter);
    this.storeStats = new CacheStoreStats(registry, map, this.dirs, config.dirs().size());
    FillStats fillStats = new FillStats(registry);
    Throttle throttle = new Throttle(config.fillBandwidthBytesPerSec(), System::nanoTime);
    BlockFill fill = new BlockFill(hdd, map, throttle, fillStats, clock, config.pageSize(),
        this::reserve, this::relieveSpace, e -> e.dir().blockIndex().put(e));
    this.fillStats = fillStats;
    this.clock = clock;
    this.fills = new FillScheduler(config.fillThreads(), config.fillQueue(), map, fill, fillStats);
    this.maintenance = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "local-cache-maintenance");
      t.setDaemon(true);
      return t;
    });
    loadIndexes();
    dirs.forEach(this::sampleFreeSpace);
    maintenance.scheduleWithFixedDelay(this::maintain, MAINTENANCE_SECONDS, MAINTENANCE_SECONDS,
        TimeUnit.SECONDS);
  }

  /**
   * Every few seconds: drops limiter buckets that left the window (memory follows the window even
   * on idle stripes) and checks each directory still exists and is writable (an SSD unmounted or
   * deleted under us is taken out of service with one log line instead of failing page by page).
   */
  private void maintain() {
    try {
      limiter.expire();
      for (CacheEntry e : map.entries()) {
        long access = e.lastAccessMillis;
        if (access != e.persistedAccessMillis && !e.retired()) {
          e.dir().blockIndex().put(e);
          e.persistedAccessMillis = access;
        }
      }
      for (CacheDirectory d : dirs) {
        if (d.health().inService()
            && (!Files.isDirectory(d.path()) || !Files.isWritable(d.path()))) {
          d.health().takeOutOfService("directory missing or not writable");
        }
        sampleFreeSpace(d);
      }
    } catch (RuntimeException e) {
      LOG.warn("hdfs-local-cache maintenance failed", e);
    }
  }

  /** Store wrappers, outermost first: health check, time bound, fault hooks, Alluxio. */
  private List<CacheDirectory> wrap(List<CacheDirectories.Opened> opened, CacheConfig config,
      Clock clock) {
    List<CacheDirectory> out = new ArrayList<>();
    for (CacheDirectories.Opened o : opened) {
      DirectoryHealth health = new DirectoryHealth(o.path(), config.dirMaxErrors(),
          config.dirErrorWindow(), clock, this::onDirectoryOutOfService);
      PageStore store = new HealthCheckedPageStore(new TimeBoundPageStore(
          new FaultInjectingPageStore(o.store()),
          config.readTimeout(), IO_THREADS_PER_DIR, "dir" + o.position()), health);
      out.add(new CacheDirectory(o.position(), o.path(), store, health, o.index(), o.openMillis(),
          new SpaceBudget(o.store().capacityBytes())));
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * Reads every directory's block index, deletes pages no record owns (fills cut off by a crash,
   * records lost with an unsynced write), and keeps the records until their block pool is loaded.
   */
  private void loadIndexes() {
    for (CacheDirectory d : dirs) {
      Set<String> owned = new HashSet<>();
      for (BlockIndex.Record r : d.blockIndex().loadAll()) {
        owned.add(r.id().fileId(r.genStamp(), BlockId.CacheFile.DATA));
        owned.add(r.id().fileId(r.genStamp(), BlockId.CacheFile.META));
        d.budget().reserveExisting(r.dataLength() + r.metaLength());
        pendingRestore.computeIfAbsent(r.id().poolId(), p -> new ArrayList<>())
            .add(new Pending(r, d));
      }
      d.store().retainFiles(owned::contains);
    }
  }

  private static final class Pending {
    private final BlockIndex.Record record;
    private final CacheDirectory dir;

    Pending(BlockIndex.Record record, CacheDirectory dir) {
      this.record = record;
      this.dir = dir;
    }

    BlockIndex.Record record() {
      return record;
    }

    CacheDirectory dir() {
      return dir;
    }
  }

  /**
   * Called once the dataset has loaded a block pool's replicas: entries from before the restart
   * become servable only if the replica still exists, is FINALIZED with the same generation stamp
   * and length, and every page of both files is present. Anything else, e.g. a block deleted or
   * appended while the DataNode was down, is dropped with its pages.
   */
  void restorePool(String poolId) {
    List<Pending> pending;
    synchronized (pendingRestore) {
      pending = pendingRestore.remove(poolId);
    }
    if (pending == null) {
      return;
    }
    long start = System.nanoTime();
    int restored = 0;
    for (Pending p : pending) {
      BlockIndex.Record r = p.record();
      CacheEntry e = new CacheEntry(r.id(), r.genStamp(), r.dataLength(), r.metaLength(),
          r.checksum(), r.metaSegmentCrcs(), p.dir(), r.filledAtMillis());
      e.lastAccessMillis = r.lastAccessMillis();
      e.persistedAccessMillis = r.lastAccessMillis();
      Replica live = hdd.getReplica(poolId, r.id().blockId());
      boolean valid = p.dir().health().inService()
          && BlockFill.isFinalized(live, r.genStamp()) && live.getNumBytes() == r.dataLength()
          && filesExist(poolId, r)
          && complete(p.dir(), e, BlockId.CacheFile.DATA, r.dataLength())
          && complete(p.dir(), e, BlockId.CacheFile.META, r.metaLength())
          && map.restore(e);
      if (valid) {
        restored++;
      } else {
        e.retire(); // deletes its record and pages
      }
    }
    storeStats.restored.inc(restored);
    storeStats.restoreDropped.inc(pending.size() - restored);
    storeStats.restoreMillis.inc((System.nanoTime() - start) / 1_000_000);
    LOG.info("hdfs-local-cache: restored {} of {} cached blocks of {} in {} ms ({} dropped:"
        + " replica gone or changed, or pages missing)", restored, pending.size(), poolId,
        (System.nanoTime() - start) / 1_000_000, pending.size() - restored);
  }

  /**
   * The DataNode may rebuild its replica map from a saved cache file without looking at the disk;
   * an entry is restored only if its replica's files are really there.
   */
  private boolean filesExist(String poolId, BlockIndex.Record r) {
    try {
      BlockLocalPathInfo info = hdd.getBlockLocalPathInfo(
          new ExtendedBlock(poolId, r.id().blockId(), r.dataLength(), r.genStamp()));
      return info != null && Files.isRegularFile(Paths.get(info.getBlockPath()))
          && Files.isRegularFile(Paths.get(info.getMetaPath()));
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private boolean complete(CacheDirectory d, CacheEntry e, BlockId.CacheFile f, long length) {
    long pages = (length + config.pageSize() - 1) / config.pageSize();
    return d.store().pageCount(e.fileId(f), length) == pages;
  }

  private void onDirectoryOutOfService(DirectoryHealth h) {
    count(map.dropIf(id -> {
      CacheEntry e = map.lookupAny(id);
      return e != null && e.dir().health() == h;
    }), InvalidationCause.DIRECTORY_OUT_OF_SERVICE);
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

  ReadPathStats readStats() {
    return readStats;
  }

  /**
   * Called for {@code getMetaDataInputStream}: a verified cached meta stream, or null to read the
   * HDD. Records the access for admission when it is a client read.
   */
  LengthInputStream openMeta(ExtendedBlock b) {
    HANDOFF.remove();
    ReadCaller caller = ReadCaller.current();
    ReadAccounting.expectHdd(caller == ReadCaller.CLIENT_READ ? b : null);
    if (!caller.mayUseCache) {
      return null;
    }
    BlockId id = new BlockId(b.getBlockPoolId(), b.getBlockId());
    Replica r = hdd.getReplica(id.poolId(), id.blockId());
    if (!BlockFill.isFinalized(r, b.getGenerationStamp())) {
      return null; // being written or recovered: never cached, never counted
    }
    CacheEntry e = map.lookupAny(id);
    if (e != null && (e.genStamp != r.getGenerationStamp() || e.dataLength != r.getNumBytes())) {
      if (map.dropEntry(e)) {
        storeStats.invalidations.get(InvalidationCause.STALE).inc();
        readStats.staleEntries.inc();
      }
      e = null;
    }
    if (caller.countsForAdmission) {
      admit(id, b.getGenerationStamp(), e != null);
    }
    if (e == null || !e.pin()) {
      readStats.misses.inc();
      return null;
    }
    e.lastAccessMillis = clock.millis();
    ReadSession s = new ReadSession(e, b, hdd, readStats, this::onReadFailure, config.pageSize(),
        config.readAheadPages());
    HANDOFF.set(s);
    readStats.hits.inc();
    return s.openMeta();
  }

  /** Called for {@code getBlockInputStream}: the cached data stream of this thread's session. */
  InputStream openData(ExtendedBlock b, long offset) {
    ReadSession s = HANDOFF.get();
    if (s == null) {
      return null;
    }
    HANDOFF.remove();
    if (s.block.getBlockId() != b.getBlockId()
        || s.block.getGenerationStamp() != b.getGenerationStamp()
        || !s.block.getBlockPoolId().equals(b.getBlockPoolId())) {
      return null;
    }
    return s.openData(offset);
  }

  private void admit(BlockId id, long genStamp, boolean cached) {
    Decision d = limiter.recordAndCheck(id.admissionKey());
    if (cached) {
      return;
    }
    if (d == Decision.ADMIT) {
      admissionStats.admits.inc();
      CacheDirectory dir = map.contains(id) ? null : dirFor(id);
      if (dir != null && dir.budget().fileSystemLow()) {
        fillStats.skippedNoSpace.inc(); // the maintenance thread evicts early
      } else if (dir != null) {
        fills.request(id, genStamp, dir);
      }
    } else {
      admissionStats.rejects.inc();
    }
  }

  /**
   * Both files of a block live in one directory, chosen by a stable hash of the block among the
   * directories in service; null when none is.
   */
  private CacheDirectory dirFor(BlockId id) {
    int start = Math.floorMod(Long.hashCode(id.admissionKey()), dirs.size());
    for (int i = 0; i < dirs.size(); i++) {
      CacheDirectory d = dirs.get((start + i) % dirs.size());
      if (d.health().inService()) {
        return d;
      }
    }
    return null;
  }

  /** Every maintenance round: statfs, and one round of early eviction while below the reserve. */
  private void sampleFreeSpace(CacheDirectory dir) {
    if (dir.health().inService()) {
      boolean low = !hasRoom(dir);
      dir.budget().fileSystemLow(low);
      if (low) {
        relieveSpace(dir);
      }
    }
  }

  /**
   * Free space on the directory's file system stays above {@code dir.reserved.percent}: Alluxio
   * only counts its own bytes against the capacity, while other files, file system overhead or a
   * smaller-than-configured disk can fill the device first.
   */
  private boolean hasRoom(CacheDirectory dir) {
    try {
      java.nio.file.FileStore fs = Files.getFileStore(dir.path());
      long usable = CacheFaultInjector.get().usableSpace(dir.path(), fs.getUsableSpace());
      return usable > fs.getTotalSpace() / 100 * config.dirReservedPercent();
    } catch (java.io.IOException e) {
      return false; // the maintenance probe decides whether the directory is gone
    }
  }

  /**
   * Evicts early on a full disk: the least recently read entries of the directory, about a
   * twentieth of its capacity at a time, so the next fills find room and reads never fail.
   */
  private void relieveSpace(CacheDirectory dir) {
    long target = Math.max(dir.budget().capacity() / 20, 4L * config.pageSize());
    evictLeastRecentlyRead(dir, target, storeStats.invalidations.get(InvalidationCause.NO_SPACE));
  }

  /**
   * Reserves room for a block being filled (on a fill thread, never a reader's), evicting whole
   * blocks of the directory, least recently read first, until it fits. An evicted block that a
   * reader still has open frees its bytes when the reader closes: those count as on their way out
   * (no second block is evicted for them) and the fill waits for them, up to
   * {@link #ROOM_WAIT_MILLIS}. False, and the fill is skipped, if nothing more can be evicted.
   */
  private boolean reserve(CacheDirectory dir, long bytes) throws InterruptedException {
    SpaceBudget budget = dir.budget();
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ROOM_WAIT_MILLIS);
    while (!budget.tryReserve(bytes)) {
      long shortfall = budget.shortfall(bytes);
      if (shortfall > 0) {
        if (evictLeastRecentlyRead(dir, shortfall, storeStats.evictions) == 0) {
          return false;
        }
      } else if (System.nanoTime() > deadline) {
        return false;
      } else {
        Thread.sleep(10);
      }
    }
    return true;
  }

  /** How long a fill waits for readers of evicted blocks to close before giving up. */
  static final long ROOM_WAIT_MILLIS = 10_000;

  /** Drops least recently read entries of {@code dir} totalling at least {@code bytes}. */
  private long evictLeastRecentlyRead(CacheDirectory dir, long bytes,
      com.codahale.metrics.Counter counter) {
    // Sort a snapshot of the access times: readers update them meanwhile, and a sort key that
    // changes under TimSort can make it throw.
    final class Access {
      private final CacheEntry entry;
      private final long millis;

      Access(CacheEntry entry, long millis) {
        this.entry = entry;
        this.millis = millis;
      }

      CacheEntry entry() {
        return entry;
      }

      long millis() {
        return millis;
      }
    }
    List<Access> onDir = new ArrayList<>();
    for (CacheEntry e : map.entries()) {
      if (e.dir() == dir) {
        onDir.add(new Access(e, e.lastAccessMillis));
      }
    }
    onDir.sort(java.util.Comparator.comparingLong(Access::millis));
    long freed = 0;
    for (Access a : onDir) {
      CacheEntry e = a.entry();
      if (freed >= bytes) {
        break;
      }
      if (map.dropEntry(e)) {
        freed += e.bytes();
        counter.inc();
      }
    }
    return freed;
  }

  void onReadFailure(CacheEntry e, CacheException cause) {
    if (cause.failure() == CacheFailure.CHECKSUM_MISMATCH) {
      // Store errors are recorded by the store wrapper; corruption is found up here.
      e.dir().health().record(cause.failure(), cause.getMessage());
    }
    if (cause.failure().dropsEntry && map.dropEntry(e)) {
      storeStats.invalidations.get(InvalidationCause.READ_FAILURE).inc();
      LOG.warn("Cached copy of {} in {} dropped, read continues from HDD: {}", e.id,
          e.dir().path(), cause.getMessage());
    }
  }

  void invalidate(String poolId, Block[] blocks, InvalidationCause cause) {
    for (Block b : blocks) {
      drop(new BlockId(poolId, b.getBlockId()), cause);
    }
  }

  void invalidate(ExtendedBlock b, InvalidationCause cause) {
    drop(new BlockId(b.getBlockPoolId(), b.getBlockId()), cause);
  }

  private void drop(BlockId id, InvalidationCause cause) {
    if (map.drop(id) != null) {
      storeStats.invalidations.get(cause).inc();
    }
  }

  /** The pool is unloaded, not deleted: its entries wait, with their pages, for addBlockPool. */
  void invalidatePool(String poolId) {
    List<CacheEntry> detached = map.detachIf(id -> id.poolId().equals(poolId));
    synchronized (pendingRestore) {
      for (CacheEntry e : detached) {
        pendingRestore.computeIfAbsent(poolId, p -> new ArrayList<>())
            .add(new Pending(BlockIndex.Record.of(e), e.dir()));
      }
    }
    count(detached, InvalidationCause.POOL_SHUTDOWN);
  }

  /** After volumes were removed: drops entries whose replica is gone. */
  void invalidateMissing() {
    count(map.dropIf(id -> hdd.getReplica(id.poolId(), id.blockId()) == null),
        InvalidationCause.VOLUME_REMOVED);
  }

  private void count(List<CacheEntry> dropped, InvalidationCause cause) {
    storeStats.invalidations.get(cause).inc(dropped.size());
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
    for (CacheDirectory d : dirs) {
      d.store().close();
      d.blockIndex().close();
    }
  }
}
