package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.RestoreMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.apache.hadoop.test.GenericTestUtils.LogCapturer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cache directory whose SSD is not mounted at start-up: the DataNode sees the empty mount point
 * on the disk beneath. It is refused (no marker), nothing is created in it, the reason is logged,
 * and the DataNode goes on with its other directories, or as stock HDFS.
 */
class UnmountedSsdIT {
  @TempDir Path base;
  CacheCluster c;

  @AfterEach
  void stop() {
    if (c != null) {
      c.close();
    }
  }

  @Test
  void ssdNotMountedAtRestart_mountPointRefusedWithReason_dataNodeServesAsStock() throws Exception {
    Path ssd = base.resolve("ssd");
    c = CacheCluster.start(CacheCluster.conf(base), 1);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/before.bin");
    byte[] data = c.cachedFile(p.toString(), 150_000);
    LogCapturer log =
        restart(
            conf -> {},
            () -> {
              // The SSD "unmounted": its file system gone, its empty mount point left behind.
              Files.move(ssd, base.resolve("ssd-device"));
              Files.createDirectory(ssd);
            });
    assertNull(c.cache(0), "the only cache directory was refused: the dataset runs unwrapped");
    assertTrue(
        log.getOutput().contains(CacheKeys.DIRS + " directory " + ssd + " holds no "),
        log.getOutput());
    assertTrue(log.getOutput().contains(CacheDirMarker.FILE_NAME), log.getOutput());
    assertEquals(0, entries(ssd), "nothing created on the disk beneath the mount point");
    assertArrayEquals(data, c.readAll(p));
  }

  @Test
  void oneOfTwoDirsNotMounted_refusedWithReason_otherServes() throws Exception {
    Path mountPoint = Files.createDirectory(base.resolve("ssd-not-mounted"));
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.DIRS, mountPoint + "," + base.resolve("ssd"));
    LogCapturer log = LogCapturer.captureLogs(opener());
    try {
      c = CacheCluster.start(conf, 1);
    } finally {
      log.stopCapturing();
    }
    assertTrue(
        log.getOutput().contains(CacheKeys.DIRS + " directory " + mountPoint + " holds no "),
        log.getOutput());
    CacheLifecycle cache = c.cache(0);
    assertEquals(0, dirGauge(cache, 0, DirectoryMetrics.IN_SERVICE), "the refused one is out");
    assertEquals(1, dirGauge(cache, 1, DirectoryMetrics.IN_SERVICE));
    byte[] data = c.cachedFile("/second.bin", 150_000);
    assertArrayEquals(data, c.readAll(new org.apache.hadoop.fs.Path("/second.bin")));
    assertTrue(cache.metrics().counter(ReadPathMetrics.HITS).getCount() > 0, "served from cache");
    assertEquals(0, entries(mountPoint), "nothing created in the refused directory");
  }

  @Test
  void configuredDirMissing_notCreated_dataNodeServesAsStock() throws Exception {
    c = CacheCluster.start(CacheCluster.conf(base), 1);
    Path absent = base.resolve("mnt").resolve("ssd9");
    LogCapturer log = restart(conf -> conf.set(CacheKeys.DIRS, absent.toString()), () -> {});
    assertNull(c.cache(0));
    assertTrue(
        log.getOutput().contains(CacheKeys.DIRS + " directory " + absent + " does not exist"),
        log.getOutput());
    assertFalse(Files.exists(base.resolve("mnt")), "not created");
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/stock.bin");
    assertArrayEquals(c.write(p, 70_000, (short) 1, 3), c.readAll(p));
  }

  @Test
  void earlierReleasesCacheWithoutMarker_adoptedAndRestored() throws Exception {
    Path ssd = base.resolve("ssd");
    c = CacheCluster.start(CacheCluster.conf(base), 1);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/kept.bin");
    byte[] data = c.cachedFile(p.toString(), 150_000);
    restart(conf -> {}, () -> Files.delete(ssd.resolve(CacheDirMarker.FILE_NAME)));
    CacheLifecycle cache = c.cache(0);
    assertEquals(1, cache.metrics().counter(RestoreMetrics.RESTORED).getCount());
    assertTrue(Files.exists(ssd.resolve(CacheDirMarker.FILE_NAME)), "marked");
    assertArrayEquals(data, c.readAll(p));
    assertEquals(1, cache.metrics().counter(ReadPathMetrics.HITS).getCount());
  }

  /** What the DataNode does to the directory, while down, then starts it with its logs captured. */
  interface WhileDown {
    void run() throws Exception;
  }

  private LogCapturer restart(Consumer<Configuration> reconfigure, WhileDown whileDown)
      throws Exception {
    DataNodeProperties props = c.cluster.stopDataNode(0);
    java.lang.reflect.Field f = DataNodeProperties.class.getDeclaredField("conf");
    f.setAccessible(true);
    reconfigure.accept((Configuration) f.get(props));
    whileDown.run();
    LogCapturer log = LogCapturer.captureLogs(opener());
    try {
      c.cluster.restartDataNode(props, false);
      c.cluster.waitActive();
    } finally {
      log.stopCapturing();
    }
    return log;
  }

  private static org.slf4j.Logger opener() {
    return org.slf4j.LoggerFactory.getLogger("io.hdfslocalcache.datanode.DirectoryOpener");
  }

  private static long entries(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.count();
    }
  }

  private static long dirGauge(CacheLifecycle cache, int dir, String name) {
    return CacheCluster.gauge(cache, DirectoryNames.of(dir, name));
  }
}
