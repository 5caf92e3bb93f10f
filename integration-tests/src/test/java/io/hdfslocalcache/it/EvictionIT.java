package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.BlockCache;
import io.hdfslocalcache.datanode.CacheConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cache smaller than the hot set: whole blocks leave, least recently read first. */
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
  void fill_cacheFull_evictsWholeLeastRecentlyReadBlocksAndNoReadLosesAPage() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheConfig.CAPACITY, "4m"); // ~3.8 MB after Alluxio's overhead: three 1 MB blocks
    c = CacheCluster.start(conf, 1);
    BlockCache cache = c.cache(0);
    List<byte[]> data = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      data.add(c.cachedFile("/evict-" + i + ".bin", CacheCluster.BLOCK));
    }
    assertTrue(c.counter("store.evictions") >= 5, "evictions " + c.counter("store.evictions"));
    long capacity = gauge(cache, "store.dir0.capacity");
    assertTrue(gauge(cache, "store.dir0.reserved") <= capacity);
    assertTrue(gauge(cache, "store.dir0.used") <= capacity);
    // the three most recently filled are the ones still cached
    for (int i = 5; i < 8; i++) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/evict-" + i + ".bin");
      assertTrue(cache.isCached(c.blocks(p).get(0)), p.toString());
    }
    long hits = c.counter("read.hits");
    // cached ones first: reading an evicted one admits it again and its fill evicts the coldest
    for (int i : new int[] {5, 6, 7, 0, 1, 2, 3, 4}) {
      assertArrayEquals(
          data.get(i), c.readAll(new org.apache.hadoop.fs.Path("/evict-" + i + ".bin")));
    }
    assertTrue(c.counter("read.hits") >= hits + 3);
    // Alluxio never evicted a page from under a mapped block: no cached read fell back.
    assertEquals(0, c.counter("read.fallback.missing_page"));
    assertEquals(0, c.counter("store.invalidations.read_failure"));
  }

  private static long gauge(BlockCache cache, String name) {
    return ((Number) cache.metrics().getGauges().get(name).getValue()).longValue();
  }
}
