package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.RestoreMetrics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Corner faults found by review, each on a real DataNode: rare, so each gets its own check. */
@Timeout(120)
class CornerFaultsIT {
  @TempDir Path base;
  CacheCluster c;

  @AfterEach
  void stop() {
    if (c != null) {
      c.close();
    }
  }

  private Configuration conf() {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.READ_TIMEOUT, "10s");
    conf.setInt(CacheKeys.DIR_MAX_ERRORS, 100);
    // a failed read is retried after refetching locations: quickly, one DataNode only
    conf.setInt(HdfsClientConfigKeys.Retry.WINDOW_BASE_KEY, 10);
    return conf;
  }

  private long corruptReplicas() {
    return c.cluster.getNamesystem().getCorruptReplicaBlocks();
  }

  /**
   * The read fails as the cache's, not the HDD's: the client reads the block again, and nothing is
   * held against the HDD volume (Hadoop's transferTo counts any other failure of a packet).
   */
  @Test
  void metaReopenFails_afterSsdFailureMidRead_noChecksumsOfZeroNoReplicaReportedBad()
      throws Exception {
    Configuration conf = conf();
    HddVolumeCounts.enable(conf);
    // 32-byte chunks: the meta file of this block spans two pages, so the meta stream reads the
    // SSD again mid-block (a 64 KB window of slices covers 512 KB of data here)
    conf.setInt(DFSConfigKeys.DFS_BYTES_PER_CHECKSUM_KEY, 32);
    c = CacheCluster.start(conf, 1);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/meta-reopen.bin");
    byte[] data = c.cachedFile(p.toString(), 900_000);
    ExtendedBlock b = c.blocks(p).get(0);
    AtomicInteger metaPageFailures = new AtomicInteger();
    AtomicInteger reopenFailures = new AtomicInteger();
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageRead(String fileId, long page) throws IOException {
                if (fileId.contains("_blk_" + b.getBlockId() + "_")
                    && fileId.contains(".meta")
                    && page >= 1) {
                  metaPageFailures.incrementAndGet();
                  throw new IOException("Input/output error (injected)");
                }
              }

              @Override
              public void beforeHddMetaReopen(String blockName) throws IOException {
                reopenFailures.incrementAndGet();
                throw new IOException("Too many open files (injected)");
              }
            });
    HddVolumeCounts before = HddVolumeCounts.of(c.cluster.getDataNodes().get(0));
    assertArrayEquals(data, c.readAll(p));
    assertTrue(metaPageFailures.get() >= 1, "the SSD failed mid-read on the meta file");
    assertTrue(reopenFailures.get() >= 1, "the HDD meta reopen failed");
    assertEquals(0, corruptReplicas(), "the good replica must not be reported bad");
    before.assertUnchanged(c.cluster.getDataNodes().get(0));
    assertTrue(c.counter(ReadPathMetrics.ABORTED) >= 1, "the hit was aborted");
    assertEquals(1, c.fs.getFileBlockLocations(p, 0, data.length)[0].getHosts().length);
  }

  private long reserved() {
    return CacheCluster.gauge(c.cache(0), DirectoryNames.of(0, DirectoryMetrics.RESERVED));
  }

  @Test
  void sameVersionRefill_whileOldCopyDrains_oldCleanupLeavesNewCopy() throws Exception {
    Configuration conf = conf();
    conf.set(CacheKeys.READ_TIMEOUT, "60s"); // the held reader must not time out
    c = CacheCluster.start(conf, 1);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/refill.bin");
    byte[] data = c.cachedFile(p.toString(), 300_000);
    ExtendedBlock b = c.blocks(p).get(0);
    long oneCopy = reserved();
    String blk = "_blk_" + b.getBlockId() + "_";
    java.util.concurrent.CountDownLatch holding = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicBoolean failNext =
        new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicBoolean held =
        new java.util.concurrent.atomic.AtomicBoolean();
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageRead(String fileId, long page) throws IOException {
                if (!fileId.contains(blk)) {
                  return;
                }
                // page 0: only the second reader reads it now (the held one's read-aheads are past
                // it)
                if (page == 0 && failNext.compareAndSet(true, false)) {
                  throw new IOException("Input/output error (injected)");
                }
                if (fileId.contains(".data") && page == 2 && held.compareAndSet(false, true)) {
                  holding.countDown();
                  try {
                    release.await(); // a slow reader keeps the old copy pinned
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                }
              }
            });
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<byte[]> slow = pool.submit(() -> c.readAll(p));
      assertTrue(holding.await(30, java.util.concurrent.TimeUnit.SECONDS));
      failNext.set(true);
      assertArrayEquals(data, c.readAll(p)); // evicts the entry; the slow reader still holds it
      CacheCluster.await("entry dropped", () -> !c.cache(0).isCached(b));
      c.readAll(p);
      c.readAll(p);
      c.awaitCached(p); // the same version filled again while the old copy drains
      release.countDown();
      assertArrayEquals(data, slow.get());
      CacheCluster.await("old copy deleted", () -> reserved() == oneCopy);
      long hits = c.counter(ReadPathMetrics.HITS);
      long missing = c.counter("read.fallback.missing_page");
      assertArrayEquals(data, c.readAll(p));
      assertEquals(hits + 1, c.counter(ReadPathMetrics.HITS));
      assertEquals(
          missing,
          c.counter("read.fallback.missing_page"),
          "the old copy's cleanup deleted the new copy's pages");
      assertTrue(c.cache(0).isCached(b));
      // the new copy's index record survived the old copy's cleanup too
      c.cluster.restartDataNode(0, true);
      c.cluster.waitActive();
      CacheCluster.await("restored after restart", () -> c.cache(0).isCached(b));
      assertEquals(0, corruptReplicas());
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
  }

  /**
   * A data page torn by a power loss is not looked for at restore (the block index records each
   * block's pages; a restart lists no page files), in both fill modes: the block comes back, the
   * read that meets the torn page finds it short and reads from the HDD (a miss, no directory
   * error, every byte right), and the copy it could not trust is dropped and filled again whole.
   */
  @Test
  void shortPageAfterPowerLoss_missWhenReadAndFilledAgain_noDirectoryError() throws Exception {
    c = CacheCluster.start(conf(), 1);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/torn.bin");
    byte[] data = c.cachedFile(p.toString(), 300_000);
    ExtendedBlock b = c.blocks(p).get(0);
    org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties props = c.cluster.stopDataNode(0);
    java.util.List<Path> pages = SsdFiles.pages(base.resolve("ssd"), b, ".data");
    assertEquals(5, pages.size());
    // a page torn by a power loss: its file holds only what reached the disk
    try (java.nio.channels.FileChannel f =
        java.nio.channels.FileChannel.open(pages.get(1), java.nio.file.StandardOpenOption.WRITE)) {
      f.truncate(1000);
    }
    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
    assertTrue(c.cache(0) != null, "the cache starts despite the torn page");
    assertEquals(1, c.counter(RestoreMetrics.RESTORED));
    assertEquals(0, c.counter("store.restore.dropped.pages_missing"));
    assertTrue(c.cache(0).isCached(b));
    assertArrayEquals(data, c.readAll(p));
    assertEquals(0, c.counter("read.fallback.io_error"), "no directory error");
    assertEquals(1, c.counter("read.fallback.missing_page"), "the torn page: a miss");
    CacheCluster.await(
        "the block filled again, every page whole",
        () -> {
          readQuietly(p); // reads admit the block again
          java.util.List<Path> now = SsdFiles.pages(base.resolve("ssd"), b, ".data");
          return c.cache(0).isCached(b)
              && now.size() == 5
              && now.stream().allMatch(f -> f.toFile().length() >= 300_000 - 4 * 65536);
        });
    assertArrayEquals(data, c.readAll(p));
    assertEquals(0, corruptReplicas());
  }

  private void readQuietly(org.apache.hadoop.fs.Path p) {
    try {
      c.readAll(p);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void deleteBlockPool_dropsEntriesPagesRecordsAndReservations() throws Exception {
    c = CacheCluster.start(conf(), 1);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/pool.bin");
    c.cachedFile(p.toString(), 300_000);
    ExtendedBlock b = c.blocks(p).get(0);
    assertTrue(reserved() > 0);
    org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi<?> dataset =
        c.cluster.getDataNodes().get(0).getFSDataset();
    // what DataNode#deleteBlockPool does once the pool's service is gone
    dataset.shutdownBlockPool(b.getBlockPoolId());
    dataset.deleteBlockPool(b.getBlockPoolId(), true);
    CacheCluster.await(
        "pages deleted", () -> SsdFiles.count(base.resolve("ssd"), java.util.List.of(b)) == 0);
    CacheCluster.await("reservation released", () -> reserved() == 0);
    assertEquals(0, c.cache(0).cachedBlocks());
  }

  @Test
  void rocksDbNativeLibraryCannotLoad_dataNodeStartsWithoutCacheAndServesFromHdd()
      throws Exception {
    Configuration conf = conf();
    FaultSwitch.of(conf)
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforeIndexOpen(Path dir) {
                throw new UnsatisfiedLinkError(
                    "librocksdbjni-linux64.so: failed to map segment from"
                        + " shared object (injected)");
              }
            });
    org.apache.hadoop.test.GenericTestUtils.LogCapturer log =
        org.apache.hadoop.test.GenericTestUtils.LogCapturer.captureLogs(
            org.slf4j.LoggerFactory.getLogger(
                io.hdfslocalcache.datanode.LocalCacheDatasetFactory.class));
    try {
      c = CacheCluster.start(conf, 1);
    } finally {
      log.stopCapturing();
    }
    assertEquals(null, c.cache(0), "cache disabled");
    assertTrue(log.getOutput().contains("RocksDB native library"), log.getOutput());
    assertTrue(log.getOutput().contains("UnsatisfiedLinkError"), log.getOutput());
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/no-rocksdb.bin");
    byte[] data = c.write(p, 70_000, (short) 1, 11);
    assertArrayEquals(data, c.readAll(p));
    assertArrayEquals(data, c.readAll(p));
  }

  @Test
  void pageAndIndexFiles_ownerOnly() throws Exception {
    c = CacheCluster.start(conf(), 1);
    c.cachedFile("/perm-files.bin", 300_000);
    // records are written on the index thread: a restart flushes and closes the index
    c.cluster.restartDataNode(0, true);
    c.cluster.waitActive();
    // The marker is the operator's file, not the cache's.
    java.util.List<Path> files = SsdFiles.files(base.resolve("ssd"));
    files.remove(base.resolve("ssd").resolve(CacheDirMarker.FILE_NAME));
    assertTrue(files.stream().anyMatch(f -> f.toString().contains("/LOCAL/")), "pages");
    assertTrue(files.stream().anyMatch(f -> f.toString().contains("/index/")), "index");
    for (Path f : files) {
      java.util.Set<java.nio.file.attribute.PosixFilePermission> perm =
          java.nio.file.Files.getPosixFilePermissions(f);
      assertTrue(
          java.nio.file.attribute.PosixFilePermissions.fromString("rw-------").containsAll(perm),
          f + " is " + java.nio.file.attribute.PosixFilePermissions.toString(perm));
    }
  }

  @Test
  void cacheRootWritableByOthers_refusedNamingKeyAndDirectory() throws Exception {
    Path root = CacheDirMarker.create(base.resolve("ssd"));
    java.nio.file.Files.setPosixFilePermissions(
        root, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
    org.apache.hadoop.test.GenericTestUtils.LogCapturer log =
        org.apache.hadoop.test.GenericTestUtils.LogCapturer.captureLogs(
            org.slf4j.LoggerFactory.getLogger("io.hdfslocalcache.datanode.DirectoryOpener"));
    try {
      c = CacheCluster.start(conf(), 1);
    } finally {
      log.stopCapturing();
    }
    assertEquals(null, c.cache(0), "the only cache directory was refused");
    assertTrue(log.getOutput().contains(CacheKeys.DIRS + " directory " + root), log.getOutput());
    assertTrue(log.getOutput().contains("writable by group or others"), log.getOutput());
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/perm-refused.bin");
    byte[] data = c.write(p, 70_000, (short) 1, 12);
    assertArrayEquals(data, c.readAll(p));
  }
}
