package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Three DataNodes in one JVM, each with its own cache. */
class MultiDataNodeIT {
  @TempDir static Path base;
  static CacheCluster c;

  @BeforeAll
  static void start() throws Exception {
    c = CacheCluster.start(CacheCluster.conf(base), 3);
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  private long admissionDecisions() {
    return c.counter(AdmissionMetrics.ADMIT) + c.counter(AdmissionMetrics.REJECT);
  }

  @Test
  void read_threeReplicas_cachedWhereServedAndBytesCorrect() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/three.bin");
    byte[] data = c.write(p, 2 * CacheCluster.BLOCK + 999, (short) 3, 21);
    List<ExtendedBlock> blocks = c.blocks(p);
    for (int i = 0; i < 6; i++) {
      assertArrayEquals(data, c.readAll(p));
    }
    CacheCluster.await(
        "every block cached on some DataNode",
        () ->
            blocks.stream()
                .allMatch(b -> c.caches().stream().anyMatch(cache -> cache.isCached(b))));
    // The client picks one of three equally close replicas per block, and a block may be cached
    // on only one of them: read until some read lands on a cached copy (each misses with p <= 2/3).
    long hits = c.counter(ReadPathMetrics.HITS);
    for (int i = 0; i < 20 && c.counter(ReadPathMetrics.HITS) == hits; i++) {
      assertArrayEquals(data, c.readAll(p));
    }
    assertTrue(c.counter(ReadPathMetrics.HITS) > hits);
    List<CacheLifecycle> caches = c.caches();
    assertEquals(3, caches.size());
    assertNotSame(caches.get(0).metrics(), caches.get(1).metrics(), "one registry per DataNode");
  }

  @Test
  void reReplication_readsForTransfer_doNotCountForAdmission() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/rerepl.bin");
    c.write(p, CacheCluster.BLOCK / 2, (short) 1, 22);
    ExtendedBlock b = c.blocks(p).get(0);
    long before = admissionDecisions();
    c.fs.setReplication(p, (short) 3);
    CacheCluster.await(
        "re-replicated",
        () -> {
          try {
            return c.fs.getFileBlockLocations(p, 0, 1)[0].getHosts().length == 3;
          } catch (Exception e) {
            return false;
          }
        });
    assertEquals(before, admissionDecisions(), "DataTransfer reads must not count");
    assertTrue(c.caches().stream().noneMatch(cache -> cache.isCached(b)));
  }
}
