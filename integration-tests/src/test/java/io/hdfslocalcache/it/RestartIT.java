package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.BlockCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The block map survives a DataNode restart in RocksDB, validated before anything is served. */
class RestartIT {
  @TempDir
  Path base;
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
    c.cluster.restartDataNode(props, true);
    c.cluster.waitActive();
  }

  @Test
  void restart_cachedBlocks_servedAgainWithoutRefill() throws Exception {
    byte[] data = c.cachedFile("/keep.bin", 2 * CacheCluster.BLOCK + 5000);
    restart(() -> {});
    BlockCache cache = c.cache(0);
    assertEquals(3, cache.metrics().counter("store.restored").getCount());
    assertEquals(3, cache.cachedBlocks());
    assertArrayEquals(data, c.readAll(new org.apache.hadoop.fs.Path("/keep.bin")));
    assertEquals(3, cache.metrics().counter("read.hits").getCount());
    assertEquals(0, cache.metrics().counter("fill.completed").getCount(), "no refill");
  }

  @Test
  void restart_fileDeletedWhileDown_neverServedAndDropped() throws Exception {
    c.cachedFile("/deleted.bin", 100_000);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/deleted.bin");
    ExtendedBlock b = c.blocks(p).get(0);
    restart(() -> {
      try {
        c.fs.delete(p, false);
      } catch (IOException e) {
        throw new RuntimeException(e);
      }
    });
    long hits = c.cache(0).metrics().counter("read.hits").getCount();
    // The NameNode tells the DataNode to invalidate at its block report; the entry goes with it.
    CacheCluster.await("entry dropped", () -> !c.cache(0).isCached(b));
    CacheCluster.await("pages deleted", () -> SsdFiles.count(base.resolve("ssd"), List.of(b)) == 0);
    assertEquals(hits, c.cache(0).metrics().counter("read.hits").getCount());
  }

  @Test
  void restart_replicaFilesLostWhileDown_entryDroppedWithPages() throws Exception {
    c.cachedFile("/gone.bin", 100_000);
    ExtendedBlock b = c.blocks(new org.apache.hadoop.fs.Path("/gone.bin")).get(0);
    restart(() -> deleteHddReplica(b));
    BlockCache cache = c.cache(0);
    assertFalse(cache.isCached(b));
    assertEquals(1, cache.metrics().counter("store.restore.dropped").getCount());
    CacheCluster.await("pages deleted", () -> SsdFiles.count(base.resolve("ssd"), List.of(b)) == 0);
  }

  @Test
  void restart_pageLostAndOrphanPages_entryDroppedOrphansDeletedBytesCorrect() throws Exception {
    byte[] data = c.cachedFile("/torn.bin", 300_000);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/torn.bin");
    ExtendedBlock b = c.blocks(p).get(0);
    ExtendedBlock orphan = new ExtendedBlock(b.getBlockPoolId(), b.getBlockId() + 1000,
        b.getNumBytes(), b.getGenerationStamp());
    restart(() -> {
      try {
        // A torn fill: the last data page never reached the disk...
        List<Path> pages = SsdFiles.pages(base.resolve("ssd"), b, ".data");
        Files.delete(pages.get(pages.size() - 1));
        // ...and pages of a fill cut off by a crash, never recorded in the index.
        Path src = pages.get(0).getParent();
        Path dst = src.resolveSibling(src.getFileName().toString()
            .replace("_blk_" + b.getBlockId() + "_", "_blk_" + orphan.getBlockId() + "_"));
        Files.createDirectories(dst);
        Files.copy(pages.get(0), dst.resolve(pages.get(0).getFileName()));
      } catch (IOException e) {
        throw new RuntimeException(e);
      }
    });
    BlockCache cache = c.cache(0);
    assertFalse(cache.isCached(b));
    assertEquals(0, SsdFiles.count(base.resolve("ssd"), List.of(orphan)), "orphans deleted");
    assertArrayEquals(data, c.readAll(p));
    assertTrue(cache.metrics().counter("store.restore.dropped").getCount() >= 1);
  }

  private void deleteHddReplica(ExtendedBlock b) {
    try (Stream<Path> s = Files.walk(base.resolve("dfs"))) {
      for (Path f : s.filter(f -> f.getFileName().toString().startsWith("blk_" + b.getBlockId()))
          .toList()) {
        Files.delete(f);
      }
    } catch (IOException e) {
      throw new RuntimeException(e);
    }
  }
}
