package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.CacheConfig;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.datanode.shadow.ShadowFeed;
import io.hdfslocalcache.model.ModelTotals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shadow mode on a real DataNode: the reads are the HDD dataset's, byte for byte, nothing touches
 * the cache directory, and the candidates' models see the client reads (and deletes) the DataNode
 * serves. Each test counts the block reads it makes and waits until the feed has applied exactly
 * that many more events: a read's event is offered when the DataNode closes its block stream, which
 * may be just after the client has its bytes.
 */
class ShadowIT {
  @TempDir static Path base;
  static CacheCluster c;
  static ShadowFeed feed;

  /** The DataNode's own settings (threshold 1, pages, 64 MB, guard off: CacheCluster's). */
  static final String SAME = "same";

  /** A threshold no block reaches in a test. */
  static final String NEVER = "never";

  /** Whole blocks in 2.5 MiB: two 1 MiB blocks fit, three do not. */
  static final String SMALL = "small";

  @BeforeAll
  static void start() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheConfig.MODE, "shadow");
    conf.set(CacheConfig.SHADOW_CANDIDATES, String.join(",", SAME, NEVER, SMALL));
    conf.set(CacheConfig.SHADOW_CANDIDATE_PREFIX + NEVER, "threshold=65534");
    conf.set(CacheConfig.SHADOW_CANDIDATE_PREFIX + SMALL, "fill=block,capacity=2560k");
    c = CacheCluster.start(conf, 1);
    feed =
        LocalCacheDatasetFactory.shadowOf(c.cluster.getDataNodes().get(0).getFSDataset())
            .orElseThrow();
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

  /** Waits until the feed has applied {@code events} more than {@code before}. */
  static void awaitApplied(ShadowFeed f, long before, long events) throws Exception {
    CacheCluster.await(
        "the shadow feed to apply " + events + " events", () -> f.applied() >= before + events);
    assertEquals(before + events, f.applied(), "no event beyond the ones this test caused");
    assertEquals(0, f.dropped());
  }

  @Test
  void shadowMode_clientReads_bytesIdenticalAndNothingOnAnySsd() throws Exception {
    assertNull(c.cache(0), "no cache in shadow mode");
    org.apache.hadoop.fs.Path p = path("/identical.bin");
    int len = 3 * CacheCluster.BLOCK + 123_457;
    byte[] data = c.write(p, len, (short) 1, 1);
    long before = feed.applied();
    assertArrayEquals(data, c.readAll(p)); // 4 block reads
    assertArrayEquals(
        Arrays.copyOfRange(data, CacheCluster.BLOCK - 1000, CacheCluster.BLOCK + 5000),
        c.pread(p, CacheCluster.BLOCK - 1000, 6000)); // 2 block reads
    try (FSDataInputStream in = c.fs.open(p)) {
      in.seek(2L * CacheCluster.BLOCK + 77);
      byte[] b = new byte[10_000];
      in.readFully(b);
      assertArrayEquals(
          Arrays.copyOfRange(data, 2 * CacheCluster.BLOCK + 77, 2 * CacheCluster.BLOCK + 10_077),
          b);
    } // 1 block read
    awaitApplied(feed, before, 7);
    assertFalse(Files.exists(base.resolve("ssd")), "the configured cache directory is not created");
    try (Stream<Path> s = Files.list(base)) {
      assertEquals(
          List.of("dfs"),
          s.map(f -> f.getFileName().toString()).sorted().collect(Collectors.toList()),
          "nothing but HDFS's own directory under the test's base");
    }
  }

  @Test
  void shadowMode_repeatedReads_thresholdOneHitsUnreachableThresholdNone() throws Exception {
    org.apache.hadoop.fs.Path p = path("/repeated.bin");
    byte[] data = c.write(p, CacheCluster.BLOCK, (short) 1, 2);
    ModelTotals same = feed.totals(SAME);
    ModelTotals never = feed.totals(NEVER);
    long before = feed.applied();
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(data, c.readAll(p));
    }
    awaitApplied(feed, before, 3);
    ModelTotals same2 = feed.totals(SAME);
    ModelTotals never2 = feed.totals(NEVER);
    assertEquals(3, same2.reads - same.reads);
    assertEquals(3L * CacheCluster.BLOCK, same2.readBytes - same.readBytes);
    // read 1: one access; read 2: more than 1, admitted and filled; read 3: a hit
    assertEquals(1, same2.hits - same.hits, "threshold 1: the third read hits");
    assertEquals(CacheCluster.BLOCK, same2.hitBytes - same.hitBytes);
    assertTrue(same2.ssdBytesWritten > same.ssdBytesWritten);
    assertEquals(3, never2.reads - never.reads);
    assertEquals(0, never2.hits - never.hits, "an unreachable threshold never hits");
    assertEquals(0, never2.ssdBytesWritten - never.ssdBytesWritten);
    assertEquals(0, never2.hitBytes - never.hitBytes);
  }

  @Test
  void shadowMode_delete_blockDroppedFromTheModel() throws Exception {
    org.apache.hadoop.fs.Path a = path("/drop-a.bin");
    org.apache.hadoop.fs.Path b = path("/drop-b.bin");
    org.apache.hadoop.fs.Path d = path("/drop-c.bin");
    for (org.apache.hadoop.fs.Path p : List.of(a, b, d)) {
      c.write(p, CacheCluster.BLOCK, (short) 1, p.hashCode());
    }
    long before = feed.applied();
    for (org.apache.hadoop.fs.Path p : List.of(a, b)) {
      c.readAll(p);
      c.readAll(p); // admitted: `small` holds a and b, its whole capacity
    }
    awaitApplied(feed, before, 4);
    c.fs.delete(a, false);
    awaitApplied(feed, before + 4, 1); // the DataNode's invalidation of a's block
    long evictions = feed.totals(SMALL).evictions;
    c.readAll(d);
    c.readAll(d); // admitted: fits only if a is gone, else a (least recently read) is evicted
    awaitApplied(feed, before + 5, 2);
    ModelTotals small = feed.totals(SMALL);
    assertEquals(evictions, small.evictions, "the deleted block's room was free");
  }
}
