package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.KernelHungFile;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An SSD that hangs while the DataNode starts or stops: neither may hang the DataNode. Start-up
 * gives up on the directory after a bounded wait and serves without it; shutdown abandons an index
 * write stuck on the disk.
 */
class HungSsdIT {
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

  private Configuration conf() {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.DIRS, base.resolve("ssd0") + "," + base.resolve("ssd1"));
    conf.set(CacheKeys.READ_TIMEOUT, "200ms");
    return conf;
  }

  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void directoryHangsAtStart_dataNodeStartsWithoutIt() throws Exception {
    c = CacheCluster.start(conf(), 1);
    byte[] data = c.cachedFile("/start.bin", 300_000);
    DataNodeProperties props = c.cluster.stopDataNode(0);
    c.faults().set(disk.hangingOpensUnder(base.resolve("ssd0")));
    long start = System.nanoTime();
    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
    long millis = (System.nanoTime() - start) / 1_000_000;
    CacheLifecycle cache = c.cache(0);
    assertNotNull(cache, "the cache runs on the directory that opened");
    assertEquals(0, CacheCluster.gauge(cache, DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE)));
    assertEquals(1, CacheCluster.gauge(cache, DirectoryNames.of(1, DirectoryMetrics.IN_SERVICE)));
    assertArrayEquals(data, c.readAll(new org.apache.hadoop.fs.Path("/start.bin")));
    assertTrue(millis < 30_000, "restart took " + millis + " ms");
  }

  /**
   * A page read stuck in the kernel on a live DataNode ({@link KernelHungFile}: the I/O thread sits
   * in the channel's native read, where no signal reaches it, unlike {@link HungDisk}'s hang in
   * Java code): the client still reads every byte, from the HDD, and the DataNode still stops while
   * the read is held. Before the fix the reader's timeout interrupted the stuck I/O thread, and the
   * DataXceiver then waited inside {@code Thread.interrupt()} for as long as the read hung.
   */
  @Test
  @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void pageReadHungInKernel_servedFromTheHddAndTheDataNodeStops() throws Exception {
    try (KernelHungFile kernel = KernelHungFile.mount(base, 64 * 1024)) {
      Configuration conf = CacheCluster.conf(base);
      conf.set(CacheKeys.READ_TIMEOUT, "200ms");
      // Every page read on the I/O threads: adaptive would run this one on the reader's thread,
      // where no timeout applies (a read running when the disk hangs waits for the kernel).
      conf.set(CacheKeys.READ_BOUND, "strict");
      c = CacheCluster.start(conf, 1);
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/kernel.bin");
      byte[] data = c.cachedFile(p.toString(), 300_000);
      for (ExtendedBlock b : c.blocks(p)) {
        for (Path page : SsdFiles.pages(base.resolve("ssd"), b, ".data")) {
          Files.delete(page);
          Files.createSymbolicLink(page, kernel.file()); // its reads now hang in the kernel
        }
      }

      assertArrayEquals(data, c.readAll(p));
      kernel.awaitHeldReads(1); // an I/O thread is in the kernel still: nobody answered it
      c.cluster.stopDataNode(0); // shutdown leaves the stuck read to the disk
    }
  }

  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void indexWriteHangsAtStop_dataNodeStopsAndRestartsCleanly() throws Exception {
    c = CacheCluster.start(conf(), 1);
    CountDownLatch stuck = new CountDownLatch(1);
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforeIndexWrite(Path index) {
                stuck.countDown();
                disk.hang();
              }
            });
    byte[] data = c.cachedFile("/stop.bin", 300_000);
    assertTrue(stuck.await(30, TimeUnit.SECONDS), "an index write is stuck");
    long start = System.nanoTime();
    DataNodeProperties props = c.cluster.stopDataNode(0);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(millis < 30_000, "stop took " + millis + " ms");

    // The disk comes back: the abandoned write finishes on a handle nobody closed under it.
    disk.release();
    c.faults().set(null);
    CacheCluster.await(
        "abandoned index writer gone",
        () ->
            Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("local-cache-index-")));
    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
    CacheLifecycle cache = c.cache(0);
    assertEquals(1, CacheCluster.gauge(cache, DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE)));
    assertEquals(1, CacheCluster.gauge(cache, DirectoryNames.of(1, DirectoryMetrics.IN_SERVICE)));
    assertArrayEquals(data, c.readAll(new org.apache.hadoop.fs.Path("/stop.bin")));
  }
}
