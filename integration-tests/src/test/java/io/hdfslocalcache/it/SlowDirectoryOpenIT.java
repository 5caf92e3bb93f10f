package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.RestoreMetrics;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cache directory still opening when start-up stops waiting, as a multi-terabyte one restoring
 * its pages is after 12 read timeouts: it keeps opening in the background and joins, its blocks
 * served again without a refill; a hung one stays out. The start-up limit is lowered to 1 ms by the
 * test-only key, so a directory of a few hundred pages is "large": no directory opens that fast.
 */
class SlowDirectoryOpenIT {
  private static final int BLOCKS = 32; // 512 data pages of 64 KiB, and their meta pages

  @TempDir Path base;
  CacheCluster c;
  private final HungDisk disk = new HungDisk();

  @AfterEach
  void stop() {
    disk.release();
    if (c != null) {
      c.faults().set(null);
      c.close();
    }
  }

  /** Restarts DataNode 0 with start-up waiting 1 ms for its cache directories. */
  private void restartWithStartupLimitOf1ms() throws Exception {
    DataNodeProperties props = c.cluster.stopDataNode(0);
    // The configuration a restart starts from (MiniDFSCluster keeps it apart from the DataNode's).
    java.lang.reflect.Field f = DataNodeProperties.class.getDeclaredField("conf");
    f.setAccessible(true);
    ((Configuration) f.get(props)).set(LocalCacheDatasetFactory.TEST_DIR_OPEN_LIMIT_KEY, "1ms");
    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
  }

  private static long inService(CacheLifecycle cache, int dir) {
    return CacheCluster.gauge(cache, DirectoryNames.of(dir, DirectoryMetrics.IN_SERVICE));
  }

  private static long counter(CacheLifecycle cache, String name) {
    return cache.metrics().counter(name).getCount();
  }

  @Test
  @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void restart_directoryStillOpeningAtTheLimit_joinsAndServesItsBlocksWithoutRefill()
      throws Exception {
    c = CacheCluster.start(CacheCluster.conf(base), 1);
    byte[] data = c.cachedFile("/large.bin", BLOCKS * CacheCluster.BLOCK);

    restartWithStartupLimitOf1ms();
    CacheLifecycle cache = c.cache(0);
    assertTrue(cache != null, "the cache runs while its only directory still opens");
    CacheCluster.await("the directory joined", () -> inService(cache, 0) == 1);
    CacheCluster.await(
        "its blocks restored", () -> counter(cache, RestoreMetrics.RESTORED) == BLOCKS);

    long hits = counter(cache, ReadPathMetrics.HITS);
    assertArrayEquals(data, c.readAll(new org.apache.hadoop.fs.Path("/large.bin")));
    assertEquals(hits + BLOCKS, counter(cache, ReadPathMetrics.HITS), "every block a hit");
    assertEquals(0, counter(cache, "fill.completed"), "served as restored, not refilled");
    assertEquals(BLOCKS, cache.cachedBlocks());
  }

  @Test
  @Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void restart_oneDirectoryRestoringOneHung_theRestoringOneJoinsTheHungOneStaysOut()
      throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.DIRS, base.resolve("ssd0") + "," + base.resolve("ssd1"));
    c = CacheCluster.start(conf, 1);
    byte[] data = c.cachedFile("/large.bin", BLOCKS * CacheCluster.BLOCK);
    c.faults().set(disk.hangingOpensUnder(base.resolve("ssd1")));

    restartWithStartupLimitOf1ms();
    CacheLifecycle cache = c.cache(0);
    CacheCluster.await("the restoring directory joined", () -> inService(cache, 0) == 1);
    // Judged hung once its open has not progressed for 3 read timeouts (the default 10 s each; a
    // shorter read timeout would also cut fills short on a loaded machine).
    CacheCluster.await(
        "the hung one judged and left out",
        () ->
            Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().equals("local-cache-dir-watch")),
        90_000);
    assertEquals(0, inService(cache, 1), "the hung directory stays out");
    long restored = counter(cache, RestoreMetrics.RESTORED);
    assertTrue(restored > 0 && restored < BLOCKS, "only the joined directory's: " + restored);
    assertEquals(restored, cache.cachedBlocks());
    assertArrayEquals(data, c.readAll(new org.apache.hadoop.fs.Path("/large.bin")));

    disk.release(); // the disk answers at last: what it opened is closed, it never joins
    CacheCluster.await(
        "the late open ended",
        () ->
            Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().equals("local-cache-open-dir1")));
    assertEquals(0, inService(cache, 1));
  }
}
