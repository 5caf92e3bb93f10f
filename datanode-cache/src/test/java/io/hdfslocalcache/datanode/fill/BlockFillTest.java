package io.hdfslocalcache.datanode.fill;

import static io.hdfslocalcache.datanode.fill.FillHarness.GS;
import static io.hdfslocalcache.datanode.fill.FillHarness.PAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.FillOutcome;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A version's first fill: the meta whole and the pages asked for, or nothing at all. */
class BlockFillTest {
  /** Five whole pages and a short sixth. */
  private static final int LENGTH = 5 * PAGE + 1000;

  @TempDir Path root;
  private FillHarness h;

  @BeforeEach
  void setUp() throws Exception {
    h = new FillHarness(root, 64L * PAGE);
  }

  @AfterEach
  void tearDown() {
    h.close();
  }

  @Test
  void fillNew_somePages_metaWholeAndOnlyThosePagesPublished() throws Exception {
    byte[] data = h.replica(1, LENGTH);
    assertEquals(FillOutcome.COMPLETED, h.fillNew(1, 1, 2));
    CachedReplica e = h.entry(1);
    assertNotNull(e);
    assertEquals(Set.of(1, 2), FillHarness.present(e));
    assertEquals(Set.of(1, 2), h.dataPagesWritten(e, 0));
    assertEquals(Set.of(1, 2), h.dataPagesStored(e));
    assertEquals(
        1, h.d.store.pageCount(e.fileId(BlockId.CacheFile.META), e.metaLength), "meta whole");
    assertEquals(2, h.counter(FillMetrics.PAGES_WRITTEN));
    assertEquals(e.metaLength + 2L * PAGE, e.bytes());
    assertEquals(e.bytes(), h.budget().reserved(), "the budget holds what the entry holds");
    assertEquals(0, h.draining());
    assertEquals(2, h.d.dir.pageLru().size(), "its pages are in the page LRU");
    byte[] page2 = new byte[PAGE];
    h.d.store.read(
        e.fileId(BlockId.CacheFile.DATA), 2, 0, java.nio.ByteBuffer.wrap(page2, 0, PAGE));
    assertArrayEquals(Arrays.copyOfRange(data, 2 * PAGE, 3 * PAGE), page2);
  }

  @Test
  void fillNew_metaOfAnotherFormatVersion_unsupportedNothingCached() throws Exception {
    h.replica(1, LENGTH);
    h.hdd.metaVersion(FillHarness.id(1), (short) 2);
    assertEquals(FillOutcome.UNSUPPORTED, h.fillNew(1, 0, 1));
    assertEquals(null, h.entry(1), "the meta stream serves header version 1 from memory");
    assertEquals(0, h.budget().reserved());
  }

  @Test
  void fillNew_wholeBlock_everyPageIncludingTheShortLast() throws Exception {
    h.replica(1, LENGTH);
    assertEquals(
        FillOutcome.COMPLETED,
        h.fill.fillNew(
            FillRequest.wholeBlock(FillHarness.id(1), GS, h.d.dir),
            h.map.tryStartFill(FillHarness.id(1), GS)));
    CachedReplica e = h.entry(1);
    assertTrue(e.pages.complete());
    assertEquals(6, h.counter(FillMetrics.PAGES_WRITTEN));
    assertEquals(e.metaLength + LENGTH, h.budget().reserved());
  }

  @Test
  void fillNew_hddCopyCorrupt_refusedCountedNothingPublishedNothingLeft() throws Exception {
    h.replica(1, LENGTH);
    h.rot(1, 2 * PAGE + 100);
    assertEquals(FillOutcome.HDD_CORRUPT, h.fillNew(1, 0, 3));
    assertEquals(1, h.counter(FillMetrics.OUTCOME + "hdd_corrupt"));
    assertEquals(0, h.map.size(), "not published, ticket gone");
    assertEquals(0, h.d.store.usedBytes(), "meta and pages written before it deleted");
    assertEquals(0, h.budget().reserved());
    assertEquals(0, h.draining());
    assertEquals(0, h.d.dir.pageLru().size());
  }

  @Test
  void fillNew_checksumMismatchAfterReplicaChanged_abandonedNotCountedCorrupt() throws Exception {
    h.replica(1, LENGTH);
    h.rot(1, 2 * PAGE + 100);
    // An append's new generation stamp lands while the fill copies page 0: the mismatch it meets
    // on page 2 says nothing about the replica now.
    h.afterWrite =
        (file, page) ->
            h.hdd.finalized(FillHarness.id(1), GS + 1, h.hdd.data.get(FillHarness.id(1)));
    assertEquals(FillOutcome.ABANDONED, h.fillNew(1, 0, 3));
    assertEquals(0, h.counter(FillMetrics.OUTCOME + "hdd_corrupt"));
    assertEquals(1, h.counter(FillMetrics.OUTCOME + "abandoned"));
    assertEquals(0, h.map.size(), "not published");
    assertEquals(0, h.d.store.usedBytes());
    assertEquals(0, h.budget().reserved());
  }
}
