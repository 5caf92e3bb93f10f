package io.hdfslocalcache.datanode.restore;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.FillTicket;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.ServingDirectories;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.index.IndexRecord;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.invalidate.Invalidator;
import io.hdfslocalcache.time.CacheClock;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Restart restore: a DataNode that restarts serves its cached blocks again without refilling, and
 * never serves one whose HDD replica changed while it was down.
 *
 * <p>At start ({@link #loadIndexes}) every directory's block index is read, the files of cached
 * blocks no record owns are deleted (fills cut off by a crash, records lost with an unsynced
 * write), each record's bytes are reserved, and the records wait for their block pool. The record
 * says which data pages are on disk ({@code IndexRecord#pages}), so the restart never lists page
 * files and takes time by blocks, not pages; a recorded page that is missing or torn is a miss when
 * read, which drops the copy then. Records from before pages were recorded are checked against the
 * disk instead, a listing per block: whole pages only, meta complete, torn pages deleted. Once the
 * dataset has loaded the pool's replicas ({@link #restorePool}) each becomes an entry only if the
 * replica still exists, is FINALIZED with the same generation stamp and length, its files are on
 * disk and at least one data page is (a block partly cached in {@code pages} fill mode comes back
 * with its recorded pages: every byte is verified on each read anyway); anything else is dropped
 * with its pages, counted by {@link RestoreDrop}. A pool shut down without the DataNode stopping
 * ({@link #detachPool}) keeps its pages and records for its return; a deleted pool ({@link
 * #deletePool}) loses them.
 *
 * <p>A directory that opens after start-up is restored the same way, while the DataNode serves
 * ({@link #join}). Eviction commands an operator wrote while the DataNode was down drop their
 * blocks' records before any is restored ({@link #evictAtStart}).
 *
 * <p>Lock: {@code pending} guards itself and the loaded pools; nothing else is held while it is.
 */
public final class Restorer {
  private static final Logger LOG = LoggerFactory.getLogger(Restorer.class);

  private final BlockMap map;
  private final ServingDirectories dirs;
  private final HddReplicas hdd;
  private final Invalidator invalidator;
  private final RestoreStats stats;
  private final int pageSize;
  private final CacheClock clock;

  /** Index records per block pool, waiting for the pool's replicas to be loaded. */
  private final Map<String, List<Pending>> pending = new HashMap<>();

  private final Set<String> loadedPools = new HashSet<>(); // replicas loaded; guarded by pending

  /** Blocks evicted by commands written while the DataNode was down ({@link #evictAtStart}). */
  private volatile Predicate<BlockId> evictedAtStart = id -> false;

  public Restorer(
      BlockMap map,
      ServingDirectories dirs,
      HddReplicas hdd,
      Invalidator invalidator,
      RestoreStats stats,
      int pageSize,
      CacheClock clock) {
    this.map = map;
    this.dirs = dirs;
    this.hdd = hdd;
    this.invalidator = invalidator;
    this.stats = stats;
    this.pageSize = pageSize;
    this.clock = clock;
  }

  /** Reads every directory's index; deletes orphan pages; keeps the records until their pool. */
  public void loadIndexes() {
    for (CacheDirectory d : dirs.all()) {
      IndexLoad.load(d, pageSize).forEach(this::addPending);
    }
  }

  /**
   * A directory opened while the DataNode serves: loaded as at start, then {@code publish}ed (its
   * bytes reserved, orphans gone: fills may use it), then restored for the pools already loaded.
   * False, nothing restored, if {@code publish} refuses (the cache closed while it loaded): its
   * records stay in its index for the next start.
   */
  public boolean join(CacheDirectory d, BooleanSupplier publish) {
    List<Pending> records = IndexLoad.load(d, pageSize);
    retireEvicted(records, evictedAtStart);
    if (!publish.getAsBoolean()) {
      return false;
    }
    List<String> ready;
    synchronized (pending) {
      records.forEach(this::addPending);
      ready = new ArrayList<>(loadedPools);
    }
    ready.forEach(this::restorePool);
    return true;
  }

  /**
   * Operator evictions written while the DataNode was down (read at start, after {@link
   * #loadIndexes}): the records of the blocks they name are dropped with their pages instead of
   * restored, now and in a directory that joins later, and counted as admin invalidations. Blocks
   * filled after start are never touched by them.
   */
  public void evictAtStart(Predicate<BlockId> evicted) {
    evictedAtStart = evicted;
    List<Pending> all = new ArrayList<>();
    synchronized (pending) {
      pending.values().forEach(all::addAll);
      pending.values().forEach(records -> records.removeIf(p -> evicted.test(p.record.id())));
    }
    retireEvicted(all, evicted);
  }

  /** Removes from {@code records} those {@code evicted} names, deleting their pages and records. */
  private void retireEvicted(List<Pending> records, Predicate<BlockId> evicted) {
    List<CachedReplica> dropped = new ArrayList<>();
    records.removeIf(
        p -> {
          if (!evicted.test(p.record.id())) {
            return false;
          }
          CachedReplica e = p.entry();
          e.retire(); // never published: deletes its record and pages
          dropped.add(e);
          return true;
        });
    invalidator.count(dropped, InvalidationCause.ADMIN);
  }

  private void addPending(Pending p) {
    synchronized (pending) {
      pending.computeIfAbsent(p.record.id().poolId(), k -> new ArrayList<>()).add(p);
    }
  }

  /** Called once the dataset has loaded a block pool's replicas. */
  public void restorePool(String poolId) {
    List<Pending> waiting;
    synchronized (pending) {
      loadedPools.add(poolId);
      waiting = pending.remove(poolId);
    }
    if (waiting == null) {
      return;
    }
    long start = clock.nanoTime();
    int restored = 0;
    // Oldest first, so the directories' block and page orders start as the blocks were last read.
    waiting.sort(java.util.Comparator.comparingLong(p -> p.record.lastAccessMillis()));
    Map<CacheDirectory, List<CachedReplica>> byDir = new LinkedHashMap<>();
    for (Pending p : waiting) {
      CachedReplica e = p.entry();
      FillTicket ticket = map.tryStartFill(e.id, e.genStamp);
      RestoreDrop drop = ticket == null ? RestoreDrop.ALREADY_PRESENT : validate(poolId, p, e);
      if (drop == null && !map.restore(e, ticket)) {
        drop = RestoreDrop.REPLICA_CHANGED; // invalidated while it was validated
      }
      if (drop != null && ticket != null) {
        map.endFill(e.id, ticket);
      }
      if (drop == null) {
        restored++;
        byDir.computeIfAbsent(p.dir, k -> new ArrayList<>()).add(e);
      } else {
        stats.droppedBy.get(drop).inc();
        e.retire(); // deletes its record and pages
      }
    }
    // The pool's blocks and pages join each order at their access times, among the earlier pools'.
    byDir.forEach(CacheDirectory::restored);
    long micros = (clock.nanoTime() - start) / 1_000;
    stats.restored.inc(restored);
    stats.dropped.inc(waiting.size() - restored);
    stats.micros.inc(micros);
    LOG.info(
        "hdfs-local-cache: restored {} of {} cached blocks of {} in {} ms ({} dropped:"
            + " replica gone or changed, or pages missing)",
        restored,
        waiting.size(),
        poolId,
        micros / 1_000,
        waiting.size() - restored);
  }

  /** Why the entry may not be served again, or null if it may. */
  private RestoreDrop validate(String poolId, Pending p, CachedReplica e) {
    CacheDirectory dir = p.dir;
    if (!dir.health().inService()) {
      return RestoreDrop.DIRECTORY_OUT_OF_SERVICE;
    }
    ReplicaVersion live = hdd.replica(e.id);
    if (live == null || !live.finalizedAt(e.genStamp, e.dataLength)) {
      return RestoreDrop.REPLICA_CHANGED;
    }
    if (!hdd.filesExist(new ExtendedBlock(poolId, e.id.blockId(), e.dataLength, e.genStamp))) {
      return RestoreDrop.REPLICA_FILES_MISSING;
    }
    if ((e.dataLength > 0 && e.pages.count() == 0)
        || (p.listed && !complete(dir, e, BlockId.CacheFile.META, e.metaLength))) {
      return RestoreDrop.PAGES_MISSING;
    }
    return null;
  }

  private boolean complete(CacheDirectory d, CachedReplica e, BlockId.CacheFile f, long length) {
    long pages = (length + pageSize - 1) / pageSize;
    return d.store().pageCount(e.fileId(f), length) == pages;
  }

  /**
   * The dataset deleted the block pool ({@code deleteBlockPool}, after the pool was shut down): its
   * entries, the records still waiting for it, their pages, index records and space reservations
   * all go; otherwise they would leak and be reserved again at every start.
   */
  public void deletePool(String poolId) {
    List<Pending> waiting;
    synchronized (pending) {
      loadedPools.remove(poolId);
      waiting = pending.remove(poolId);
    }
    int dropped = 0;
    if (waiting != null) {
      for (Pending p : waiting) {
        p.entry().retire(); // no pins: deletes pages and record, then releases the bytes
        dropped++;
      }
    }
    List<CachedReplica> live = map.dropIf(id -> id.poolId().equals(poolId));
    invalidator.count(live, InvalidationCause.DELETE);
    LOG.info(
        "hdfs-local-cache: block pool {} deleted; dropped {} cached blocks",
        poolId,
        dropped + live.size());
  }

  /** The pool is unloaded, not deleted: its entries wait, with their pages, for its return. */
  public void detachPool(String poolId) {
    synchronized (pending) {
      loadedPools.remove(poolId);
    }
    List<CachedReplica> detached = map.detachIf(id -> id.poolId().equals(poolId));
    for (CachedReplica e : detached) {
      dirs.of(e.home()).pagesDetached(e);
      if (e.takePagesDeleted()) {
        dirs.of(e.home()).persist(e); // kept (detached): a restart finds the pages as they are
      }
      BitSet present = new BitSet();
      for (int p = 0; p < e.pages.pages(); p++) {
        present.set(p, e.pages.has(p));
      }
      addPending(new Pending(IndexRecord.of(e), dirs.of(e.home()), present, pageSize, false));
    }
    invalidator.count(detached, InvalidationCause.POOL_SHUTDOWN);
  }
}
