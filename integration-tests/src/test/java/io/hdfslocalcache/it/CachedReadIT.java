package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.io.nativeio.NativeIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads, preads, appends and deletes on one DataNode with the cache installed. */
class CachedReadIT {
  @TempDir static Path base;
  static CacheCluster c;

  @BeforeAll
  static void start() throws Exception {
    c = CacheCluster.start(CacheCluster.conf(base), 1);
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  private void warm(org.apache.hadoop.fs.Path p, int blocks) throws Exception {
    c.readAll(p); // first read: counted, not admitted
    c.readAll(p); // second read: more than 1 -> admitted, fills queued
    c.awaitCached(p);
    assertEquals(blocks, c.blocks(p).size());
  }

  @Test
  void read_afterAdmission_servedFromCacheWithSameBytes() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/read.bin");
    byte[] data = c.write(p, 3 * CacheCluster.BLOCK + 12345, (short) 1, 1);
    warm(p, 4);
    long hits = c.counter(ReadPathMetrics.HITS);
    long bytes = c.counter(ReadPathMetrics.BYTES_CACHE);
    assertArrayEquals(data, c.readAll(p));
    assertEquals(hits + 4, c.counter(ReadPathMetrics.HITS));
    assertTrue(c.counter(ReadPathMetrics.BYTES_CACHE) - bytes >= data.length);
    for (int[] r :
        new int[][] {
          {0, 1},
          {511, 2},
          {CacheCluster.BLOCK - 100, 300},
          {5000, 4096},
          {2 * CacheCluster.BLOCK + 70_000, 200_000},
          {data.length - 7, 7}
        }) {
      assertArrayEquals(
          Arrays.copyOfRange(data, r[0], r[0] + r[1]),
          c.pread(p, r[0], r[1]),
          "pread " + r[0] + "+" + r[1]);
    }
    assertTrue(c.counter(ReadPathMetrics.HITS) > hits + 4);
  }

  /**
   * A hit is sent with transferTo (64 KB packets), reads no byte from the HDD, and every
   * posix_fadvise BlockSender issues for it (sequential advice for a long read, drop-behind) lands
   * on a descriptor that holds no bytes, never on the HDD replica: so with native I/O, its
   * readahead (the same descriptor) cannot read the HDD either. The same recorder sees the HDD
   * replica's descriptor on a read of an uncached block, so it would see one on a hit too.
   */
  @Test
  void read_cachedBlock_transferToNothingReadOrAdvisedOnTheHdd() throws Exception {
    org.apache.hadoop.fs.Path cold = new org.apache.hadoop.fs.Path("/cold.bin");
    byte[] coldData = c.write(cold, CacheCluster.BLOCK, (short) 1, 3);
    org.apache.hadoop.fs.Path hot = new org.apache.hadoop.fs.Path("/hot.bin");
    byte[] data = c.write(hot, CacheCluster.BLOCK, (short) 1, 4);
    warm(hot, 1);
    String coldBlock = c.blocks(cold).get(0).getBlockName();
    String hotBlock = c.blocks(hot).get(0).getBlockName();
    Map<String, List<Long>> advised = new ConcurrentHashMap<>();
    NativeIO.POSIX.CacheManipulator previous = NativeIO.POSIX.getCacheManipulator();
    NativeIO.POSIX.setCacheManipulator(
        new NativeIO.POSIX.CacheManipulator() {
          @Override
          public void posixFadviseIfPossible(
              String block, FileDescriptor fd, long off, long len, int flags) {
            advised.computeIfAbsent(block, k -> new CopyOnWriteArrayList<>()).add(bytesIn(fd));
          }
        });
    try {
      assertArrayEquals(coldData, c.readAll(cold));
      assertEquals(List.of((long) CacheCluster.BLOCK), advised.get(coldBlock), "HDD replica");

      long packets = c.transferToPackets(0);
      long hddBytes = c.counter(ReadPathMetrics.BYTES_HDD);
      long fallback = c.counter(ReadPathMetrics.BYTES_FALLBACK_HDD);
      long uncached = c.counter(ReadPathMetrics.BYTES_UNCACHED_HDD);
      assertArrayEquals(data, c.readAll(hot));
      long sent = c.transferToPackets(0) - packets;
      // 16 data packets, and the empty last one unless the client has already gone; the cold
      // read's own empty last packet may be counted after its client returned (seen in CI: 18).
      // On the copy path this would be 0, in 4 KB packets 256.
      assertTrue(
          sent >= CacheCluster.BLOCK / 65536 && sent <= CacheCluster.BLOCK / 65536 + 2,
          "64 KB packets, with transferTo: " + sent);
      assertEquals(hddBytes, c.counter(ReadPathMetrics.BYTES_HDD));
      assertEquals(fallback, c.counter(ReadPathMetrics.BYTES_FALLBACK_HDD));
      assertEquals(uncached, c.counter(ReadPathMetrics.BYTES_UNCACHED_HDD));
      assertEquals(List.of(0L), advised.get(hotBlock), "advice on the hit's descriptor");
    } finally {
      NativeIO.POSIX.setCacheManipulator(previous);
    }
  }

  /**
   * With transferTo disabled, BlockSender reads the same cached stream through its copy path
   * (io.file.buffer.size packets): still a hit, the right bytes, no packet with transferTo.
   */
  @Test
  void read_transferToDisabled_copyPathServesHitsWithSameBytes() throws Exception {
    org.apache.hadoop.conf.Configuration conf = CacheCluster.conf(base.resolve("copy-path"));
    conf.setBoolean("dfs.datanode.transferTo.allowed", false);
    try (CacheCluster copy = CacheCluster.start(conf, 1)) {
      byte[] data = copy.cachedFile("/copy.bin", 2 * CacheCluster.BLOCK + 999);
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/copy.bin");
      long hits = copy.counter(ReadPathMetrics.HITS);
      long packets = copy.transferToPackets(0);
      assertArrayEquals(data, copy.readAll(p));
      assertArrayEquals(Arrays.copyOfRange(data, 70_000, 270_000), copy.pread(p, 70_000, 200_000));
      assertTrue(copy.counter(ReadPathMetrics.HITS) >= hits + 4, "3 block reads and the pread's");
      assertEquals(packets, copy.transferToPackets(0));
      assertEquals(0, copy.counter("read.fallback.checksum_mismatch"));
    }
  }

  /**
   * The size of the file {@code fd} is open on (the descriptor stays open: it is BlockSender's).
   */
  @SuppressWarnings("resource")
  private static long bytesIn(FileDescriptor fd) {
    try {
      return new FileInputStream(fd).getChannel().size();
    } catch (IOException e) {
      return -1;
    }
  }

  @Test
  void append_afterCaching_readSeesNewBytesNeverOld() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/append.bin");
    byte[] first = c.write(p, CacheCluster.BLOCK / 2 + 3, (short) 1, 2);
    warm(p, 1);
    ExtendedBlock before = c.blocks(p).get(0);
    byte[] more = CacheCluster.bytes(1000, 3);
    try (FSDataOutputStream out = c.fs.append(p)) {
      out.write(more);
    }
    assertFalse(c.cache(0).isCached(before), "old generation stamp must be dropped");
    byte[] expected = new byte[first.length + more.length];
    System.arraycopy(first, 0, expected, 0, first.length);
    System.arraycopy(more, 0, expected, first.length, more.length);
    assertArrayEquals(expected, c.readAll(p));
    assertArrayEquals(expected, c.readAll(p));
    warm(p, 1);
    assertArrayEquals(expected, c.readAll(p));
    assertTrue(c.counter("store.invalidations.append") >= 1);
  }

  @Test
  void delete_cachedFile_removesEntryAndPages() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/delete.bin");
    c.write(p, 2 * CacheCluster.BLOCK, (short) 1, 4);
    warm(p, 2);
    List<ExtendedBlock> blocks = c.blocks(p);
    long pagesBefore = SsdFiles.count(base.resolve("ssd"), blocks);
    assertTrue(pagesBefore > 0);
    c.fs.delete(p, false);
    CacheCluster.await(
        "cache entries dropped", () -> blocks.stream().noneMatch(c.cache(0)::isCached));
    CacheCluster.await("pages deleted", () -> SsdFiles.count(base.resolve("ssd"), blocks) == 0);
  }
}
