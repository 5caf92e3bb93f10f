package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.metrics.FillMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NameNode learns about HDD replicas exactly what, and when, it would learn without the cache.
 * A rotten HDD replica under a cached block is found by a re-replication (the receiver verifies
 * what it gets); a rotten replica a fill finds is not cached and not reported, with the block
 * scanner on or off, so nothing reaches the NameNode sooner than in stock HDFS.
 */
class NameNodeViewIT {
  @TempDir Path base;
  CacheCluster c;

  @AfterEach
  void stop() {
    if (c != null) {
      c.close();
    }
  }

  @Test
  void reReplication_corruptHddUnderCachedBlock_nameNodeMarksReplicaCorruptEveryTime()
      throws Exception {
    c = CacheCluster.start(CacheCluster.conf(base), 2);
    for (int i = 0; i < 5; i++) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/rotten-" + i + ".bin");
      byte[] data = c.write(p, 150_000, (short) 1, 100 + i);
      ExtendedBlock b = c.blocks(p).get(0);
      assertArrayEquals(data, c.readAll(p));
      assertArrayEquals(data, c.readAll(p));
      CacheCluster.await(
          "cached on the DataNode holding " + p,
          () -> c.caches().stream().anyMatch(cache -> cache.isCached(b)));
      CacheCluster.flip(CacheCluster.hddBlockFile(base, b), 70_000);
      assertTrue(c.caches().stream().anyMatch(cache -> cache.isCached(b)), "still cached");

      c.fs.setReplication(p, (short) 2);
      // Stock HDFS: the copy fails the receiver's checksum check, which reports the source
      // replica; served from the verified cached copy, it would succeed and hide the rot.
      CacheCluster.await(
          "the NameNode hears of " + p + " or re-replicates it",
          () -> corrupt(p) || liveReplicas(p) == 2);
      assertTrue(
          corrupt(p),
          "iteration "
              + i
              + ": the NameNode counts a rotten replica of "
              + p
              + " as good ("
              + liveReplicas(p)
              + " live replicas)");
    }
  }

  /**
   * Hadoop's {@code TestFileAppend#testAppendCorruptedBlock} with the cache, made deterministic:
   * the only replica rots after a client read admitted it, the fill finds the rot, and the append
   * that follows must work as in stock HDFS, where nothing reads the block again and the scanner's
   * next pass is weeks away. Handed to the scanner as a suspect, the replica was reported within
   * milliseconds and the append could not close its file.
   */
  @Test
  void fill_corruptHddReplicaScannerOn_nameNodeLearnsNothingAndAppendWorks() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    // The scanner is on (a period > 0 at a non-zero rate); its first pass, over an empty volume,
    // ends at once and the next is weeks away, so only a report from the fill could reach the
    // NameNode within this test.
    conf.setLong(DFSConfigKeys.DFS_DATANODE_SCAN_PERIOD_HOURS_KEY, 504);
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SCANNER_VOLUME_BYTES_PER_SECOND, 1024 * 1024);
    c = CacheCluster.start(conf, 1);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/rotten-fill.bin");
    byte[] data = c.write(p, 200_000, (short) 1, 7);
    ExtendedBlock b = c.blocks(p).get(0);
    // Rot near the end, in the last page (196608..200000); clients read only that page's first
    // chunk, so no client ever meets it. The fill copies the page whole (pages mode: the page the
    // read touched; block mode: every page) and finds it.
    CacheCluster.flip(CacheCluster.hddBlockFile(base, b), 199_000);
    byte[] firstChunk = Arrays.copyOfRange(data, 196_608, 196_608 + 512);
    assertArrayEquals(firstChunk, c.pread(p, 196_608, 512));
    assertArrayEquals(firstChunk, c.pread(p, 196_608, 512)); // admitted: fill
    CacheCluster.await(
        "the fill finds the HDD replica corrupt",
        () -> c.counter(FillMetrics.OUTCOME + "hdd_corrupt") >= 1);
    assertEquals(0, c.cache(0).cachedBlocks(), "a corrupt replica is never cached");
    assertNameNodeHearsNothing(p);
    assertEquals(1, liveReplicas(p), "the replica is still listed, as in stock HDFS");

    byte[] more = "appendCorruptBlock".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          try (org.apache.hadoop.fs.FSDataOutputStream out = c.fs.append(p)) {
            out.write(more);
          }
        },
        "an append to a file whose only replica rotted closes, as in stock HDFS");
    assertEquals(200_000 + more.length, c.fs.getFileStatus(p).getLen());
  }

  /**
   * Hadoop's {@code TestClientReportBadBlock#testCorruptAllOfThreeReplicas} with the cache. Every
   * replica is corrupt and the block scanner is off (period -1, as Hadoop's test sets it): a stock
   * client reports none of them (it cannot tell a bad client from three bad disks) and nothing else
   * looks, so the NameNode must list no corrupt replica, though each DataNode's fill finds its HDD
   * replica rotten.
   */
  @Test
  void fill_allThreeReplicasCorruptScannerOff_readsFailNameNodeListsNoCorruptReplica()
      throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.setInt(HdfsClientConfigKeys.Retry.WINDOW_BASE_KEY, 10); // failing reads retry quickly
    c = CacheCluster.start(conf, 3);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/all-rotten.bin");
    c.write(p, 200_000, (short) 3, 11);
    DFSTestUtil.waitReplication(c.fs, p, (short) 3);
    ExtendedBlock b = c.blocks(p).get(0);
    List<Path> replicas = hddBlockFiles(b);
    assertEquals(3, replicas.size(), "one HDD replica per DataNode: " + replicas);
    for (Path f : replicas) {
      CacheCluster.flip(f, 1000); // in the first page: every read and every fill crosses it
    }
    CacheCluster.await(
        "every DataNode's fill finds its HDD replica corrupt",
        () -> {
          assertThrows(IOException.class, () -> c.readAll(p), "a read of a corrupt block");
          return c.counter(FillMetrics.OUTCOME + "hdd_corrupt") >= 3;
        });
    assertEquals(0, c.caches().stream().mapToInt(cache -> cache.cachedBlocks()).sum());
    // A report goes out with the DataNode's next heartbeat (every second here): give it three.
    assertNameNodeHearsNothing(p);
    assertEquals(3, liveReplicas(p), "every replica still listed, as in stock HDFS");
    assertThrows(IOException.class, () -> c.readAll(p), "reads still fail, as in stock HDFS");
  }

  /** Every DataNode's HDD block file of {@code b}. */
  private List<Path> hddBlockFiles(ExtendedBlock b) throws IOException {
    try (Stream<Path> s = Files.walk(base.resolve("dfs"))) {
      return s.filter(f -> f.getFileName().toString().equals("blk_" + b.getBlockId()))
          .collect(Collectors.toList());
    }
  }

  /**
   * Fails if the NameNode hears of a corrupt replica of {@code p} within three heartbeats (a
   * DataNode's report goes out with its next heartbeat, every second here).
   */
  private void assertNameNodeHearsNothing(org.apache.hadoop.fs.Path p) throws Exception {
    c.cluster.triggerHeartbeats();
    long deadline = System.nanoTime() + 3_000_000_000L;
    while (System.nanoTime() < deadline) {
      assertFalse(corrupt(p), "the NameNode learnt of a corrupt replica stock HDFS keeps from it");
      Thread.sleep(50);
    }
  }

  /** True if the NameNode holds every replica of the file's block as corrupt. */
  private boolean corrupt(org.apache.hadoop.fs.Path p) {
    try {
      LocatedBlock lb = c.fs.getClient().getLocatedBlocks(p.toString(), 0, 1).get(0);
      return lb.isCorrupt()
          || c.cluster
                  .getNamesystem()
                  .getBlockManager()
                  .numCorruptReplicas(lb.getBlock().getLocalBlock())
              > 0;
    } catch (IOException e) {
      return false;
    }
  }

  private int liveReplicas(org.apache.hadoop.fs.Path p) {
    try {
      LocatedBlock lb = c.fs.getClient().getLocatedBlocks(p.toString(), 0, 1).get(0);
      return lb.isCorrupt() ? 0 : lb.getLocations().length;
    } catch (IOException e) {
      return -1;
    }
  }
}
