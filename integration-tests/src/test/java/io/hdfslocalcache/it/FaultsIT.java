package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockScanner;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SSD failure modes on a real DataNode: a hung SSD, failing SSD, corrupt pages, a lost directory.
 * In every case the client gets exactly the written bytes and no replica is reported bad.
 */
class FaultsIT {
  @TempDir Path base;
  CacheCluster c;

  @AfterEach
  void stop() {
    if (c != null) {
      c.close();
    }
  }

  private CacheCluster start(Configuration conf) throws IOException {
    c = CacheCluster.start(conf, 1);
    return c;
  }

  private Configuration conf() {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.READ_TIMEOUT, "200ms");
    conf.setInt(CacheKeys.DIR_MAX_ERRORS, 100);
    return conf;
  }

  private long corruptReplicas() {
    return c.cluster.getNamesystem().getCorruptReplicaBlocks();
  }

  /** Every page read through the I/O threads: no reader waits on the SSD past the timeout. */
  private Configuration strict() {
    Configuration conf = conf();
    conf.set(CacheKeys.READ_BOUND, "strict");
    return conf;
  }

  @Test
  void hungSsd_readTimesOut_completesFromHddAndDropsEntry() throws Exception {
    start(strict());
    byte[] data = c.cachedFile("/hang.bin", 300_000);
    assertEquals(
        1,
        CacheCluster.gauge(c.cache(0), DirectoryNames.of(0, DirectoryMetrics.READ_ROUTE)),
        "strict: on the I/O threads");
    ExtendedBlock b = c.blocks(new org.apache.hadoop.fs.Path("/hang.bin")).get(0);
    CountDownLatch release = new CountDownLatch(1);
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageRead(String fileId, long page) {
                hangUntil(release); // hangs like a dead disk until the test ends
              }
            });
    try {
      assertArrayEquals(data, c.readAll(new org.apache.hadoop.fs.Path("/hang.bin")));
      assertTrue(c.counter("read.fallback.timeout") >= 1);
      assertFalse(c.cache(0).isCached(b));
      assertEquals(0, corruptReplicas());
    } finally {
      release.countDown();
    }
  }

  /**
   * read.bound=adaptive: the read on the SSD when it hangs waits for the disk (as an HDD read
   * would), but it sends every later read through the time-bounded I/O threads: the next read times
   * out, completes from the HDD and drops the entry; once the disk answers, the held read completes
   * with the right bytes.
   */
  @Test
  @org.junit.jupiter.api.Timeout(
      value = 120,
      threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
  void hungSsd_adaptive_readInFlightWaitsForDiskLaterReadBoundedFromHdd() throws Exception {
    start(conf());
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/hang-adaptive.bin");
    byte[] data = c.cachedFile(file.toString(), 300_000);
    ExtendedBlock b = c.blocks(file).get(0);
    assertEquals(
        0,
        CacheCluster.gauge(c.cache(0), DirectoryNames.of(0, DirectoryMetrics.READ_ROUTE)),
        "reads on the readers' threads");
    java.util.concurrent.atomic.AtomicInteger stuck =
        new java.util.concurrent.atomic.AtomicInteger();
    CountDownLatch release = new CountDownLatch(1);
    org.apache.hadoop.fs.Path probe = new org.apache.hadoop.fs.Path("/probe-adaptive.bin");
    byte[] probeData =
        c.cachedFile(probe.toString(), 100_000); // on the same disk, its pages never hang
    String hungFiles = "_blk_" + b.getBlockId() + "_" + b.getGenerationStamp();
    // The block's pages hang (dead sectors), until the test revives them.
    hangPageReads(fileId -> fileId.contains(hungFiles), stuck, release);
    java.util.concurrent.ExecutorService first =
        java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<byte[]> held = first.submit(() -> c.readAll(file));
      CacheCluster.await("a read stuck on the SSD", () -> stuck.get() >= 1);
      // Once the stuck read is past the 50 ms that make a running read slow, the directory's
      // next read (of a block that answers) sends its reads to the I/O threads: no fixed sleep.
      CacheCluster.await(
          "a read that sees the stuck one as slow",
          () -> {
            try {
              assertArrayEquals(probeData, c.readAll(probe));
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
            return CacheCluster.gauge(c.cache(0), "store.dir0.read.route") == 2;
          });

      assertArrayEquals(data, c.readAll(file));
      assertTrue(c.counter("read.fallback.timeout") >= 1, "the later read was bounded");
      assertFalse(c.cache(0).isCached(b));
      assertEquals(
          2,
          CacheCluster.gauge(c.cache(0), DirectoryNames.of(0, DirectoryMetrics.READ_ROUTE)),
          "on the I/O threads after a slow read");
      assertFalse(held.isDone(), "the read in flight waits for the disk");

      release.countDown();
      assertArrayEquals(data, held.get(30, java.util.concurrent.TimeUnit.SECONDS));
      assertEquals(0, corruptReplicas());
    } finally {
      release.countDown();
      first.shutdownNow();
    }
  }

  /** Page reads of the files {@code which} picks count themselves in {@code stuck} and hang. */
  private void hangPageReads(
      java.util.function.Predicate<String> which,
      java.util.concurrent.atomic.AtomicInteger stuck,
      CountDownLatch release) {
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageRead(String fileId, long page) {
                if (which.test(fileId)) {
                  stuck.incrementAndGet();
                  hangUntil(release);
                }
              }
            });
  }

  /** Waits as a read on a dead disk does, until {@code release}; an interrupt keeps its flag. */
  private static void hangUntil(CountDownLatch release) {
    try {
      release.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void allIoThreadsBusy_readRefusedFallsBackToHddAndKeepsEntry() throws Exception {
    Configuration conf = strict();
    conf.set(CacheKeys.READ_TIMEOUT, "60s"); // slow, not failing: nothing may time out here
    start(conf);
    org.apache.hadoop.fs.Path slow = new org.apache.hadoop.fs.Path("/busy-slow.bin");
    org.apache.hadoop.fs.Path other = new org.apache.hadoop.fs.Path("/busy-other.bin");
    byte[] slowData = c.cachedFile(slow.toString(), 100_000);
    byte[] otherData = c.cachedFile(other.toString(), 100_000);
    String slowId = "_blk_" + c.blocks(slow).get(0).getBlockId() + "_";
    ExtendedBlock otherBlock = c.blocks(other).get(0);
    int ioThreads = 16; // CacheLifecycle.IO_THREADS_PER_DIR
    java.util.concurrent.atomic.AtomicInteger inSlowRead =
        new java.util.concurrent.atomic.AtomicInteger();
    CountDownLatch release = new CountDownLatch(1);
    hangPageReads(fileId -> fileId.contains(slowId), inSlowRead, release);
    java.util.concurrent.ExecutorService readers =
        java.util.concurrent.Executors.newFixedThreadPool(ioThreads);
    try {
      List<java.util.concurrent.Future<byte[]>> slowReads = new java.util.ArrayList<>();
      for (int i = 0; i < ioThreads; i++) {
        slowReads.add(readers.submit(() -> c.readAll(slow)));
      }
      CacheCluster.await("every I/O thread in a slow read", () -> inSlowRead.get() >= ioThreads);
      long busy = c.counter("read.fallback.busy");
      assertArrayEquals(otherData, c.readAll(other));
      assertTrue(c.counter("read.fallback.busy") > busy, "refused while every thread was busy");
      assertTrue(c.cache(0).isCached(otherBlock), "a busy refusal keeps the cached copy");
      release.countDown();
      for (java.util.concurrent.Future<byte[]> f : slowReads) {
        assertArrayEquals(slowData, f.get());
      }
      long hits = c.counter(ReadPathMetrics.HITS);
      assertArrayEquals(otherData, c.readAll(other));
      assertEquals(hits + 1, c.counter(ReadPathMetrics.HITS));
      assertEquals(0, c.counter("store.invalidations.read_failure"));
    } finally {
      release.countDown();
      readers.shutdownNow();
    }
  }

  @Test
  void ssdIoErrors_repeated_takeDirectoryOutOfServiceAndServeFromHdd() throws Exception {
    Configuration conf = conf();
    conf.setInt(CacheKeys.DIR_MAX_ERRORS, 2);
    start(conf);
    byte[] a = c.cachedFile("/err-a.bin", 100_000);
    byte[] b = c.cachedFile("/err-b.bin", 100_000);
    byte[] d = c.cachedFile("/err-d.bin", 100_000);
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageRead(String fileId, long page) throws IOException {
                throw new IOException("Input/output error (injected)");
              }
            });
    assertArrayEquals(a, c.readAll(new org.apache.hadoop.fs.Path("/err-a.bin")));
    assertArrayEquals(b, c.readAll(new org.apache.hadoop.fs.Path("/err-b.bin")));
    assertArrayEquals(d, c.readAll(new org.apache.hadoop.fs.Path("/err-d.bin")));
    assertTrue(c.counter("read.fallback.io_error") >= 3);
    assertEquals(
        0L, CacheCluster.gauge(c.cache(0), DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE)));
    assertEquals(0, c.cache(0).cachedBlocks());
    long queued = c.counter(FillMetrics.QUEUED);
    byte[] e = c.write(new org.apache.hadoop.fs.Path("/err-e.bin"), 50_000, (short) 1, 5);
    for (int i = 0; i < 4; i++) {
      assertArrayEquals(e, c.readAll(new org.apache.hadoop.fs.Path("/err-e.bin")));
    }
    assertEquals(queued, c.counter(FillMetrics.QUEUED), "no fills into a directory out of service");
    assertEquals(0, corruptReplicas());
  }

  @Test
  void corruptCachedDataPage_detectedBeforeClient_noReplicaReportedBad() throws Exception {
    start(conf());
    corruptAndRead("/corrupt-data.bin", ".data");
  }

  @Test
  void corruptCachedMetaPage_detectedBeforeClient_noReplicaReportedBad() throws Exception {
    start(conf());
    corruptAndRead("/corrupt-meta.bin", ".meta");
  }

  private void corruptAndRead(String name, String suffix) throws Exception {
    byte[] data = c.cachedFile(name, 3 * 65536 + 1000);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(name);
    ExtendedBlock b = c.blocks(p).get(0);
    List<Path> pages = SsdFiles.pages(base.resolve("ssd"), b, suffix);
    assertFalse(pages.isEmpty(), "page files of " + b + suffix);
    for (Path page : pages) {
      CacheCluster.flip(page, Files.size(page) / 2);
    }
    long mismatches = c.counter("read.fallback.checksum_mismatch");
    long packets = c.transferToPackets(0);
    assertArrayEquals(data, c.readAll(p));
    assertTrue(
        c.transferToPackets(0) - packets >= data.length / 65536,
        "the read that met the corrupt page was sent with transferTo");
    assertArrayEquals(data, c.readAll(p));
    assertTrue(c.counter("read.fallback.checksum_mismatch") > mismatches);
    assertFalse(c.cache(0).isCached(b));
    assertEquals(0, corruptReplicas());
    assertEquals(1, c.fs.getFileBlockLocations(p, 0, data.length)[0].getHosts().length);
  }

  @Test
  void blockScanner_cachedBlockWithCorruptHddCopy_scansHddAndReportsIt() throws Exception {
    Configuration conf = conf();
    conf.setLong(DFSConfigKeys.DFS_DATANODE_SCAN_PERIOD_HOURS_KEY, 504);
    start(conf);
    byte[] data = c.cachedFile("/scan.bin", 200_000);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/scan.bin");
    ExtendedBlock b = c.blocks(p).get(0);
    Path blockFile = CacheCluster.hddBlockFile(base, b);
    CacheCluster.flip(blockFile, 1000);
    // Clients are served the verified cached copy meanwhile.
    assertArrayEquals(data, c.readAll(p));
    assertEquals(0, corruptReplicas());
    DataNode dn = c.cluster.getDataNodes().get(0);
    String storageId = dn.getFSDataset().getVolume(b).getStorageID();
    Method mark =
        BlockScanner.class.getDeclaredMethod("markSuspectBlock", String.class, ExtendedBlock.class);
    mark.setAccessible(true);
    mark.invoke(dn.getBlockScanner(), storageId, b);
    // Only a scan of the HDD copy can find this corruption: the cached copy is intact.
    CacheCluster.await("scanner reports the corrupt HDD replica", () -> corruptReplicas() > 0);
  }

  @Test
  void diskBelowReserve_admittedBlock_evictsEarlyAndSkipsFill() throws Exception {
    start(conf());
    byte[] a = c.cachedFile("/full-a.bin", 200_000);
    c.cachedFile("/full-b.bin", 200_000);
    int before = c.cache(0).cachedBlocks();
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public long usableSpace(Path dir, long actual) {
                return 0; // the device is full whatever Alluxio thinks it uses
              }
            });
    // free space is sampled by the maintenance thread (statfs never runs on a reader's thread)
    CacheCluster.await(
        "file system seen below its reserve",
        () ->
            Integer.valueOf(1)
                .equals(
                    c.cache(0)
                        .metrics()
                        .getGauges()
                        .get(DirectoryNames.of(0, DirectoryMetrics.FS_LOW))
                        .getValue()));
    // free space is sampled by the maintenance thread (statfs never runs on a reader's thread)
    CacheCluster.await(
        "file system seen below its reserve",
        () ->
            Integer.valueOf(1)
                .equals(
                    c.cache(0)
                        .metrics()
                        .getGauges()
                        .get(DirectoryNames.of(0, DirectoryMetrics.FS_LOW))
                        .getValue()));
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/full-c.bin");
    byte[] data = c.write(p, 100_000, (short) 1, 3);
    assertArrayEquals(data, c.readAll(p));
    assertArrayEquals(data, c.readAll(p)); // admitted, but no room
    assertTrue(c.counter(AdmissionMetrics.SKIPPED_NO_SPACE) >= 1);
    CacheCluster.await(
        "early eviction by the maintenance thread",
        () -> c.counter("store.invalidations.no_space") >= 1);
    assertTrue(c.cache(0).cachedBlocks() < before, "early eviction freed entries");
    assertArrayEquals(a, c.readAll(new org.apache.hadoop.fs.Path("/full-a.bin")));
    assertEquals(0, corruptReplicas());
  }

  @Test
  void enospcOnPageWrite_fillFails_evictsAndDirectoryStaysInService() throws Exception {
    start(conf());
    c.cachedFile("/enospc-a.bin", 200_000);
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageWrite(String fileId, long page) throws IOException {
                throw new IOException("No space left on device");
              }
            });
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/enospc-b.bin");
    byte[] data = c.write(p, 100_000, (short) 1, 4);
    long failed = c.counter("fill.failed");
    assertArrayEquals(data, c.readAll(p));
    assertArrayEquals(data, c.readAll(p));
    CacheCluster.await("fill failed", () -> c.counter("fill.failed") > failed);
    assertTrue(c.counter("store.invalidations.no_space") >= 1);
    assertTrue(c.counter("fill.failed.no_space") >= 1, "failed fills broken down by cause");
    assertEquals(0, c.counter(FillMetrics.FAILED_HDD));
    assertEquals(
        1L, CacheCluster.gauge(c.cache(0), DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE)));
    assertArrayEquals(data, c.readAll(p));
  }

  @Test
  void cacheDirDeletedWhileRunning_takenOutOfService_readsStillCorrect() throws Exception {
    start(conf());
    byte[] data = c.cachedFile("/lost.bin", 150_000);
    try (Stream<Path> s = Files.walk(base.resolve("ssd"))) {
      s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
    CacheLifecycle cache = c.cache(0);
    CacheCluster.await(
        "directory out of service",
        () ->
            ((Integer)
                    cache
                        .metrics()
                        .getGauges()
                        .get(DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE))
                        .getValue())
                == 0);
    assertArrayEquals(data, c.readAll(new org.apache.hadoop.fs.Path("/lost.bin")));
    assertEquals(0, cache.cachedBlocks());
  }

  @Test
  void cacheDirUnusableAtStartup_dataNodeServesFromHdd() throws Exception {
    Configuration conf = conf();
    Path notADir = Files.writeString(base.resolve("a-file"), "x");
    conf.set(CacheKeys.DIRS, notADir.toString());
    start(conf);
    assertNull(c.cache(0), "no usable directory: the dataset runs unwrapped");
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/nocache.bin");
    byte[] data = c.write(p, 70_000, (short) 1, 9);
    assertArrayEquals(data, c.readAll(p));
  }

  @Test
  void firstOfTwoCacheDirsUnusableAtStartup_secondServesUnderItsOwnNumber() throws Exception {
    Configuration conf = conf();
    Path notADir = Files.writeString(base.resolve("a-file"), "x");
    conf.set(CacheKeys.DIRS, notADir + "," + base.resolve("ssd"));
    start(conf);
    java.util.Map<String, com.codahale.metrics.Gauge> g = c.cache(0).metrics().getGauges();
    assertEquals(
        0,
        g.get(DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE)).getValue(),
        "the unusable one shows as out");
    assertEquals(1, g.get(DirectoryNames.of(1, DirectoryMetrics.IN_SERVICE)).getValue());
    assertNull(g.get(DirectoryNames.of(0, DirectoryMetrics.USED)));
    byte[] data = c.cachedFile("/second-dir.bin", 70_000);
    assertArrayEquals(data, c.readAll(new org.apache.hadoop.fs.Path("/second-dir.bin")));
  }

  @Test
  void cacheDir_created_ownerOnly() throws Exception {
    start(conf());
    c.cachedFile("/perm.bin", 10_000);
    try (Stream<Path> s = Files.list(base.resolve("ssd"))) {
      Path dnDir = s.filter(Files::isDirectory).findFirst().orElseThrow();
      assertEquals(
          Set.of(
              PosixFilePermission.OWNER_READ,
              PosixFilePermission.OWNER_WRITE,
              PosixFilePermission.OWNER_EXECUTE),
          Files.getPosixFilePermissions(dnDir));
    }
    assertNotNull(c.cache(0));
  }
}
