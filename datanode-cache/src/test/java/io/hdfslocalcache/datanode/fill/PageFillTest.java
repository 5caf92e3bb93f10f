package io.hdfslocalcache.datanode.fill;

import static io.hdfslocalcache.datanode.fill.FillHarness.PAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.FillOutcome;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Page fills of a published entry: only missing pages are written, concurrent fills split the
 * claims, and whatever a page fill does not publish (failure, retirement) leaves no page, no
 * reservation and no claim behind.
 */
class PageFillTest {
  /** Five whole pages and a short sixth. */
  private static final int LENGTH = 5 * PAGE + 1000;

  @TempDir Path root;
  private FillHarness h;
  private byte[] data;
  private CachedReplica e;

  @BeforeEach
  void setUp() throws Exception {
    h = new FillHarness(root, 64L * PAGE);
    data = h.replica(1, LENGTH);
    assertEquals(FillOutcome.COMPLETED, h.fillNew(1, 2, 2)); // a pread of page 2 admitted it
    e = h.entry(1);
  }

  @AfterEach
  void tearDown() {
    h.close();
  }

  /** Budget equals what the entry holds, nothing is left draining, every page is in the LRU. */
  private void assertSettled() {
    assertEquals(e.bytes(), h.budget().reserved(), "budget follows the entry's pages");
    assertEquals(0, h.draining());
    assertEquals(e.pages.count(), h.d.dir.pageLru().size());
    assertEquals(FillHarness.present(e), h.dataPagesStored(e), "store holds the present pages");
  }

  @Test
  void addPages_someAlreadyCached_writesOnlyTheMissingOnes() throws Exception {
    int before = h.writes.size();
    assertEquals(FillOutcome.COMPLETED, h.addPages(e, 0, 3));
    assertEquals(Set.of(0, 1, 3), h.dataPagesWritten(e, before));
    assertEquals(Set.of(0, 1, 2, 3), FillHarness.present(e));
    assertEquals(4, h.counter(FillMetrics.PAGES_WRITTEN));
    assertEquals(e.metaLength + 4L * PAGE, e.bytes());
    assertSettled();
    byte[] page3 = new byte[PAGE];
    h.d.store.read(
        e.fileId(BlockId.CacheFile.DATA), 3, 0, java.nio.ByteBuffer.wrap(page3, 0, PAGE));
    assertArrayEquals(Arrays.copyOfRange(data, 3 * PAGE, 4 * PAGE), page3);
  }

  @Test
  void addPages_lastShortPage_writtenWithItsLength() throws Exception {
    assertEquals(FillOutcome.COMPLETED, h.addPages(e, 5, Integer.MAX_VALUE));
    assertEquals(Set.of(2, 5), FillHarness.present(e));
    assertEquals(e.metaLength + PAGE + 1000, e.bytes());
    assertSettled();
  }

  @Test
  void addPages_everyPageCached_nothingMissingNoWrite() throws Exception {
    int before = h.writes.size();
    assertEquals(FillOutcome.NOTHING_MISSING, h.addPages(e, 2, 2));
    assertEquals(before, h.writes.size());
    assertEquals(1, h.counter("fill.nothing_missing"));
    assertSettled();
  }

  @Test
  void addPages_twoFillsOverlap_splitTheClaimsAndWriteEachPageOnce() throws Exception {
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    h.hdd.onOpenData =
        offset -> {
          if (Thread.currentThread().getName().equals("first-fill")) {
            holding.countDown(); // its pages are claimed: it reads the HDD only now
            try {
              release.await();
            } catch (InterruptedException x) {
              Thread.currentThread().interrupt();
            }
          }
        };
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "first-fill"));
    try {
      int before = h.writes.size();
      Future<FillOutcome> first = pool.submit(() -> h.addPages(e, 0, 3));
      assertTrue(holding.await(10, TimeUnit.SECONDS));
      assertEquals(FillOutcome.COMPLETED, h.addPages(e, 1, 5), "the second fill");
      assertEquals(Set.of(4, 5), h.dataPagesWritten(e, before), "0, 1, 3 are the first's");
      release.countDown();
      assertEquals(FillOutcome.COMPLETED, first.get(10, TimeUnit.SECONDS));
      List<String> dataWrites =
          h.writes.subList(before, h.writes.size()).stream()
              .filter(w -> w.startsWith(e.fileId(BlockId.CacheFile.DATA)))
              .toList();
      assertEquals(5, dataWrites.size(), "each missing page written once: " + dataWrites);
      assertEquals(Set.of(0, 1, 2, 3, 4, 5), FillHarness.present(e));
      assertTrue(e.pages.complete());
      assertSettled();
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
  }

  @Test
  void addPages_storeWriteFails_tornPageDeletedBudgetAndClaimReleased() throws Exception {
    h.failWrite = (file, page) -> file.equals(e.fileId(BlockId.CacheFile.DATA)) && page == 3;
    assertEquals(FillOutcome.FAILED, h.addPages(e, 0, 4));
    assertEquals(1, h.counter("fill.failed.io_error"));
    assertEquals(Set.of(0, 1, 2), FillHarness.present(e), "pages written before it stay");
    assertFalse(h.dataPagesStored(e).contains(3), "the torn page is deleted");
    assertSettled();
    h.failWrite = null;
    assertEquals(FillOutcome.COMPLETED, h.addPages(e, 3, 4), "claims released: filled later");
    assertEquals(Set.of(0, 1, 2, 3, 4), FillHarness.present(e));
    assertSettled();
  }

  @Test
  void addPages_entryRetiredMidFill_leavesNoPageRecordOrBytesBehind() throws Exception {
    String dataFile = e.fileId(BlockId.CacheFile.DATA);
    h.afterWrite =
        (file, page) -> {
          if (file.equals(dataFile) && page == 1) {
            h.map.dropEntry(e); // invalidated (delete, append) while the fill holds its pin
          }
        };
    assertEquals(FillOutcome.ABANDONED, h.addPages(e, 0, 4));
    assertTrue(e.retired());
    assertEquals(0, h.d.store.usedBytes(), "no page of the retired entry outlives it");
    assertEquals(0, h.budget().reserved());
    assertEquals(0, h.draining());
    assertEquals(0, h.d.dir.pageLru().size());
  }

  @Test
  void addPages_entryRetiredBefore_abandonedWithoutWriting() throws Exception {
    h.map.dropEntry(e);
    int before = h.writes.size();
    assertEquals(FillOutcome.ABANDONED, h.addPages(e, 0, 4));
    assertEquals(before, h.writes.size());
    assertEquals(0, h.budget().reserved());
  }

  @Test
  void addPages_hddCopyCorrupt_refusedCountedCachedPagesKept() throws Exception {
    h.rot(1, 3 * PAGE + 5000);
    assertEquals(FillOutcome.HDD_CORRUPT, h.addPages(e, 0, 4));
    assertEquals(1, h.counter(FillMetrics.OUTCOME + "hdd_corrupt"));
    assertEquals(Set.of(0, 1, 2), FillHarness.present(e), "verified pages before it stay");
    assertFalse(e.retired(), "the cached copy is good");
    assertTrue(e.pages.tryClaim(4), "the pages it did not reach are claimable again");
    e.pages.release(4);
    assertSettled();
  }

  @Test
  void addPages_noRoom_refusedByCauseAndClaimsReleased() throws Exception {
    h.budget().reserveExisting(h.budget().capacity()); // bytes no entry holds: nothing to evict
    assertEquals(FillOutcome.NO_ROOM, h.addPages(e, 0, 1));
    assertEquals(1, h.counter("fill.no_room.nothing_to_evict"));
    assertTrue(e.pages.tryClaim(0), "claims released");
    assertTrue(e.pages.tryClaim(1));
  }
}
