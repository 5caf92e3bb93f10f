package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.checker.DatasetVolumeChecker;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hit the cache cannot finish though the HDD is sound ends the read without Hadoop counting it
 * against the HDD volume: no disk check ({@code DataNode.checkDiskErrorAsync}, counted by its
 * volume checker) and no file-I/O error in the volume's metrics ({@code TotalFileIoErrors}), both
 * of which {@code FileIoProvider.transferToSocketFully} records for any other failure of a packet.
 */
@Timeout(120)
class HddBlameIT {
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
    conf.set(CacheKeys.READ_TIMEOUT, "60s"); // a held reader must not time out
    conf.setInt(CacheKeys.DIR_MAX_ERRORS, 100);
    // file-I/O errors are counted per volume only with profiling on
    conf.setInt(DFSConfigKeys.DFS_DATANODE_FILEIO_PROFILING_SAMPLING_PERCENTAGE_KEY, 100);
    // every disk check asked for runs (and is counted), none skipped as too recent
    conf.setLong(DFSConfigKeys.DFS_DATANODE_DISK_CHECK_MIN_GAP_KEY, 0);
    conf.setInt(HdfsClientConfigKeys.Retry.WINDOW_BASE_KEY, 10);
    return conf;
  }

  private DataNode dn() {
    return c.cluster.getDataNodes().get(0);
  }

  /** Disk checks of single volumes scheduled so far (what a failed packet send asks for). */
  private long diskChecks() throws ReflectiveOperationException {
    Field f = DataNode.class.getDeclaredField("volumeChecker");
    f.setAccessible(true);
    return ((DatasetVolumeChecker) f.get(dn())).getNumVolumeChecks();
  }

  /** File-I/O errors counted against the DataNode's HDD volumes. */
  private long fileIoErrors() throws IOException {
    long n = 0;
    try (FsDatasetSpi.FsVolumeReferences refs = dn().getFSDataset().getFsVolumeReferences()) {
      for (FsVolumeSpi v : refs) {
        n += v.getMetrics().getTotalFileIoErrors();
      }
    }
    return n;
  }

  private void assertHddVolumeUntouched(long checks, long errors) throws Exception {
    assertEquals(checks, diskChecks(), "disk checks of the HDD volume");
    assertEquals(errors, fileIoErrors(), "file-I/O errors of the HDD volume");
    assertEquals(0, c.cluster.getNamesystem().getCorruptReplicaBlocks());
  }

  @Test
  void checksumStreamFails_onAHit_notCountedAgainstTheHddVolume() throws Exception {
    Configuration conf = conf();
    // 32-byte chunks: the meta file spans two pages, so the meta stream reads the SSD mid-block
    conf.setInt(DFSConfigKeys.DFS_BYTES_PER_CHECKSUM_KEY, 32);
    c = CacheCluster.start(conf, 1);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/checksum-stream.bin");
    byte[] data = c.cachedFile(p.toString(), 900_000);
    ExtendedBlock b = c.blocks(p).get(0);
    AtomicInteger reopens = new AtomicInteger();
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageRead(String fileId, long page) throws IOException {
                if (fileId.contains("_blk_" + b.getBlockId() + "_")
                    && fileId.contains(".meta")
                    && page >= 1) {
                  throw new IOException("Input/output error (injected)");
                }
              }

              @Override
              public void beforeHddMetaReopen(String blockName) throws IOException {
                reopens.incrementAndGet();
                throw new IOException("Too many open files (injected)");
              }
            });
    long checks = diskChecks();
    long errors = fileIoErrors();

    assertArrayEquals(data, c.readAll(p)); // the client reads it again, from the HDD

    assertTrue(reopens.get() >= 1, "the HDD meta reopen failed");
    assertHddVolumeUntouched(checks, errors);
    assertTrue(c.counter(ReadPathMetrics.ABORTED) >= 1, "the hit was aborted");
  }

  @Test
  void gapReopenedAfterAnAppend_onAHit_notCountedAgainstTheHddVolume() throws Exception {
    Configuration conf = conf();
    conf.set(CacheKeys.FILL_MODE, "pages");
    c = CacheCluster.start(conf, 1);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/gap-append.bin");
    // half a block: the append reopens this block (a new generation stamp), not a new one
    byte[] data = c.write(p, CacheCluster.BLOCK / 2, (short) 1, 1);
    ExtendedBlock b = c.blocks(p).get(0);
    c.pread(p, 0, 4096);
    c.pread(p, 0, 4096); // admitted: the meta and page 0 are cached, pages 1.. are not
    CacheCluster.await("page 0 filled", () -> c.counter("fill.completed") == 1);
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean held = new AtomicBoolean();
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageRead(String fileId, long page) {
                if (fileId.contains("_blk_" + b.getBlockId() + "_")
                    && fileId.contains(".data")
                    && page == 0
                    && held.compareAndSet(false, true)) {
                  holding.countDown();
                  try {
                    release.await(); // the hit waits on page 0, before its first gap
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                }
              }
            });
    long checks = diskChecks();
    long errors = fileIoErrors();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<byte[]> read = pool.submit(() -> c.readAll(p));
      assertTrue(holding.await(30, TimeUnit.SECONDS));
      // a new generation stamp: the hit's replica can no longer be opened for its gap
      try (FSDataOutputStream out = c.fs.append(p)) {
        out.write(new byte[100]);
      }
      release.countDown();
      byte[] got = read.get(60, TimeUnit.SECONDS);
      assertArrayEquals(data, java.util.Arrays.copyOf(got, data.length));
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
    assertHddVolumeUntouched(checks, errors);
    assertEquals(1, c.counter(ReadPathMetrics.ABORTED), "the hit was aborted at its gap");
  }

  /**
   * The HDD block file is cut under a hit's open gap stream: the read fails with an EOF, counted
   * against the HDD volume as stock's is, and the xceiver ends instead of spinning in transferTo
   * with the entry pinned.
   */
  @Test
  void hddFileCutUnderAnOpenGap_readFailsAndTheXceiverEnds() throws Exception {
    Configuration conf = conf();
    conf.set(CacheKeys.FILL_MODE, "pages");
    c = CacheCluster.start(conf, 1);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/cut.bin");
    c.write(p, CacheCluster.BLOCK / 2, (short) 1, 1);
    ExtendedBlock b = c.blocks(p).get(0);
    int page = 64 * 1024;
    c.pread(p, page, 4096);
    c.pread(p, page, 4096); // admitted: the meta and page 1 cached; pages 0 and 2.. are not
    CacheCluster.await("page 1 filled", () -> c.counter("fill.completed") == 1);
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean held = new AtomicBoolean();
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageRead(String fileId, long pageIndex) {
                if (fileId.contains("_blk_" + b.getBlockId() + "_")
                    && fileId.contains(".data")
                    && pageIndex == 1
                    && held.compareAndSet(false, true)) {
                  holding.countDown();
                  try {
                    release.await(); // page 0 came through the gap stream, which stays open
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                }
              }
            });
    long checks = diskChecks();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<byte[]> read = pool.submit(() -> c.readAll(p));
      assertTrue(holding.await(30, TimeUnit.SECONDS));
      try (java.nio.channels.FileChannel f =
          java.nio.channels.FileChannel.open(
              CacheCluster.hddBlockFile(base, b), java.nio.file.StandardOpenOption.WRITE)) {
        f.truncate(2L * page + 4096); // inside page 2, the next gap
      }
      release.countDown();
      java.util.concurrent.ExecutionException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              java.util.concurrent.ExecutionException.class, () -> read.get(60, TimeUnit.SECONDS));
      assertTrue(e.getCause() instanceof IOException, e.toString());
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
    CacheCluster.await("no xceiver left sending", () -> dn().getXceiverCount() == 0);
    assertTrue(diskChecks() > checks, "an HDD file shorter than its replica counts, as in stock");
  }
}
