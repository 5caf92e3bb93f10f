package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.SpaceMetrics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cache smaller than the hot set: whole blocks ({@code block} fill mode) or pages ({@code pages})
 * leave, least recently read first, and no read loses a page from under it.
 */
class EvictionIT {
  @TempDir Path base;
  CacheCluster c;

  @AfterEach
  void stop() {
    if (c != null) {
      c.close();
    }
  }

  @Test
  void fill_cacheFull_evictsLeastRecentlyReadFirstAndNoReadLosesAPage() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.CAPACITY, "4m"); // ~3.8 MB after Alluxio's overhead: three 1 MB blocks
    c = CacheCluster.start(conf, 1);
    CacheLifecycle cache = c.cache(0);
    List<byte[]> data = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      data.add(c.cachedFile("/evict-" + i + ".bin", CacheCluster.BLOCK));
    }
    long capacity = CacheCluster.gauge(cache, DirectoryNames.of(0, DirectoryMetrics.CAPACITY));
    assertTrue(
        CacheCluster.gauge(cache, DirectoryNames.of(0, DirectoryMetrics.RESERVED)) <= capacity);
    assertTrue(CacheCluster.gauge(cache, DirectoryNames.of(0, DirectoryMetrics.USED)) <= capacity);
    if (c.fillMode() == FillMode.BLOCK) {
      // whole blocks leave: five of the eight
      assertTrue(
          c.counter(SpaceMetrics.EVICTIONS) >= 5, "evictions " + c.counter(SpaceMetrics.EVICTIONS));
    } else {
      // Pages leave, least recently read first: a fill evicts just the pages it needs, so the
      // oldest blocks go whole (their last page drops the entry) and the next one only in part.
      assertTrue(c.counter(SpaceMetrics.EVICTED_PAGES) >= 4 * 16, "pages evicted");
      for (int i = 0; i < 4; i++) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/evict-" + i + ".bin");
        ExtendedBlock b = c.blocks(p).get(0);
        assertFalse(cache.isCached(b), p + ": every page evicted, entry dropped");
        assertEquals(0, SsdFiles.count(base.resolve("ssd"), List.of(b)), p + ": files gone");
      }
      assertTrue(c.counter(SpaceMetrics.EVICTIONS) >= 4, "blocks dropped with their last page");
    }
    // the three most recently filled are the ones still cached, every page of them
    for (int i = 5; i < 8; i++) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/evict-" + i + ".bin");
      ExtendedBlock b = c.blocks(p).get(0);
      assertTrue(cache.isCached(b), p.toString());
      assertEquals(16, SsdFiles.pages(base.resolve("ssd"), b, ".data").size(), p.toString());
    }
    long hits = c.counter(ReadPathMetrics.HITS);
    // cached ones first: reading an evicted one admits it again and its fill evicts the coldest
    for (int i : new int[] {5, 6, 7, 0, 1, 2, 3, 4}) {
      assertArrayEquals(
          data.get(i), c.readAll(new org.apache.hadoop.fs.Path("/evict-" + i + ".bin")));
    }
    assertTrue(c.counter(ReadPathMetrics.HITS) >= hits + 3);
    // Alluxio never evicted a page from under a mapped block: no cached read fell back.
    assertEquals(0, c.counter("read.fallback.missing_page"));
    assertEquals(0, c.counter("store.invalidations.read_failure"));
  }
}
