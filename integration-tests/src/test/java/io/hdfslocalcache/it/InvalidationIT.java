package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.test.GenericTestUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Truncate, races of fills with delete/append, concurrency, short-circuit, random operations. */
class InvalidationIT {
  @TempDir static Path base;
  static CacheCluster c;

  @BeforeAll
  static void start() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    // Slow fills (256 KB/s) so a test can act while a fill is in flight.
    conf.set(CacheKeys.FILL_BANDWIDTH, "256k");
    // A page write held by a test (see fill_racingWithAppend) must not time out meanwhile.
    conf.set(CacheKeys.READ_TIMEOUT, "60s");
    c = CacheCluster.start(conf, 1);
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  private static org.apache.hadoop.fs.Path path(String s) {
    return new org.apache.hadoop.fs.Path(s);
  }

  @Test
  void truncate_cachedBlock_dropsEntryAndReadsTruncatedBytes() throws Exception {
    org.apache.hadoop.fs.Path p = path("/truncate.bin");
    byte[] data = c.write(p, 200_000, (short) 1, 10);
    c.readAll(p);
    c.readAll(p);
    c.awaitCached(p);
    ExtendedBlock before = c.blocks(p).get(0);
    long recoveries = c.counter("store.invalidations.recovery");
    boolean done = c.fs.truncate(p, 100_001);
    if (!done) {
      CacheCluster.await(
          "truncate recovery",
          () -> {
            try {
              return c.fs.isFileClosed(p);
            } catch (Exception e) {
              return false;
            }
          });
    }
    assertFalse(c.cache(0).isCached(before));
    assertTrue(c.counter("store.invalidations.recovery") > recoveries);
    assertArrayEquals(Arrays.copyOf(data, 100_001), c.readAll(p));
    c.readAll(p);
    c.awaitCached(p);
    assertArrayEquals(Arrays.copyOf(data, 100_001), c.readAll(p));
  }

  @Test
  void fill_racingWithDelete_neverPublishesAndLeavesNoPages() throws Exception {
    org.apache.hadoop.fs.Path p = path("/race-delete.bin");
    c.write(p, CacheCluster.BLOCK, (short) 1, 11);
    List<ExtendedBlock> blocks = c.blocks(p);
    long abandoned = c.counter("fill.abandoned");
    // The fill's later pages wait until the DataNode has deleted the replica (it hears of the
    // delete at a heartbeat, seconds later): the fill could otherwise end first.
    ExtendedBlock b = blocks.get(0);
    holdLaterPageWrites(b, () -> replicaGone(b));
    try {
      c.readAll(p);
      c.readAll(p); // admitted
      CacheCluster.await(
          "fill writing pages", () -> SsdFiles.count(base.resolve("ssd"), blocks) > 0);
      c.fs.delete(p, false);
      CacheCluster.await("fill abandoned", () -> c.counter("fill.abandoned") > abandoned);
    } finally {
      c.faults().set(null);
    }
    assertFalse(c.cache(0).isCached(blocks.get(0)));
    // Deletes run on the directory's delete thread, after the fill has counted its outcome.
    CacheCluster.await(
        "pages of the abandoned fill deleted",
        () -> SsdFiles.count(base.resolve("ssd"), blocks) == 0);
    assertFalse(c.cache(0).isCached(blocks.get(0)));
  }

  /**
   * Page writes after the first of {@code b}'s files wait (at most 30 s) until {@code until}: the
   * fill is then still running when the test's change reaches the DataNode.
   */
  private void holdLaterPageWrites(ExtendedBlock b, BooleanSupplier until) {
    String files = "_blk_" + b.getBlockId() + "_" + b.getGenerationStamp();
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageWrite(String fileId, long page) throws IOException {
                if (!fileId.contains(files) || page < 1) {
                  return;
                }
                try {
                  GenericTestUtils.waitFor(until::getAsBoolean, 10, 30_000);
                } catch (TimeoutException e) {
                  // held long enough: the write goes on, and the test's own checks fail
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  throw new InterruptedIOException("page write interrupted");
                }
              }
            });
  }

  /** Whether the DataNode no longer has {@code b} (by null or, in Hadoop 3.5, an exception). */
  private static boolean replicaGone(ExtendedBlock b) {
    try {
      return c.cluster
              .getDataNodes()
              .get(0)
              .getFSDataset()
              .getStoredBlock(b.getBlockPoolId(), b.getBlockId())
          == null;
    } catch (org.apache.hadoop.hdfs.server.datanode.ReplicaNotFoundException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  @Test
  void fill_racingWithAppend_neverPublishesOldVersion() throws Exception {
    org.apache.hadoop.fs.Path p = path("/race-append.bin");
    byte[] first = c.write(p, CacheCluster.BLOCK / 2, (short) 1, 12);
    ExtendedBlock old = c.blocks(p).get(0);
    long abandoned = c.counter("fill.abandoned");
    // The fill's later pages wait for the append: at 256 KB/s alone the fill could end first on a
    // slow machine (the append then invalidates a published entry and nothing is abandoned).
    CountDownLatch appended = new CountDownLatch(1);
    holdLaterPageWrites(old, () -> appended.getCount() == 0);
    byte[] more = CacheCluster.bytes(777, 13);
    try {
      c.readAll(p);
      c.readAll(p);
      CacheCluster.await(
          "fill writing pages", () -> SsdFiles.count(base.resolve("ssd"), List.of(old)) > 0);
      try (FSDataOutputStream out = c.fs.append(p)) {
        out.write(more);
      }
    } finally {
      appended.countDown();
      c.faults().set(null);
    }
    CacheCluster.await("fill abandoned", () -> c.counter("fill.abandoned") > abandoned);
    assertFalse(c.cache(0).isCached(old));
    byte[] expected = Arrays.copyOf(first, first.length + more.length);
    System.arraycopy(more, 0, expected, first.length, more.length);
    assertArrayEquals(expected, c.readAll(p));
  }

  @Test
  void read_manyConcurrentReadersWhileFilling_allBytesCorrect() throws Exception {
    org.apache.hadoop.fs.Path p = path("/concurrent.bin");
    byte[] data = c.write(p, CacheCluster.BLOCK, (short) 1, 14);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      long hitsBefore = c.counter(ReadPathMetrics.HITS);
      List<Future<Integer>> fs = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int seed = t;
        fs.add(
            pool.submit(
                () -> {
                  Random r = new Random(seed);
                  int reads = 0;
                  long deadline = System.nanoTime() + 20_000_000_000L;
                  // Keep reading until the cache served at least one read, so the fill is crossed.
                  while (c.counter(ReadPathMetrics.HITS) == hitsBefore || reads < 5) {
                    int off = r.nextInt(data.length - 1);
                    int len = 1 + r.nextInt(Math.min(200_000, data.length - off));
                    assertArrayEquals(
                        Arrays.copyOfRange(data, off, off + len), c.pread(p, off, len));
                    reads++;
                    if (System.nanoTime() > deadline) {
                      break;
                    }
                  }
                  return reads;
                }));
      }
      for (Future<Integer> f : fs) {
        f.get();
      }
      assertTrue(
          c.counter(ReadPathMetrics.HITS) > hitsBefore, "some reads must have hit the cache");
      assertArrayEquals(data, c.readAll(p));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void shortCircuitFdPath_cachedBlock_stillGetsHddFiles() throws Exception {
    org.apache.hadoop.fs.Path p = path("/sc.bin");
    c.write(p, 100_000, (short) 1, 15);
    c.readAll(p);
    c.readAll(p);
    c.awaitCached(p);
    ExtendedBlock b = c.blocks(p).get(0);
    // DataNode.requestShortCircuitFdsForRead casts both streams to FileInputStream; any caller
    // that is not a BlockSender of a client read gets the HDD files.
    FsDatasetSpi<?> data = c.cluster.getDataNodes().get(0).getFSDataset();
    try (InputStream in = data.getBlockInputStream(b, 0);
        LengthInputStream meta = data.getMetaDataInputStream(b)) {
      assertInstanceOf(FileInputStream.class, in);
      assertInstanceOf(FileInputStream.class, meta.getWrappedStream());
    }
  }

  @Test
  void randomOperations_interleaved_everyReadMatchesWhatWasWritten() throws Exception {
    Random r = new Random(20261122);
    Map<String, byte[]> files = new HashMap<>();
    for (int op = 0; op < 60; op++) {
      String name = "/rand/" + r.nextInt(4);
      org.apache.hadoop.fs.Path p = path(name);
      byte[] cur = files.get(name);
      int kind = r.nextInt(10);
      if (cur == null || kind == 0) {
        files.put(name, c.write(p, 1 + r.nextInt(3 * CacheCluster.BLOCK / 2), (short) 1, op));
      } else if (kind == 1) {
        byte[] more = CacheCluster.bytes(1 + r.nextInt(100_000), op);
        try (FSDataOutputStream out = c.fs.append(p)) {
          out.write(more);
        }
        byte[] next = Arrays.copyOf(cur, cur.length + more.length);
        System.arraycopy(more, 0, next, cur.length, more.length);
        files.put(name, next);
      } else if (kind == 2 && cur.length > 1) {
        int len = r.nextInt(cur.length);
        if (!c.fs.truncate(p, len)) {
          CacheCluster.await(
              "truncate " + name,
              () -> {
                try {
                  return c.fs.isFileClosed(p);
                } catch (Exception e) {
                  return false;
                }
              });
        }
        files.put(name, Arrays.copyOf(cur, len));
      } else if (kind == 3) {
        c.fs.delete(p, false);
        files.remove(name);
      } else {
        assertArrayEquals(cur, c.readAll(p), "op " + op + " read " + name);
        if (cur.length > 10) {
          int off = r.nextInt(cur.length - 1);
          int len = 1 + r.nextInt(cur.length - off);
          assertArrayEquals(
              Arrays.copyOfRange(cur, off, off + len),
              c.pread(p, off, len),
              "op " + op + " pread " + name);
        }
      }
    }
    assertTrue(c.counter(ReadPathMetrics.HITS) > 0, "the random run must exercise cached reads");
  }
}
