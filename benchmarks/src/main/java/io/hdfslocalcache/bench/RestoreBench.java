package io.hdfslocalcache.bench;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.RestoreMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.apache.hadoop.io.IOUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * How long a DataNode restart takes to bring N cached blocks back: caches N small blocks on a
 * MiniDFSCluster DataNode, restarts it, and prints the directory open time (Alluxio's page
 * restore), the validation time, and the restart with and without a cache to restore. Usage: {@code
 * bin/hdfs-local-cache bench restore [blocks]} (default 10000).
 */
@Command(
    name = "hdfs-local-cache bench restore",
    mixinStandardHelpOptions = true,
    description = "How long a DataNode restart takes to bring N cached blocks back.")
public final class RestoreBench implements Callable<Integer> {
  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "BLOCKS",
      description = "Cached blocks to restore. Default: ${DEFAULT-VALUE}.")
  int blocks = 10_000;

  @Override
  public Integer call() throws Exception {
    int blockSize = 8192;
    Path base = Files.createTempDirectory("restore-bench");
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.resolve("dfs").toString());
    conf.set(
        DFSConfigKeys.DFS_DATANODE_FSDATASET_FACTORY_KEY, LocalCacheDatasetFactory.class.getName());
    conf.set(CacheKeys.DIRS, CacheDirMarker.create(base.resolve("ssd")).toString());
    conf.set(CacheKeys.CAPACITY, "2g");
    conf.set(CacheKeys.PAGE_SIZE, "64k");
    conf.setInt(CacheKeys.ADMISSION_THRESHOLD, 0);
    conf.setInt(CacheKeys.FILL_QUEUE, blocks + 1);
    conf.setInt(CacheKeys.FILL_THREADS, 4);
    conf.set(CacheKeys.FILL_BANDWIDTH, "0");
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 512);
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, blockSize);
    conf.setInt(DFSConfigKeys.DFS_DATANODE_SCAN_PERIOD_HOURS_KEY, -1);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    try {
      cluster.waitActive();
      DistributedFileSystem fs = cluster.getFileSystem();
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/blocks.bin");
      long t0 = System.nanoTime();
      byte[] chunk = new byte[blockSize];
      try (FSDataOutputStream out = fs.create(p, true, 4096, (short) 1, blockSize)) {
        for (int i = 0; i < blocks; i++) {
          chunk[0] = (byte) i;
          out.write(chunk);
        }
      }
      System.err.printf("wrote %d blocks in %.1f s%n", blocks, (System.nanoTime() - t0) / 1e9);
      byte[] all = new byte[blocks * blockSize];
      try (FSDataInputStream in = fs.open(p)) {
        IOUtils.readFully(in, all, 0, all.length); // threshold 0: the first read admits
      }
      CacheLifecycle cache =
          LocalCacheDatasetFactory.cacheOf(cluster.getDataNodes().get(0).getFSDataset());
      long deadline = System.nanoTime() + 600_000_000_000L;
      while (cache.cachedBlocks() < blocks && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      System.err.printf("cached %d blocks%n", cache.cachedBlocks());

      DataNodeProperties props = cluster.stopDataNode(0);
      long r0 = System.nanoTime();
      cluster.restartDataNode(props, false);
      cluster.waitActive();
      double restartSec = (System.nanoTime() - r0) / 1e9;
      CacheLifecycle after =
          LocalCacheDatasetFactory.cacheOf(cluster.getDataNodes().get(0).getFSDataset());
      long restored = after.metrics().counter(RestoreMetrics.RESTORED).getCount();
      long validateMs = after.metrics().counter(RestoreMetrics.MICROS).getCount() / 1000;
      long openMs =
          ((Number)
                      after
                          .metrics()
                          .getGauges()
                          .get(DirectoryNames.of(0, DirectoryMetrics.OPEN_MICROS))
                          .getValue())
                  .longValue()
              / 1000;

      Files.walk(base.resolve("ssd"))
          .sorted(java.util.Comparator.reverseOrder())
          .forEach(f -> f.toFile().delete());
      DataNodeProperties props2 = cluster.stopDataNode(0);
      long e0 = System.nanoTime();
      cluster.restartDataNode(props2, false);
      cluster.waitActive();
      double emptyRestartSec = (System.nanoTime() - e0) / 1e9;

      System.out.printf(
          "blocks=%d restored=%d dirOpenMs=%s validateMs=%d"
              + " restartWithCacheSec=%.2f restartEmptyCacheSec=%.2f%n",
          blocks, restored, openMs, validateMs, restartSec, emptyRestartSec);
    } finally {
      cluster.shutdown();
    }
    return 0;
  }
}
