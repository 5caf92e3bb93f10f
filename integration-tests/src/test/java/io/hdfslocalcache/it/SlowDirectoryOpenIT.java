package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.index.OwnRecord;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.RestoreMetrics;
import io.hdfslocalcache.model.policy.TunedThreshold;
import java.nio.file.Path;
import java.time.Instant;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.apache.hadoop.test.GenericTestUtils.LogCapturer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

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
    restartWithStartupLimitOf1ms(() -> {});
  }

  /** The same, running {@code whileDown} while the DataNode is stopped. */
  private void restartWithStartupLimitOf1ms(Runnable whileDown) throws Exception {
    DataNodeProperties props = c.cluster.stopDataNode(0);
    whileDown.run();
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

  /** What {@code whileDown} does to the stopped DataNode's index, through the index's own API. */
  private interface IndexChange {
    void apply(BlockIndex index);
  }

  private static Runnable onIndex(Path index, IndexChange change) {
    return () -> {
      try (BlockIndex i = BlockIndex.open(index)) {
        change.apply(i);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    };
  }

  /** Restarts with the 1 ms limit and waits until the only directory joined; logs captured. */
  private CacheLifecycle restartJoiningLate(Runnable whileDown, LogCapturer log) throws Exception {
    log.clearOutput();
    // Held until the DataNode has started: an open that beat the 1 ms limit (CI saw one) joined
    // nothing late. Released at once after, well before the 30 s without progress that rules a
    // directory out.
    HungDisk held = new HungDisk();
    c.faults().set(held.hangingOpensUnder(base.resolve("ssd")));
    restartWithStartupLimitOf1ms(whileDown);
    held.release();
    CacheLifecycle cache = c.cache(0);
    CacheCluster.await("the directory joined", () -> log.getOutput().contains("joined after"));
    return cache;
  }

  @Test
  @Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void restart_everyDirectoryJoinsLate_checkedAndTheThresholdTunesRestoresAndSaves()
      throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.setBoolean(CacheKeys.FILL_GUARD, true); // the write budget the threshold tunes to
    conf.set(CacheKeys.ADMISSION_TUNING, "auto"); // the tuner's record, not the default outcome's
    conf.set(CacheKeys.FILL_MODE, "block");
    conf.set(CacheKeys.CAPACITY, "1m"); // under two 1 MiB blocks: too small for a fill
    c = CacheCluster.start(conf, 1);
    String uuid = c.cluster.getDataNodes().get(0).getDatanodeUuid();
    Path index = base.resolve("ssd").resolve(uuid).resolve("index");
    long tunedAt = Instant.parse("2026-11-20T08:30:00Z").toEpochMilli();
    LogCapturer log = LogCapturer.captureLogs(LoggerFactory.getLogger("io.hdfslocalcache"));
    try {
      // Tuned under another configured threshold: the tuner starts again at 1, and saves that.
      restartJoiningLate(
          onIndex(index, i -> i.putOwn(OwnRecord.TUNED_THRESHOLD, new TunedThreshold(2, 9, 0, 1))),
          log);
      assertTrue(
          log.getOutput().contains("has an effective capacity of"),
          "the joined directory is checked for one fill: " + log.getOutput());
      assertTrue(log.getOutput().contains("starts again from it"), log.getOutput());

      CacheLifecycle cache =
          restartJoiningLate(
              onIndex(
                  index,
                  i -> {
                    assertEquals(
                        1, i.loadOwn(OwnRecord.TUNED_THRESHOLD).get().configured(), "saved");
                    i.putOwn(OwnRecord.TUNED_THRESHOLD, new TunedThreshold(1, 9, 4.0e6, tunedAt));
                  }),
              log);

      assertEquals(9, CacheCluster.gauge(cache, AdmissionMetrics.THRESHOLD_TUNED), "restored");
      assertEquals(tunedAt, CacheCluster.gauge(cache, AdmissionMetrics.THRESHOLD_SINCE));
    } finally {
      log.stopCapturing();
    }
  }
}
