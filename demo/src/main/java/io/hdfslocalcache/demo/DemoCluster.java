package io.hdfslocalcache.demo;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.demo.hdd.HddEmulator;
import io.hdfslocalcache.demo.hdd.HddEmulatorDatasetFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * The in-process HDFS: DataNode volumes behind the HDD emulator, cache directories under the base
 * directory standing in for SSDs. The cache factory is always installed; it starts disabled, and
 * {@link #enableCache} restarts the DataNodes on the same data directories with it enabled.
 */
final class DemoCluster implements AutoCloseable {
  /** Under the base directory: the cluster's name and data directories, and the "SSDs". */
  static final String HDFS_DIR = "hdfs";

  static final String CACHE_DIR = "ssd";

  private final MiniDFSCluster cluster;
  private final DemoSettings settings;
  private final HddEmulator hdd;

  private DemoCluster(MiniDFSCluster cluster, DemoSettings settings) {
    this.cluster = cluster;
    this.settings = settings;
    this.hdd = HddEmulator.of(settings.hdd());
  }

  static DemoCluster start(Path base, DemoSettings s) throws IOException {
    Configuration conf = new HdfsConfiguration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.resolve(HDFS_DIR).toString());
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, s.blockBytes());
    // Only the demo's reads should reach the emulated disks.
    conf.setInt(DFSConfigKeys.DFS_DATANODE_SCAN_PERIOD_HOURS_KEY, -1);
    conf.set(
        DFSConfigKeys.DFS_DATANODE_FSDATASET_FACTORY_KEY, LocalCacheDatasetFactory.class.getName());
    conf.set(CacheKeys.INNER_FACTORY, HddEmulatorDatasetFactory.class.getName());
    conf.set(CacheKeys.DIRS, CacheDirMarker.create(base.resolve(CACHE_DIR)).toString());
    conf.setLong(CacheKeys.CAPACITY, s.cacheBytesPerDataNode());
    conf.setInt(CacheKeys.ADMISSION_THRESHOLD, s.admissionThreshold());
    if (s.fillMode() != null) {
      conf.set(CacheKeys.FILL_MODE, s.fillMode().configName());
    }
    conf.setBoolean(CacheKeys.FILL_GUARD, s.guard());
    // The guard weighs fills against hits over its window; the demo runs minutes, not hours, so
    // it gets the same 1-minute window as admission (production default: 1 h).
    conf.set(CacheKeys.FILL_GUARD_WINDOW, "1m");
    // A 1-minute window in 6 buckets of 10 s (production: 60 x 1 min), so it slides during a run.
    conf.setInt(CacheKeys.ADMISSION_BUCKET_COUNT, 6);
    conf.set(CacheKeys.ADMISSION_BUCKET_DURATION, "10s");
    conf.setBoolean(CacheKeys.ENABLED, false);
    s.hdd().applyTo(conf);
    MiniDFSCluster c = new MiniDFSCluster.Builder(conf).numDataNodes(s.datanodes()).build();
    c.waitActive();
    return new DemoCluster(c, s);
  }

  DistributedFileSystem fs() throws IOException {
    return cluster.getFileSystem();
  }

  /** The DataNodes' data transfer addresses, in DataNode order (for favored-node writes). */
  List<java.net.InetSocketAddress> dataNodeAddresses() {
    List<java.net.InetSocketAddress> out = new java.util.ArrayList<>();
    for (org.apache.hadoop.hdfs.server.datanode.DataNode dn : cluster.getDataNodes()) {
      // Named as the DataNode names itself: the client compares favored and chosen nodes as
      // "host:port" text and warns on every file when they differ ("localhost" vs "127.0.0.1").
      out.add(
          java.net.InetSocketAddress.createUnresolved(
              dn.getDatanodeId().getHostName(), dn.getXferPort()));
    }
    return out;
  }

  HddEmulator hdd() {
    return hdd;
  }

  /**
   * Restarts the DataNodes with the cache enabled. MiniDFSCluster numbers data directories from the
   * count of running DataNodes, so after shutdownDataNodes() the new ones reuse data1..dataN and
   * find the written blocks.
   */
  void enableCache() throws IOException {
    Configuration on = new HdfsConfiguration(cluster.getConfiguration(0));
    on.setBoolean(CacheKeys.ENABLED, true);
    cluster.shutdownDataNodes();
    cluster.startDataNodes(on, settings.datanodes(), true, null, null);
    cluster.waitActive();
    try {
      cluster.waitFirstBRCompleted(0, 60_000);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IOException("DataNodes did not report their blocks within 60 s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted waiting for block reports", e);
    }
  }

  @Override
  public void close() {
    cluster.shutdown();
  }
}
