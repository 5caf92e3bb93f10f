package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a hit's failure holds against the HDD volume ({@link HddVolumeCounts}): nothing when the
 * cache cannot finish the read though the HDD is sound (here a gap reopened after an append; the
 * checksum stream's failure is CornerFaultsIT's), what stock would when the HDD file is short.
 */
@Timeout(120)
class HddBlameIT {
  private static final int PAGE = 64 * 1024;

  @TempDir Path base;
  CacheCluster c;

  @AfterEach
  void stop() {
    if (c != null) {
      c.close();
    }
  }

  /** A pages-mode DataNode whose half-block file {@code name} has only page {@code cached}. */
  private org.apache.hadoop.fs.Path partlyCachedFile(String name, int cached) throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.FILL_MODE, "pages");
    conf.set(CacheKeys.READ_TIMEOUT, "60s"); // a held reader must not time out
    conf.setInt(HdfsClientConfigKeys.Retry.WINDOW_BASE_KEY, 10);
    HddVolumeCounts.enable(conf);
    c = CacheCluster.start(conf, 1);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(name);
    // half a block: an append reopens this block (a new generation stamp), not a new one
    c.write(p, CacheCluster.BLOCK / 2, (short) 1, 1);
    c.pread(p, (long) cached * PAGE, 4096);
    c.pread(p, (long) cached * PAGE, 4096); // admitted: the meta and that page are cached
    CacheCluster.await("page " + cached + " filled", () -> c.counter("fill.completed") == 1);
    return p;
  }

  /**
   * Reads all of {@code p} on another thread, holding the read at its SSD read of data page {@code
   * page} while {@code meanwhile} runs; returns the read's outcome.
   */
  private Future<byte[]> readHeldAt(org.apache.hadoop.fs.Path p, int page, Callable<?> meanwhile)
      throws Exception {
    ExtendedBlock b = c.blocks(p).get(0);
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
                    && pageIndex == page
                    && held.compareAndSet(false, true)) {
                  holding.countDown();
                  try {
                    release.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                }
              }
            });
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<byte[]> read = pool.submit(() -> c.readAll(p));
      assertTrue(holding.await(30, TimeUnit.SECONDS));
      meanwhile.call();
      return read;
    } finally {
      release.countDown();
      pool.shutdown();
    }
  }

  private DataNode dn() {
    return c.cluster.getDataNodes().get(0);
  }

  @Test
  void gapReopenedAfterAnAppend_onAHit_notCountedAgainstTheHddVolume() throws Exception {
    org.apache.hadoop.fs.Path p = partlyCachedFile("/gap-append.bin", 0);
    byte[] data = CacheCluster.bytes(CacheCluster.BLOCK / 2, 1); // what partlyCachedFile wrote
    HddVolumeCounts before = HddVolumeCounts.of(dn());
    // held at page 0, before its first gap; a new generation stamp meanwhile: the hit's replica
    // can no longer be opened for the gap
    Future<byte[]> read =
        readHeldAt(
            p,
            0,
            () -> {
              try (FSDataOutputStream out = c.fs.append(p)) {
                out.write(new byte[100]);
              }
              return null;
            });
    byte[] got = read.get(60, TimeUnit.SECONDS); // read again by the client, from the HDD
    assertArrayEquals(data, Arrays.copyOf(got, data.length));
    before.assertUnchanged(dn());
    assertEquals(0, c.cluster.getNamesystem().getCorruptReplicaBlocks());
    assertEquals(1, c.counter(ReadPathMetrics.ABORTED), "the hit was aborted at its gap");
  }

  /**
   * The HDD block file is cut under a hit's open gap stream: the read fails with an EOF, counted
   * against the HDD volume as stock's is, and the xceiver ends instead of spinning in transferTo
   * with the entry pinned.
   */
  @Test
  void hddFileCutUnderAnOpenGap_readFailsAndTheXceiverEnds() throws Exception {
    org.apache.hadoop.fs.Path p = partlyCachedFile("/cut.bin", 1);
    ExtendedBlock b = c.blocks(p).get(0);
    HddVolumeCounts before = HddVolumeCounts.of(dn());
    // held at page 1: page 0 came through the gap stream, which stays open
    Future<byte[]> read =
        readHeldAt(
            p,
            1,
            () -> {
              try (FileChannel f =
                  FileChannel.open(CacheCluster.hddBlockFile(base, b), StandardOpenOption.WRITE)) {
                f.truncate(2L * PAGE + 4096); // inside page 2, the next gap
              }
              return null;
            });
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> read.get(60, TimeUnit.SECONDS));
    assertTrue(e.getCause() instanceof IOException, e.toString());
    CacheCluster.await("no xceiver left sending", () -> dn().getXceiverCount() == 0);
    assertTrue(
        HddVolumeCounts.of(dn()).diskChecks > before.diskChecks,
        "an HDD file shorter than its replica counts, as in stock");
  }
}
