package io.hdfslocalcache.datanode.restore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.DirectoryFixture;
import io.hdfslocalcache.datanode.dir.PageLru;
import io.hdfslocalcache.datanode.dir.ServingDirectories;
import io.hdfslocalcache.datanode.hdd.FakeReplicas;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.index.IndexRecord;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.invalidate.InvalidationStats;
import io.hdfslocalcache.datanode.invalidate.Invalidator;
import io.hdfslocalcache.datanode.store.ForwardingPageStore;
import io.hdfslocalcache.datanode.store.MemoryPageStore;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.metrics.InvalidationMetrics;
import io.hdfslocalcache.metrics.MetricFamily;
import io.hdfslocalcache.metrics.RestoreMetrics;
import io.hdfslocalcache.time.CacheClock;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Restart restore decisions without a DataNode: a real RocksDB index written by one "run" and read
 * by the next, a fake dataset saying which replicas survived.
 */
class RestorerTest {
  private static final String POOL = "BP-1";
  private static final long LEN = 1000;

  @TempDir Path root;
  private final MetricRegistry registry = new MetricRegistry();
  private final FakeReplicas hdd = new FakeReplicas();
  private DirectoryFixture d;

  @AfterEach
  void tearDown() {
    if (d != null) {
      d.close();
    }
  }

  /** Run 1: publishes blocks 1..n and writes their index records, then stops. */
  private MemoryPageStore firstRun(int n) throws Exception {
    DirectoryFixture run1 = new DirectoryFixture(0, root, 1 << 20, 10, CacheClock.SYSTEM);
    BlockMap map = new BlockMap();
    for (long b = 1; b <= n; b++) {
      CachedReplica e = run1.publish(map, new BlockId(POOL, b), 7, LEN, b);
      run1.dir.blockIndex().put(IndexRecord.of(e), () -> false);
    }
    run1.close(); // drains the index writer
    return run1.store;
  }

  /** Rewrites block {@code b}'s record as a record from before pages were recorded. */
  private void rewriteWithoutPages(long b) throws Exception {
    DirectoryFixture again = new DirectoryFixture(0, root, 1 << 20, 10, CacheClock.SYSTEM);
    for (IndexRecord r : again.dir.blockIndex().loadAll()) {
      if (r.id().blockId() == b) {
        again.dir.blockIndex().put(withoutPages(r), () -> false);
      }
    }
    again.close();
  }

  private static IndexRecord withoutPages(IndexRecord r) {
    return withPages(r, 0, null);
  }

  private static IndexRecord withPages(IndexRecord r, int pageSize, long[] pages) {
    return new IndexRecord(
        r.id(),
        r.genStamp(),
        r.fillId(),
        r.dataLength(),
        r.metaLength(),
        r.checksum(),
        r.metaSegmentCrcs(),
        r.filledAtMillis(),
        r.lastAccessMillis(),
        pageSize,
        pages);
  }

  /** Run 2 on the same index and the pages run 1 left. */
  private Restorer secondRun(BlockMap map, MemoryPageStore pages) throws Exception {
    return secondRun(map, pages, 1 << 20);
  }

  private Restorer secondRun(BlockMap map, MemoryPageStore pages, int pageSize) throws Exception {
    return secondRun(map, pages, pageSize, s -> s);
  }

  private Restorer secondRun(
      BlockMap map, MemoryPageStore pages, int pageSize, UnaryOperator<PageStore> wrap)
      throws Exception {
    d = new DirectoryFixture(0, root, 1 << 20, 10, CacheClock.SYSTEM, pages, wrap);
    ServingDirectories dirs = new ServingDirectories(Collections.singletonList(d.dir), 1);
    Invalidator inv = new Invalidator(map, hdd, new InvalidationStats(registry), dirs);
    Restorer r =
        new Restorer(map, dirs, hdd, inv, new RestoreStats(registry), pageSize, CacheClock.SYSTEM);
    r.loadIndexes();
    return r;
  }

  private long dropped(RestoreDrop why) {
    return registry.counter(MetricFamily.member(RestoreMetrics.DROPPED_BY_CAUSE, why)).getCount();
  }

  @Test
  void restorePool_replicasUnchanged_servedAgainWithTheirAccessTimes() throws Exception {
    MemoryPageStore pages = firstRun(3);
    for (long b = 1; b <= 3; b++) {
      hdd.finalized(new BlockId(POOL, b), 7, LEN);
    }
    BlockMap map = new BlockMap();
    Restorer r = secondRun(map, pages);
    assertEquals(0, map.size(), "nothing served before the pool's replicas are loaded");
    r.restorePool(POOL);
    assertEquals(3, map.size());
    assertEquals(2, map.lookup(new BlockId(POOL, 2), 7).lastAccessMillis);
    assertEquals(3, registry.counter(RestoreMetrics.RESTORED).getCount());
    assertEquals(0, registry.counter(RestoreMetrics.DROPPED).getCount());
  }

  /**
   * Run 1 with two block pools (federation), their blocks read in turns: pool 1's at the odd access
   * times 1, 3, 5, pool 2's at 2, 4, 6 (block {@code b} of pool {@code p} at {@code 2b + p - 2}).
   */
  private MemoryPageStore firstRunTwoPools() throws Exception {
    return firstRunTwoPools(1 << 20);
  }

  /** As {@link #firstRunTwoPools()}, in pages of {@code pageSize} bytes (two at 512). */
  private MemoryPageStore firstRunTwoPools(int pageSize) throws Exception {
    DirectoryFixture run1 = new DirectoryFixture(0, root, 1 << 20, 10, CacheClock.SYSTEM);
    run1.store.pageSize = pageSize;
    BlockMap map = new BlockMap();
    for (long b = 1; b <= 3; b++) {
      for (int p = 1; p <= 2; p++) {
        BlockId id = new BlockId("BP-" + p, b);
        CachedReplica e = run1.publish(map, id, 7, LEN, 2 * b + p - 2);
        run1.dir.blockIndex().put(IndexRecord.of(e), () -> false);
        hdd.finalized(id, 7, LEN);
      }
    }
    run1.close();
    return run1.store;
  }

  private List<Long> evictionOrder() {
    List<Long> accessTimes = new ArrayList<>();
    for (CachedReplica e = d.dir.blockLru().pollOldest();
        e != null;
        e = d.dir.blockLru().pollOldest()) {
      accessTimes.add(e.lastAccessMillis);
    }
    return accessTimes;
  }

  @Test
  void restorePool_twoPoolsReadInTurns_evictedInTheirSavedAccessOrder() throws Exception {
    MemoryPageStore pages = firstRunTwoPools();
    Restorer r = secondRun(new BlockMap(), pages);
    r.restorePool("BP-1");
    r.restorePool("BP-2");
    assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), evictionOrder());
  }

  @Test
  void restorePool_blockReadBeforeTheNextPoolRestores_staysNewest() throws Exception {
    MemoryPageStore pages = firstRunTwoPools();
    BlockMap map = new BlockMap();
    Restorer r = secondRun(map, pages);
    r.restorePool("BP-2");
    map.accessed(map.lookup(new BlockId("BP-2", 1), 7), 100); // saved at 2
    r.restorePool("BP-1");
    assertEquals(List.of(1L, 3L, 4L, 5L, 6L, 100L), evictionOrder());
  }

  /** The directory's pages as {@code pages} fill mode evicts them: "pool:block/page ...". */
  private String pageEvictionOrder() {
    List<String> pages = new ArrayList<>();
    for (PageLru.Key k : d.dir.pageLru().pollOldest(Integer.MAX_VALUE)) {
      pages.add(k.entry.id.poolId() + ":" + k.entry.id.blockId() + "/" + k.page);
    }
    return String.join(" ", pages);
  }

  @Test
  void restorePool_twoPoolsReadInTurns_pagesEvictedInTheirSavedAccessOrder() throws Exception {
    MemoryPageStore pages = firstRunTwoPools(512);
    Restorer r = secondRun(new BlockMap(), pages, 512);
    r.restorePool("BP-1");
    r.restorePool("BP-2");
    assertEquals(
        "BP-1:1/0 BP-1:1/1 BP-2:1/0 BP-2:1/1 BP-1:2/0 BP-1:2/1 "
            + "BP-2:2/0 BP-2:2/1 BP-1:3/0 BP-1:3/1 BP-2:3/0 BP-2:3/1",
        pageEvictionOrder());
  }

  @Test
  void restorePool_pageReadBeforeTheNextPoolRestores_staysNewestAndItsOtherPageKeepsItsTime()
      throws Exception {
    MemoryPageStore pages = firstRunTwoPools(512);
    BlockMap map = new BlockMap();
    Restorer r = secondRun(map, pages, 512);
    r.restorePool("BP-2");
    CachedReplica read = map.lookup(new BlockId("BP-2", 1), 7); // saved at 2
    map.accessed(read, 100);
    read.home().pageRead(read, 1);
    r.restorePool("BP-1");
    assertEquals(
        "BP-1:1/0 BP-1:1/1 BP-2:1/0 BP-1:2/0 BP-1:2/1 BP-2:2/0 "
            + "BP-2:2/1 BP-1:3/0 BP-1:3/1 BP-2:3/0 BP-2:3/1 BP-2:1/1",
        pageEvictionOrder());
  }

  @Test
  void restorePool_replicaChangedGoneOrPagesLost_droppedByCauseWithPages() throws Exception {
    MemoryPageStore pages = firstRun(4);
    hdd.finalized(new BlockId(POOL, 1), 8, LEN); // appended: new generation stamp
    hdd.finalized(new BlockId(POOL, 2), 7, LEN);
    hdd.filesGone.add(2L); // listed, but its files are gone
    hdd.finalized(new BlockId(POOL, 3), 7, LEN);
    pages.deletePage(new BlockId(POOL, 3).fileId(7, BlockId.CacheFile.DATA), 0); // lost in a crash
    rewriteWithoutPages(3); // a record from before pages were recorded: the disk is listed
    // block 4: no replica at all
    BlockMap map = new BlockMap();
    secondRun(map, pages).restorePool(POOL);
    assertEquals(0, map.size());
    assertEquals(2, dropped(RestoreDrop.REPLICA_CHANGED));
    assertEquals(1, dropped(RestoreDrop.REPLICA_FILES_MISSING));
    assertEquals(1, dropped(RestoreDrop.PAGES_MISSING));
    for (long b = 1; b <= 4; b++) {
      assertFalse(
          pages.hasFile(new BlockId(POOL, b).fileId(7, BlockId.CacheFile.META)),
          "pages of a dropped entry are deleted");
    }
  }

  /**
   * A cache started with no directory (its only one still opening), the pool already loaded; the
   * directory then joins through {@link Restorer#join} with {@code hdd} answering the validation.
   */
  private Restorer lateDirectory(BlockMap map, MemoryPageStore pages, HddReplicas replicas)
      throws Exception {
    return lateDirectory(map, pages, replicas, id -> false);
  }

  /**
   * As above, with eviction commands read at start ({@code evicted}) before the directory joins.
   */
  private Restorer lateDirectory(
      BlockMap map, MemoryPageStore pages, HddReplicas replicas, Predicate<BlockId> evicted)
      throws Exception {
    d = new DirectoryFixture(0, root, 1 << 20, 10, CacheClock.SYSTEM, pages, s -> s);
    ServingDirectories dirs = new ServingDirectories(Collections.emptyList(), 1);
    Invalidator inv = new Invalidator(map, replicas, new InvalidationStats(registry), dirs);
    Restorer r =
        new Restorer(
            map, dirs, replicas, inv, new RestoreStats(registry), 1 << 20, CacheClock.SYSTEM);
    r.loadIndexes();
    r.evictAtStart(evicted);
    r.restorePool(POOL); // the dataset loaded the pool while the directory was still opening
    List<String> order = new ArrayList<>();
    r.join(
        d.dir,
        () -> {
          order.add("published with " + map.size() + " entries");
          dirs.join(d.dir);
          return true;
        });
    assertEquals(List.of("published with 0 entries"), order, "serving before its restore");
    assertEquals(List.of(d.dir), dirs.all());
    return r;
  }

  @Test
  void join_poolAlreadyLoaded_restoredOnceTheDirectoryServes() throws Exception {
    MemoryPageStore pages = firstRun(3);
    for (long b = 1; b <= 3; b++) {
      hdd.finalized(new BlockId(POOL, b), 7, LEN);
    }
    BlockMap map = new BlockMap();
    lateDirectory(map, pages, hdd);
    assertEquals(3, map.size());
    assertEquals(3, registry.counter(RestoreMetrics.RESTORED).getCount());
    assertTrue(map.lookup(new BlockId(POOL, 2), 7).home() == d.dir);
  }

  @Test
  void join_publishRefused_nothingRestoredAndItsRecordsKept() throws Exception {
    MemoryPageStore pages = firstRunReplicasUnchanged(3);
    BlockMap map = new BlockMap();
    d = new DirectoryFixture(0, root, 1 << 20, 10, CacheClock.SYSTEM, pages, s -> s);
    ServingDirectories dirs = new ServingDirectories(Collections.emptyList(), 1);
    Restorer r =
        new Restorer(
            map,
            dirs,
            hdd,
            new Invalidator(map, hdd, new InvalidationStats(registry), dirs),
            new RestoreStats(registry),
            1 << 20,
            CacheClock.SYSTEM);
    r.restorePool(POOL);
    boolean joined = r.join(d.dir, () -> false); // the cache closed while the directory loaded
    r.restorePool(POOL); // a pool loaded later finds none of its records waiting either
    assertEquals(0, map.size());
    assertFalse(joined);
    assertEquals(3, d.dir.blockIndex().loadAll().size(), "kept for the next start");
    assertTrue(pages.hasFile(new BlockId(POOL, 1).fileId(7, BlockId.CacheFile.DATA)));
  }

  /** {@link #firstRun}, its replicas unchanged while the DataNode was down. */
  private MemoryPageStore firstRunReplicasUnchanged(int n) throws Exception {
    MemoryPageStore pages = firstRun(n);
    for (long b = 1; b <= n; b++) {
      hdd.finalized(new BlockId(POOL, b), 7, LEN);
    }
    return pages;
  }

  private long adminInvalidations() {
    return registry
        .counter(MetricFamily.member(InvalidationMetrics.INVALIDATIONS, InvalidationCause.ADMIN))
        .getCount();
  }

  @Test
  void evictAtStart_blockNamedWhileDown_droppedWithItsPagesOthersRestored() throws Exception {
    MemoryPageStore pages = firstRunReplicasUnchanged(3);
    BlockMap map = new BlockMap();
    Restorer r = secondRun(map, pages);
    BlockId evicted = new BlockId(POOL, 2);
    r.evictAtStart(evicted::equals);
    assertFalse(pages.hasFile(evicted.fileId(7, BlockId.CacheFile.META)), "pages deleted at once");
    r.restorePool(POOL);
    assertEquals(2, map.size());
    assertNull(map.lookupAny(evicted));
    assertEquals(1, adminInvalidations());
    assertEquals(2, registry.counter(RestoreMetrics.RESTORED).getCount());
  }

  @Test
  void evictAtStart_directoryJoinsLater_itsEvictedBlockNotRestored() throws Exception {
    MemoryPageStore pages = firstRunReplicasUnchanged(3);
    BlockMap map = new BlockMap();
    lateDirectory(map, pages, hdd, id -> id.blockId() == 3);
    assertEquals(2, map.size());
    assertNull(map.lookupAny(new BlockId(POOL, 3)));
    assertFalse(pages.hasFile(new BlockId(POOL, 3).fileId(7, BlockId.CacheFile.DATA)));
    assertEquals(1, adminInvalidations());
  }

  @Test
  void join_blockInvalidatedWhileItIsValidated_neverServedAndItsPagesDeleted() throws Exception {
    MemoryPageStore pages = firstRun(2);
    BlockId raced = new BlockId(POOL, 2);
    hdd.finalized(new BlockId(POOL, 1), 7, LEN);
    hdd.finalized(raced, 7, LEN);
    BlockMap map = new BlockMap();
    // The DataNode serves while the directory joins: block 2 is deleted (the invalidation drops
    // whatever the map holds for it) just after its replica passed the last check.
    HddReplicas racing =
        new HddReplicas() {
          @Override
          public ReplicaVersion replica(BlockId id) {
            return hdd.replica(id);
          }

          @Override
          public LengthInputStream openMeta(ExtendedBlock b) throws IOException {
            return hdd.openMeta(b);
          }

          @Override
          public InputStream openData(ExtendedBlock b, long offset) throws IOException {
            return hdd.openData(b, offset);
          }

          @Override
          public boolean filesExist(ExtendedBlock b) {
            boolean exist = hdd.filesExist(b);
            if (b.getBlockId() == raced.blockId()) {
              map.drop(raced);
            }
            return exist;
          }
        };
    lateDirectory(map, pages, racing);
    assertNotNull(map.lookup(new BlockId(POOL, 1), 7));
    assertNull(map.lookupAny(raced), "a block deleted meanwhile is never served");
    assertEquals(1, dropped(RestoreDrop.REPLICA_CHANGED));
    assertFalse(pages.hasFile(raced.fileId(7, BlockId.CacheFile.DATA)), "its pages deleted");
  }

  @Test
  void loadIndexes_pagesNoRecordOwns_deleted() throws Exception {
    MemoryPageStore pages = firstRun(1);
    String orphan = new BlockId(POOL, 99).fileId(7, BlockId.CacheFile.DATA);
    pages.write(orphan, 0, new byte[1], 0, 1); // a fill cut off by a crash
    secondRun(new BlockMap(), pages);
    assertFalse(pages.hasFile(orphan));
    assertTrue(pages.hasFile(new BlockId(POOL, 1).fileId(7, BlockId.CacheFile.DATA)));
  }

  @Test
  void detachPool_thenRestore_keepsPagesAndServesAgain() throws Exception {
    MemoryPageStore pages = firstRun(2);
    hdd.finalized(new BlockId(POOL, 1), 7, LEN);
    hdd.finalized(new BlockId(POOL, 2), 7, LEN);
    BlockMap map = new BlockMap();
    Restorer r = secondRun(map, pages);
    r.restorePool(POOL);
    int lruPages = d.dir.pageLru().size();
    assertTrue(lruPages > 0);
    r.detachPool(POOL);
    assertEquals(0, d.dir.pageLru().size(), "no eviction may delete a detached entry's pages");
    assertNull(map.lookupAny(new BlockId(POOL, 1)));
    assertTrue(pages.hasFile(new BlockId(POOL, 1).fileId(7, BlockId.CacheFile.DATA)));
    r.restorePool(POOL);
    assertNotNull(map.lookup(new BlockId(POOL, 1), 7));
    assertEquals(lruPages, d.dir.pageLru().size(), "the returned entries' pages, once each");
    assertEquals(
        2,
        registry
            .counter(
                InvalidationStats.name(
                    io.hdfslocalcache.datanode.invalidate.InvalidationCause.POOL_SHUTDOWN))
            .getCount());
  }

  @Test
  void restorePool_partlyCachedBlockWithATornPage_comesBackWithItsWholePages() throws Exception {
    DirectoryFixture run1 = new DirectoryFixture(0, root, 1 << 20, 10, CacheClock.SYSTEM);
    run1.store.pageSize = 100; // ten data pages
    BlockId id = new BlockId(POOL, 1);
    CachedReplica e = run1.publishPages(new BlockMap(), id, 7, LEN, 0, 4, 5, 9);
    run1.dir.blockIndex().put(withoutPages(IndexRecord.of(e)), () -> false); // listed at start
    run1.close();
    String dataId = e.fileId(BlockId.CacheFile.DATA);
    run1.store.write(dataId, 5, new byte[40], 0, 40); // torn by a power loss
    hdd.finalized(id, 7, LEN);
    BlockMap map = new BlockMap();
    QueuedDeletes deletes = new QueuedDeletes();
    Restorer r = secondRun(map, run1.store, 100, deletes::over); // loads without failing
    assertEquals(1, deletes.size(), "one delete, of the torn page; none of the 6 never filled");
    deletes.drain();
    r.restorePool(POOL);
    CachedReplica back = map.lookup(id, 7);
    assertNotNull(back, "a partly cached block is served again");
    assertEquals(
        java.util.Set.of(0, 4, 9),
        DirectoryFixture.present(back),
        "its whole pages, not the torn one");
    org.junit.jupiter.api.Assertions.assertThrows(
        io.hdfslocalcache.datanode.store.CacheException.class,
        () -> run1.store.read(dataId, 5, 0, java.nio.ByteBuffer.wrap(new byte[1], 0, 1)),
        "the torn page is deleted");
    assertEquals(back.metaLength + 300, back.bytes());
    assertEquals(back.bytes(), d.dir.budget().reserved(), "reserved: meta and whole pages");
    assertEquals(3, d.dir.pageLru().size(), "its pages can be evicted again");
    assertEquals(1, registry.counter(RestoreMetrics.RESTORED).getCount());
  }

  /** A store that fails the test if asked to list a file's pages. */
  private static PageStore neverListed(PageStore store) {
    return new ForwardingPageStore(store) {
      @Override
      public io.hdfslocalcache.datanode.store.PagesOnDisk pagesOnDisk(String fileId, long length) {
        throw new AssertionError("listed the pages of " + fileId);
      }
    };
  }

  @Test
  void restorePool_pagesRecorded_restoredWithoutListingAPage() throws Exception {
    DirectoryFixture run1 = new DirectoryFixture(0, root, 1 << 20, 10, CacheClock.SYSTEM);
    run1.store.pageSize = 100; // ten data pages
    BlockId id = new BlockId(POOL, 1);
    CachedReplica e = run1.publishPages(new BlockMap(), id, 7, LEN, 0, 4, 9);
    run1.dir.blockIndex().put(IndexRecord.of(e), () -> false);
    run1.close();
    hdd.finalized(id, 7, LEN);
    BlockMap map = new BlockMap();
    Restorer r = secondRun(map, run1.store, 100, RestorerTest::neverListed);
    r.restorePool(POOL);
    CachedReplica back = map.lookup(id, 7);
    assertNotNull(back);
    assertEquals(java.util.Set.of(0, 4, 9), DirectoryFixture.present(back));
    assertEquals(back.metaLength + 300, d.dir.budget().reserved());
    assertEquals(3, d.dir.pageLru().size());
  }

  @Test
  void restorePool_recordedPageLostInACrash_restoredAndLeftToTheRead() throws Exception {
    MemoryPageStore pages = firstRun(1);
    BlockId id = new BlockId(POOL, 1);
    pages.deletePage(id.fileId(7, BlockId.CacheFile.DATA), 0); // after the record: a miss later
    hdd.finalized(id, 7, LEN);
    BlockMap map = new BlockMap();
    secondRun(map, pages, 1 << 20, RestorerTest::neverListed).restorePool(POOL);
    assertNotNull(map.lookup(id, 7), "the restart does not look at pages");
    assertEquals(0, registry.counter(RestoreMetrics.DROPPED).getCount());
  }

  @Test
  void restorePool_pagesRecordedAtAnotherPageSize_droppedPagesMissing() throws Exception {
    MemoryPageStore pages = firstRun(1);
    BlockId id = new BlockId(POOL, 1);
    hdd.finalized(id, 7, LEN);
    BlockMap map = new BlockMap();
    secondRun(map, pages, 1 << 19).restorePool(POOL);
    assertNull(map.lookupAny(id));
    assertEquals(1, dropped(RestoreDrop.PAGES_MISSING));
  }

  /**
   * Deletes queued, as the real store's are (one delete thread per directory), and a {@code
   * retainFiles} that fails if a delete is still queued: Alluxio's runs a scan of the directory's
   * files that fails when a file vanishes under it.
   */
  private static final class QueuedDeletes {
    private final List<Runnable> queued = new ArrayList<>();

    PageStore over(PageStore store) {
      return new ForwardingPageStore(store) {
        @Override
        public void deletePage(String fileId, long page) {
          queue(() -> inner.deletePage(fileId, page));
        }

        @Override
        public void deleteFile(String fileId) {
          queue(() -> inner.deleteFile(fileId));
        }

        @Override
        public void afterDeletes(Runnable then) {
          queue(then);
        }

        @Override
        public void retainFiles(Predicate<String> keep) {
          synchronized (queued) {
            if (!queued.isEmpty()) {
              throw new UncheckedIOException(
                  new NoSuchFileException("a page deleted under the scan of the directory"));
            }
          }
          inner.retainFiles(keep);
        }
      };
    }

    private void queue(Runnable delete) {
      synchronized (queued) {
        queued.add(delete);
      }
    }

    int size() {
      synchronized (queued) {
        return queued.size();
      }
    }

    void drain() {
      synchronized (queued) {
        queued.forEach(Runnable::run);
        queued.clear();
      }
    }
  }
}
