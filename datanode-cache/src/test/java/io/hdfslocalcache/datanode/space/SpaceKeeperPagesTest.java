package io.hdfslocalcache.datanode.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.DirectoryFixture;
import io.hdfslocalcache.datanode.fill.Room;
import io.hdfslocalcache.metrics.SpaceMetrics;
import io.hdfslocalcache.time.CacheClock;
import io.hdfslocalcache.time.FakeClock;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eviction in {@code pages} fill mode: single data pages leave in the directory's page LRU order, a
 * read moves its page to the new end, a block whose last page leaves is dropped with its meta, and
 * the budget always ends at exactly the bytes still held.
 */
class SpaceKeeperPagesTest {
  private static final int PAGE = 100;

  /** Four pages per block. */
  private static final long LEN = 4 * PAGE;

  private static final long META = DirectoryFixture.LAYOUT.expectedMetaLength(LEN);

  @TempDir Path root;
  private final MetricRegistry registry = new MetricRegistry();
  private final BlockMap map = new BlockMap();
  private DirectoryFixture d;
  private SpaceKeeper keeper;

  @BeforeEach
  void setUp() throws Exception {
    // exactly two whole blocks
    d = new DirectoryFixture(0, root, 2 * (LEN + META), 10, CacheClock.SYSTEM);
    d.store.pageSize = PAGE;
    keeper =
        new SpaceKeeper(
            map, FillMode.PAGES, new SpaceStats(registry), PAGE, 5, 0, 1, new FakeClock(0));
  }

  @AfterEach
  void tearDown() {
    d.close();
  }

  private CachedReplica publish(long block, int... pages) {
    return d.publishPages(map, new BlockId("BP-1", block), 1, LEN, pages);
  }

  private static Set<Integer> present(CachedReplica e) {
    return DirectoryFixture.present(e);
  }

  private boolean stored(CachedReplica e, int page) {
    try {
      d.store.read(
          e.fileId(BlockId.CacheFile.DATA), page, 0, java.nio.ByteBuffer.wrap(new byte[1], 0, 1));
      return true;
    } catch (io.hdfslocalcache.datanode.store.CacheException x) {
      return false;
    }
  }

  /** The budget holds exactly the mapped entries' meta and present pages, and so does the store. */
  private void assertBudgetIsWhatIsHeld(long reservedForFill) {
    long held = 0;
    for (CachedReplica e : map.entries()) {
      held += e.bytes();
    }
    assertEquals(held + reservedForFill, d.dir.budget().reserved());
    assertEquals(held, d.store.usedBytes(), "pages on disk");
    assertEquals(
        d.dir.budget().reserved() - d.dir.budget().capacity(),
        d.dir.budget().shortfall(0),
        "nothing left counted as draining");
  }

  @Test
  void reserve_full_evictsLeastRecentlyReadPagesNotBlocks() throws Exception {
    CachedReplica a = publish(1, 0, 1, 2, 3);
    CachedReplica b = publish(2, 0, 1, 2, 3);
    assertEquals(Room.RESERVED, keeper.reserve(d.dir, 150));
    assertEquals(Set.of(2, 3), present(a), "a's two oldest pages made room");
    assertEquals(Set.of(0, 1, 2, 3), present(b));
    assertFalse(stored(a, 0), "its file deleted");
    assertEquals(2, registry.counter(SpaceMetrics.EVICTED_PAGES).getCount());
    assertEquals(0, registry.counter(SpaceMetrics.EVICTIONS).getCount(), "no block dropped");
    assertBudgetIsWhatIsHeld(150);
  }

  @Test
  void reserve_afterAPageWasRead_thatPageLeavesLast() throws Exception {
    CachedReplica a = publish(1, 0, 1, 2, 3);
    publish(2, 0, 1, 2, 3);
    d.dir.pageRead(a, 0); // a reader served a's page 0 from the SSD
    assertEquals(Room.RESERVED, keeper.reserve(d.dir, 150));
    assertEquals(Set.of(0, 3), present(a));
    assertBudgetIsWhatIsHeld(150);
  }

  @Test
  void reserve_blockLosesItsLastPage_droppedWithItsMeta() throws Exception {
    CachedReplica a = publish(1, 2, 3);
    CachedReplica b = publish(2, 0, 1, 2, 3);
    // free: two pages; wanted: three and a half. a's two pages go, a has no data left and goes
    // too, its meta counted as freed; b is left alone.
    assertEquals(Room.RESERVED, keeper.reserve(d.dir, 350));
    assertTrue(a.retired());
    assertNull(map.lookupAny(a.id));
    assertFalse(d.store.hasFile(a.fileId(BlockId.CacheFile.META)), "its meta deleted");
    assertSame(b, map.lookupAny(b.id));
    assertEquals(Set.of(0, 1, 2, 3), present(b));
    assertEquals(1, registry.counter(SpaceMetrics.EVICTIONS).getCount());
    assertEquals(2, registry.counter(SpaceMetrics.EVICTED_PAGES).getCount());
    assertEquals(b.pages.count(), d.dir.pageLru().size(), "a's pages left the LRU");
    assertBudgetIsWhatIsHeld(350);
  }

  @Test
  void reserve_evictedPageOfAnOpenBlock_freedAtOnceWithoutWaiting() throws Exception {
    CachedReplica a = publish(1, 0, 1, 2, 3);
    publish(2, 0, 1, 2, 3);
    assertTrue(a.pin(), "a reader has the block open");
    assertEquals(Room.RESERVED, keeper.reserve(d.dir, PAGE));
    assertEquals(Set.of(1, 2, 3), present(a), "its reader reads page 0 from the HDD now");
    assertBudgetIsWhatIsHeld(PAGE);
    a.unpin();
  }

  @Test
  void reserve_nothingEvictable_refusedByCause() throws Exception {
    d.dir.budget().reserveExisting(d.dir.budget().capacity()); // bytes no entry holds
    assertEquals(Room.NOTHING_TO_EVICT, keeper.reserve(d.dir, PAGE));
  }

  @Test
  void relieveSpace_pagesMode_evictsTheOldestPagesEarly() throws Exception {
    CachedReplica a = publish(1, 0, 1, 2, 3);
    publish(2, 0, 1, 2, 3);
    keeper.relieveSpace(d.dir); // at least four pages at a time
    assertTrue(a.retired(), "a's four pages were the oldest: a goes");
    assertEquals(1, registry.counter("store.invalidations.no_space").getCount());
    assertBudgetIsWhatIsHeld(0);
  }

  /**
   * The eviction loop checks that an entry is live, then evicts its page; an invalidation can
   * retire the entry in between (delete, append, a failed read on another thread). Its retirement
   * already released every byte it held, so the page eviction must release nothing more.
   */
  @Test
  void evictPage_entryRetiredAfterEvictionChoseIt_releasesNothingTwice() throws Exception {
    CachedReplica a = publish(1, 0, 1, 2, 3);
    publish(2, 0, 1, 2, 3);
    map.dropEntry(a); // no reader: its pages and bytes go now
    assertEquals(0, d.dir.evictPage(a, 0), "nothing left to free");
    assertBudgetIsWhatIsHeld(0);
  }

  @Test
  void evictPage_entryRetiredWhileReadThenReaderCloses_everyByteReleasedOnce() throws Exception {
    CachedReplica a = publish(1, 0, 1, 2, 3);
    publish(2, 0, 1, 2, 3);
    assertTrue(a.pin());
    map.dropEntry(a); // retired with a reader: its bytes drain when the reader closes
    assertEquals(PAGE, d.dir.evictPage(a, 0), "a page of a draining entry can still go early");
    a.unpin();
    assertBudgetIsWhatIsHeld(0);
  }
}
