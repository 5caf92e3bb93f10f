package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.RestoreMetrics;
import io.hdfslocalcache.metrics.SpaceMetrics;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partial blocks on a real DataNode ({@code pages} fill mode, whatever {@code it.fill.mode} says):
 * an admitted pread caches the meta and the page it read, later reads add theirs and are served
 * part from the SSD, part from the HDD, byte for byte; pages leave least recently read first; a
 * partly cached block survives a restart and is invalidated like any other.
 */
class PagesModeIT {
  private static final int PAGE = 64 * 1024;
  private static final int PAGES = CacheCluster.BLOCK / PAGE;

  /**
   * Meta file of a whole 1 MB block: header and a CRC32C per 512 bytes ({@code read.bytes.cache}
   * counts the meta bytes a read takes from the SSD too).
   */
  private static final long META = 7 + CacheCluster.BLOCK / 512 * 4;

  @TempDir Path base;
  CacheCluster c;

  @AfterEach
  void stop() {
    if (c != null) {
      c.close();
    }
  }

  private CacheCluster start(String capacity) throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.FILL_MODE, "pages");
    conf.set(CacheKeys.CAPACITY, capacity);
    c = CacheCluster.start(conf, 1);
    return c;
  }

  private static org.apache.hadoop.fs.Path path(String name) {
    return new org.apache.hadoop.fs.Path(name);
  }

  /** Data pages of {@code b} on the SSD, by index, as the files there say. */
  private Set<Integer> ssdPages(ExtendedBlock b) {
    Set<Integer> out = new TreeSet<>();
    for (Path f : SsdFiles.pages(base.resolve("ssd"), b, ".data")) {
      out.add(Integer.parseInt(f.getFileName().toString()));
    }
    return out;
  }

  private static Set<Integer> range(int from, int to) {
    Set<Integer> out = new TreeSet<>();
    for (int p = from; p < to; p++) {
      out.add(p);
    }
    return out;
  }

  /** Reads 4 KB at {@code at} and checks the bytes. */
  private void pread4k(org.apache.hadoop.fs.Path p, byte[] data, long at) throws Exception {
    assertArrayEquals(
        Arrays.copyOfRange(data, (int) at, (int) at + 4096), c.pread(p, at, 4096), "at " + at);
  }

  private long reserved() {
    return CacheCluster.gauge(c.cache(0), DirectoryNames.of(0, DirectoryMetrics.RESERVED));
  }

  @Test
  void pread_admitted_cachesMetaAndOnePageLaterReadsAddTheirsUntilTheBlockIsWhole()
      throws Exception {
    start("64m");
    org.apache.hadoop.fs.Path p = path("/pages.bin");
    byte[] data = c.write(p, CacheCluster.BLOCK, (short) 1, 1);
    ExtendedBlock b = c.blocks(p).get(0);
    pread4k(p, data, 5L * PAGE + 8192);
    pread4k(p, data, 5L * PAGE + 8192); // past the threshold: fills what it read when it ends
    CacheCluster.await("first fill", () -> c.counter("fill.completed") == 1);
    assertTrue(c.cache(0).isCached(b));
    assertEquals(1, c.counter(FillMetrics.PAGES_WRITTEN), "exactly the page read");
    assertEquals(Set.of(5), ssdPages(b));
    assertEquals(1, SsdFiles.pages(base.resolve("ssd"), b, ".meta").size(), "the meta, whole");
    assertEquals(META + PAGE, c.counter(FillMetrics.BYTES_WRITTEN));
    assertEquals(META + PAGE, reserved());

    // a later pread of another page adds that page (the block's first partial read)...
    pread4k(p, data, 0);
    CacheCluster.await("page 0 filled", () -> c.counter("fill.completed") == 2);
    assertEquals(2, c.counter(FillMetrics.PAGES_WRITTEN));
    assertEquals(Set.of(0, 5), ssdPages(b));
    assertEquals(0, c.counter("fill.failed"));

    // ...the second partial read is served two-sourced and fills every missing page in one pass
    // (Admission.WHOLE_AFTER_PARTIAL_READS)
    long cached = c.counter(ReadPathMetrics.BYTES_CACHE);
    long uncached = c.counter(ReadPathMetrics.BYTES_UNCACHED_HDD);
    assertArrayEquals(data, c.readAll(p));
    assertEquals(
        2L * PAGE + META, c.counter(ReadPathMetrics.BYTES_CACHE) - cached, "2 pages and the meta");
    assertEquals(14L * PAGE, c.counter(ReadPathMetrics.BYTES_UNCACHED_HDD) - uncached);
    assertEquals(
        0, c.counter(ReadPathMetrics.BYTES_FALLBACK_HDD), "an uncached page is no fallback");
    CacheCluster.await("every page cached", () -> c.counter("fill.completed") == 3);
    assertEquals(PAGES, c.counter(FillMetrics.PAGES_WRITTEN), "no page written twice");
    assertEquals(range(0, PAGES), ssdPages(b));
    CacheCluster.await("reservation is the whole block", () -> reserved() == META + PAGES * PAGE);
    cached = c.counter(ReadPathMetrics.BYTES_CACHE);
    uncached = c.counter(ReadPathMetrics.BYTES_UNCACHED_HDD);
    assertArrayEquals(data, c.readAll(p)); // now all from the SSD
    assertEquals(CacheCluster.BLOCK + META, c.counter(ReadPathMetrics.BYTES_CACHE) - cached);
    assertEquals(0, c.counter(ReadPathMetrics.BYTES_UNCACHED_HDD) - uncached);
    assertEquals(0, c.counter("store.invalidations.read_failure"));
  }

  @Test
  void fill_smallCache_leastRecentlyReadPagesLeaveAndABlockWithoutPagesIsDropped()
      throws Exception {
    start("4m"); // ~3.8 MB after Alluxio's overhead: three whole blocks and a part of one
    List<byte[]> data = new java.util.ArrayList<>();
    List<ExtendedBlock> blocks = new java.util.ArrayList<>();
    for (int i = 0; i < 3; i++) {
      data.add(c.cachedFile("/lru-" + i + ".bin", CacheCluster.BLOCK));
      blocks.add(c.blocks(path("/lru-" + i + ".bin")).get(0));
    }
    assertEquals(0, c.counter(SpaceMetrics.EVICTED_PAGES));
    // block 0 is read again, from the SSD: its pages are now the most recently read
    long cached = c.counter(ReadPathMetrics.BYTES_CACHE);
    assertArrayEquals(data.get(0), c.readAll(path("/lru-0.bin")));
    assertEquals(CacheCluster.BLOCK + META, c.counter(ReadPathMetrics.BYTES_CACHE) - cached);
    for (int i = 3; i < 5; i++) {
      data.add(c.cachedFile("/lru-" + i + ".bin", CacheCluster.BLOCK));
      blocks.add(c.blocks(path("/lru-" + i + ".bin")).get(0));
    }
    CacheLifecycle cache = c.cache(0);
    long capacity =
        ((Number)
                cache
                    .metrics()
                    .getGauges()
                    .get(DirectoryNames.of(0, DirectoryMetrics.CAPACITY))
                    .getValue())
            .longValue();
    assertTrue(reserved() <= capacity);
    // block 1 was read least recently: all its pages went, and it went with its last page
    assertFalse(cache.isCached(blocks.get(1)));
    assertEquals(0, SsdFiles.count(base.resolve("ssd"), List.of(blocks.get(1))));
    assertTrue(c.counter(SpaceMetrics.EVICTIONS) >= 1);
    // block 2 came next: it lost its lowest pages, the ones its fill added first
    Set<Integer> left = ssdPages(blocks.get(2));
    assertTrue(left.size() < PAGES, "block 2 lost pages: " + left);
    assertEquals(range(PAGES - left.size(), PAGES), left, "its least recently read pages went");
    assertEquals(PAGES + (PAGES - left.size()), c.counter(SpaceMetrics.EVICTED_PAGES));
    // block 0, read after blocks 1 and 2, kept every page; so did the newest
    for (int i : new int[] {0, 3, 4}) {
      assertEquals(range(0, PAGES), ssdPages(blocks.get(i)), "block " + i);
    }
    for (int i = 0; i < 5; i++) {
      assertArrayEquals(data.get(i), c.readAll(path("/lru-" + i + ".bin")));
    }
    assertEquals(0, c.counter("read.fallback.missing_page"), "no page evicted from under a read");
    assertEquals(0, c.counter("store.invalidations.read_failure"));
  }

  @Test
  void restart_partlyCachedBlock_restoredAndServedWithoutRefillingItsPages() throws Exception {
    start("64m");
    org.apache.hadoop.fs.Path p = path("/restart-pages.bin");
    byte[] data = c.write(p, CacheCluster.BLOCK, (short) 1, 2);
    ExtendedBlock b = c.blocks(p).get(0);
    pread4k(p, data, 3L * PAGE);
    pread4k(p, data, 3L * PAGE);
    CacheCluster.await("page 3 cached", () -> c.counter("fill.completed") == 1);
    pread4k(p, data, 9L * PAGE + 4096);
    CacheCluster.await("page 9 cached", () -> c.counter("fill.completed") == 2);
    assertEquals(2, c.counter(FillMetrics.PAGES_WRITTEN));
    DataNodeProperties props = c.cluster.stopDataNode(0);
    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
    assertEquals(1, c.counter(RestoreMetrics.RESTORED));
    assertTrue(c.cache(0).isCached(b));
    assertEquals(Set.of(3, 9), ssdPages(b));
    assertEquals(META + 2L * PAGE, reserved());
    pread4k(p, data, 3L * PAGE + 512);
    pread4k(p, data, 9L * PAGE);
    assertEquals(2, c.counter(ReadPathMetrics.HITS));
    assertEquals(0, c.counter(ReadPathMetrics.BYTES_UNCACHED_HDD), "both from the SSD");
    assertEquals(0, c.counter(ReadPathMetrics.BYTES_FALLBACK_HDD));
    assertEquals(0, c.counter(FillMetrics.QUEUED), "no refill of the pages restored");
    pread4k(p, data, 7L * PAGE); // an absent page: read from the HDD, then filled
    CacheCluster.await("page 7 added", () -> c.counter("fill.completed") == 1);
    assertEquals(1, c.counter(FillMetrics.PAGES_WRITTEN));
    assertEquals(Set.of(3, 7, 9), ssdPages(b));
  }

  @Test
  void deleteAndAppend_partlyCachedBlocks_droppedWithTheirPages() throws Exception {
    start("64m");
    org.apache.hadoop.fs.Path gone = path("/gone-pages.bin");
    org.apache.hadoop.fs.Path grown = path("/grown-pages.bin");
    byte[] goneData = c.write(gone, CacheCluster.BLOCK, (short) 1, 3);
    byte[] first = c.write(grown, 300_000, (short) 1, 4);
    ExtendedBlock goneBlock = c.blocks(gone).get(0);
    ExtendedBlock old = c.blocks(grown).get(0);
    for (int i = 0; i < 2; i++) {
      pread4k(gone, goneData, 2L * PAGE);
      pread4k(grown, first, PAGE);
    }
    CacheCluster.await(
        "both cached", () -> c.cache(0).isCached(goneBlock) && c.cache(0).isCached(old));
    assertEquals(Set.of(2), ssdPages(goneBlock));
    assertEquals(Set.of(1), ssdPages(old));

    c.fs.delete(gone, false);
    byte[] more = CacheCluster.bytes(777, 5);
    try (FSDataOutputStream out = c.fs.append(grown)) {
      out.write(more);
    }
    CacheCluster.await(
        "both dropped", () -> !c.cache(0).isCached(goneBlock) && c.cache(0).cachedBlocks() == 0);
    CacheCluster.await(
        "their pages deleted",
        () -> SsdFiles.count(base.resolve("ssd"), List.of(goneBlock, old)) == 0);
    CacheCluster.await("their bytes released", () -> reserved() == 0);
    byte[] expected = Arrays.copyOf(first, first.length + more.length);
    System.arraycopy(more, 0, expected, first.length, more.length);
    assertArrayEquals(expected, c.readAll(grown));
  }
}
