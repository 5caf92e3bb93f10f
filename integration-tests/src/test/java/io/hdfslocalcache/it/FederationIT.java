package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.MiniDFSNNTopology;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two namespaces (federation) on one DataNode: both block pools hand out the same block ids, so
 * only the block pool id in the cache key keeps one namespace's cached bytes from the other's.
 */
class FederationIT {
  @TempDir Path base;
  MiniDFSCluster cluster;

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.shutdown(true);
    }
  }

  @Test
  void collidingBlockIds_twoPools_cachedApartAndDeleteInOneKeepsTheOther() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    CacheCluster.markDirs(conf);
    cluster =
        new MiniDFSCluster.Builder(conf)
            .nnTopology(MiniDFSNNTopology.simpleFederatedTopology(2))
            .numDataNodes(1)
            .build();
    cluster.waitActive();
    DistributedFileSystem fs0 = cluster.getFileSystem(0);
    DistributedFileSystem fs1 = cluster.getFileSystem(1);
    CacheLifecycle cache =
        LocalCacheDatasetFactory.cacheOf(cluster.getDataNodes().get(0).getFSDataset());
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/same.bin");
    byte[] a = write(fs0, p, 1);
    byte[] b = write(fs1, p, 2);
    ExtendedBlock b0 = fs0.getClient().getLocatedBlocks(p.toString(), 0).get(0).getBlock();
    ExtendedBlock b1 = fs1.getClient().getLocatedBlocks(p.toString(), 0).get(0).getBlock();
    assertEquals(b0.getBlockId(), b1.getBlockId(), "the collision this test is about");
    assertNotEquals(b0.getBlockPoolId(), b1.getBlockPoolId());
    for (int i = 0; i < 2; i++) {
      read(fs0, p);
      read(fs1, p);
    }
    CacheCluster.await("both pools cached", () -> cache.isCached(b0) && cache.isCached(b1));
    long hits = cache.metrics().counter(ReadPathMetrics.HITS).getCount();
    assertArrayEquals(a, read(fs0, p));
    assertArrayEquals(b, read(fs1, p));
    assertEquals(hits + 2, cache.metrics().counter(ReadPathMetrics.HITS).getCount());

    fs0.delete(p, false);
    CacheCluster.await("pool 0's block dropped", () -> !cache.isCached(b0));
    assertTrue(cache.isCached(b1), "a delete in one namespace leaves the other's block cached");
    assertArrayEquals(b, read(fs1, p));
    assertEquals(hits + 3, cache.metrics().counter(ReadPathMetrics.HITS).getCount());
  }

  private static byte[] write(DistributedFileSystem fs, org.apache.hadoop.fs.Path p, long seed)
      throws IOException {
    byte[] data = CacheCluster.bytes(200_000, seed);
    try (FSDataOutputStream out = fs.create(p, (short) 1)) {
      out.write(data);
    }
    return data;
  }

  private static byte[] read(DistributedFileSystem fs, org.apache.hadoop.fs.Path p)
      throws IOException {
    byte[] buf = new byte[(int) fs.getFileStatus(p).getLen()];
    try (FSDataInputStream in = fs.open(p)) {
      IOUtils.readFully(in, buf, 0, buf.length);
    }
    return buf;
  }
}
