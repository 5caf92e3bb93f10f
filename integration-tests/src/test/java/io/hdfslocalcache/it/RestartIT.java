package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.RestoreMetrics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The block map survives a DataNode restart in RocksDB, validated before anything is served. */
class RestartIT {
  @TempDir Path base;
  CacheCluster c;

  @BeforeEach
  void start() throws IOException {
    c = CacheCluster.start(CacheCluster.conf(base), 1);
  }

  @AfterEach
  void stop() {
    c.close();
  }

  private void restart(Runnable whileDown) throws IOException {
    DataNodeProperties props = c.cluster.stopDataNode(0);
    whileDown.run();
    // new ports: the old one may be taken by then (BindException seen in CI); the cache follows
    // the DataNode's UUID, not its address
    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
  }

  @Test
  void restart_cachedBlocks_servedAgainWithoutRefill() throws Exception {
    byte[] data = c.cachedFile("/keep.bin", 2 * CacheCluster.BLOCK + 5000);
    restart(() -> {});
    CacheLifecycle cache = c.cache(0);
    assertEquals(3, cache.metrics().counter(RestoreMetrics.RESTORED).getCount());
    assertEquals(3, cache.cachedBlocks());
    assertArrayEquals(data, c.readAll(new org.apache.hadoop.fs.Path("/keep.bin")));
    assertEquals(3, cache.metrics().counter(ReadPathMetrics.HITS).getCount());
    assertEquals(0, cache.metrics().counter("fill.completed").getCount(), "no refill");
  }

  @Test
  void restart_fileDeletedWhileDown_neverServedAndDropped() throws Exception {
    c.cachedFile("/deleted.bin", 100_000);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/deleted.bin");
    ExtendedBlock b = c.blocks(p).get(0);
    restart(
        () -> {
          try {
            c.fs.delete(p, false);
          } catch (IOException e) {
            throw new RuntimeException(e);
          }
        });
    // The NameNode tells the DataNode to invalidate at its block report; the entry goes with it.
    CacheCluster.await("entry dropped", () -> !c.cache(0).isCached(b));
    CacheCluster.await("pages deleted", () -> SsdFiles.count(base.resolve("ssd"), List.of(b)) == 0);
  }

  @Test
  void restart_replicaFilesLostWhileDown_entryDroppedWithPages() throws Exception {
    c.cachedFile("/gone.bin", 100_000);
    ExtendedBlock b = c.blocks(new org.apache.hadoop.fs.Path("/gone.bin")).get(0);
    restart(() -> deleteHddReplica(b));
    CacheLifecycle cache = c.cache(0);
    assertFalse(cache.isCached(b));
    assertEquals(1, cache.metrics().counter(RestoreMetrics.DROPPED).getCount());
    CacheCluster.await("pages deleted", () -> SsdFiles.count(base.resolve("ssd"), List.of(b)) == 0);
  }

  /**
   * A data page lost in a crash after the index recorded it: the block comes back as recorded (in
   * both fill modes; a restart lists no page files), the read that meets the lost page reads from
   * the HDD (a miss) and drops the copy, which is filled again; pages no index record owns are
   * deleted.
   */
  @Test
  void restart_pageLostAndOrphanPages_missWhenReadOrphansDeletedBytesCorrect() throws Exception {
    byte[] data = c.cachedFile("/torn.bin", 300_000);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/torn.bin");
    ExtendedBlock b = c.blocks(p).get(0);
    ExtendedBlock orphan =
        new ExtendedBlock(
            b.getBlockPoolId(), b.getBlockId() + 1000, b.getNumBytes(), b.getGenerationStamp());
    restart(
        () -> {
          try {
            // A crash lost the last data page...
            List<Path> pages = SsdFiles.pages(base.resolve("ssd"), b, ".data");
            Files.delete(pages.get(pages.size() - 1));
            // ...and pages of a fill cut off by a crash, never recorded in the index.
            Path src = pages.get(0).getParent();
            Path dst =
                src.resolveSibling(
                    src.getFileName()
                        .toString()
                        .replace(
                            "_blk_" + b.getBlockId() + "_", "_blk_" + orphan.getBlockId() + "_"));
            Files.createDirectories(dst);
            Files.copy(pages.get(0), dst.resolve(pages.get(0).getFileName()));
          } catch (IOException e) {
            throw new RuntimeException(e);
          }
        });
    CacheLifecycle cache = c.cache(0);
    assertTrue(cache.isCached(b));
    assertEquals(1, cache.metrics().counter(RestoreMetrics.RESTORED).getCount());
    assertEquals(0, SsdFiles.count(base.resolve("ssd"), List.of(orphan)), "orphans deleted");
    long meta = 7 + (300_000 + 511) / 512 * 4;
    assertEquals(meta + 300_000, reserved(cache), "what the index records");
    assertArrayEquals(data, c.readAll(p));
    assertEquals(
        1, cache.metrics().counter("read.fallback.missing_page").getCount(), "the lost page");
    CacheCluster.await(
        "the block filled again",
        () -> {
          try {
            c.readAll(p); // reads admit it again
          } catch (Exception e) {
            throw new AssertionError(e);
          }
          return cache.isCached(b) && SsdFiles.pages(base.resolve("ssd"), b, ".data").size() == 5;
        });
    assertEquals(meta + 300_000, reserved(cache));
    assertArrayEquals(data, c.readAll(p));
  }

  private static long reserved(CacheLifecycle cache) {
    return ((Number)
            cache
                .metrics()
                .getGauges()
                .get(DirectoryNames.of(0, DirectoryMetrics.RESERVED))
                .getValue())
        .longValue();
  }

  @Test
  void restart_crashMidFill_partialBlockNeverServedAndItsPagesDeleted() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/crash.bin");
    byte[] data = c.write(p, 300_000, (short) 1, 31); // five 64 KB data pages
    ExtendedBlock b = c.blocks(p).get(0);
    CountDownLatch reached = new CountDownLatch(1);
    CountDownLatch never = new CountDownLatch(1);
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageWrite(String fileId, long page) throws IOException {
                if (fileId.contains(".data") && page == 3) {
                  reached.countDown();
                  try {
                    never.await(); // the fill stops here, three data pages written; shutdown
                    // interrupts
                  } catch (InterruptedException e) {
                    throw new IOException(e);
                  }
                }
              }
            });
    Path ssd = base.resolve("ssd");
    Path snapshot = base.resolve("ssd-at-crash");
    try {
      c.readAll(p);
      c.readAll(p);
      assertTrue(reached.await(30, TimeUnit.SECONDS), "fill reached page 3");
      // What the disk holds if the machine dies now: a clean stop would clean up after the fill.
      copyTree(ssd, snapshot);
    } finally {
      c.faults().set(null);
    }
    assertTrue(SsdFiles.count(snapshot, List.of(b)) >= 3, "partial pages in the snapshot");
    restart(
        () -> {
          try {
            deleteTree(ssd);
            Files.move(snapshot, ssd);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
    CacheLifecycle cache = c.cache(0);
    assertFalse(cache.isCached(b));
    assertEquals(0, SsdFiles.count(ssd, List.of(b)), "pages of the cut-off fill deleted");
    assertArrayEquals(data, c.readAll(p));
    assertEquals(0, cache.metrics().counter(ReadPathMetrics.HITS).getCount());
  }

  private static void copyTree(Path from, Path to) throws IOException {
    for (Path f : SsdFiles.files(from)) {
      Path dst = to.resolve(from.relativize(f).toString());
      Files.createDirectories(dst.getParent());
      Files.copy(f, dst);
    }
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      for (Path f : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(f);
      }
    }
  }

  private void deleteHddReplica(ExtendedBlock b) {
    try (Stream<Path> s = Files.walk(base.resolve("dfs"))) {
      for (Path f :
          s.filter(f -> f.getFileName().toString().startsWith("blk_" + b.getBlockId())).toList()) {
        Files.delete(f);
      }
    } catch (IOException e) {
      throw new RuntimeException(e);
    }
  }
}
