package io.hdfslocalcache.it;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.settings.CacheMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.test.GenericTestUtils;

/** A real MiniDFSCluster with the cache installed on every DataNode, and helpers for tests. */
final class CacheCluster implements AutoCloseable {
  static final int BLOCK = 1024 * 1024;

  final MiniDFSCluster cluster;
  final DistributedFileSystem fs;
  final Configuration conf;

  private CacheCluster(MiniDFSCluster cluster, Configuration conf) throws IOException {
    this.cluster = cluster;
    this.fs = cluster.getFileSystem();
    this.conf = conf;
  }

  /**
   * System property naming the fill mode the ITs run in ({@code pages} or {@code block}); unset:
   * the configured default. The build runs the fault, restart and invalidation ITs in both.
   */
  static final String FILL_MODE_PROPERTY = "it.fill.mode";

  /**
   * Cache settings for tests: admits on the second read, small pages, 64 MB per directory, the fill
   * mode of {@link #FILL_MODE_PROPERTY}.
   */
  static Configuration conf(Path base) {
    Configuration conf = new Configuration();
    String mode = System.getProperty(FILL_MODE_PROPERTY, "").trim();
    if (!mode.isEmpty()) {
      conf.set(CacheKeys.FILL_MODE, mode);
    }
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.resolve("dfs").toString());
    conf.set(
        DFSConfigKeys.DFS_DATANODE_FSDATASET_FACTORY_KEY, LocalCacheDatasetFactory.class.getName());
    conf.set(CacheKeys.DIRS, base.resolve("ssd").toString());
    conf.set(CacheKeys.CAPACITY, "64m");
    conf.set(CacheKeys.PAGE_SIZE, "64k");
    conf.setInt(CacheKeys.ADMISSION_THRESHOLD, 1);
    // Tests count fills exactly; the guard's own tests turn it on.
    conf.setBoolean(CacheKeys.FILL_GUARD, false);
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK);
    conf.setInt(DFSConfigKeys.DFS_BYTES_PER_CHECKSUM_KEY, 512);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 512);
    conf.setInt(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 1);
    // The scanner would read every block at start-up and skew counters; tests that need it set it.
    conf.setInt(DFSConfigKeys.DFS_DATANODE_SCAN_PERIOD_HOURS_KEY, -1);
    FaultSwitch.install(conf);
    return conf;
  }

  /** The fill mode {@code conf} sets, or the default. */
  static FillMode fillMode(Configuration conf) {
    return CacheConfig.from(conf).fillPolicy().mode();
  }

  /** The fill mode of this cluster's DataNodes. */
  FillMode fillMode() {
    return fillMode(conf);
  }

  /** Starts a NameNode and {@code datanodes} DataNodes, the cache directories marked first. */
  static CacheCluster start(Configuration conf, int datanodes) throws IOException {
    return start(conf, new MiniDFSCluster.Builder(conf).numDataNodes(datanodes));
  }

  /**
   * Creates each cache directory of {@code conf} that does not exist yet with its marker, as an
   * operator sets up a mounted SSD (not in shadow mode, which must create nothing); one that exists
   * is left as the test made it. For a test that builds its MiniDFSCluster itself.
   */
  static void markDirs(Configuration conf) throws IOException {
    if (CacheConfig.from(conf).mode() != CacheMode.SHADOW) {
      for (Path dir : CacheConfig.from(conf).dirs()) {
        if (!Files.exists(dir)) {
          CacheDirMarker.create(dir);
        }
      }
    }
  }

  /** As {@link #start(Configuration, int)}, for a cluster the caller shapes (racks, hosts). */
  static CacheCluster start(Configuration conf, MiniDFSCluster.Builder builder) throws IOException {
    markDirs(conf);
    MiniDFSCluster c = builder.build();
    c.waitActive();
    return new CacheCluster(c, conf);
  }

  List<CacheLifecycle> caches() {
    List<CacheLifecycle> out = new ArrayList<>();
    for (DataNode dn : cluster.getDataNodes()) {
      out.add(LocalCacheDatasetFactory.cacheOf(dn.getFSDataset()));
    }
    return out;
  }

  CacheLifecycle cache(int dn) {
    return LocalCacheDatasetFactory.cacheOf(cluster.getDataNodes().get(dn).getFSDataset());
  }

  /** Gauge {@code name} of one DataNode's cache, as a long. */
  static long gauge(CacheLifecycle cache, String name) {
    return ((Number) cache.metrics().getGauges().get(name).getValue()).longValue();
  }

  /**
   * Packets DataNode {@code dn} has sent with transferTo: its own metric ({@code
   * SendDataPacketTransferNanos}, which BlockSender updates only on that path).
   */
  long transferToPackets(int dn) {
    return sourceMetric(
        cluster.getDataNodes().get(dn).getMetrics().name(), "SendDataPacketTransferNanosNumOps");
  }

  /**
   * Metric {@code name} of the metrics2 source {@code source} (a DataNode's own, or the cache's
   * {@code LocalCache-<uuid>}), read from the source now, not from JMX's periodic snapshot.
   */
  static long sourceMetric(String source, String name) {
    org.apache.hadoop.metrics2.impl.MetricsCollectorImpl got =
        new org.apache.hadoop.metrics2.impl.MetricsCollectorImpl();
    org.apache.hadoop.metrics2.lib.DefaultMetricsSystem.instance()
        .getSource(source)
        .getMetrics(got, true);
    for (org.apache.hadoop.metrics2.MetricsRecord r : got.getRecords()) {
      for (org.apache.hadoop.metrics2.AbstractMetric m : r.metrics()) {
        if (m.name().equals(name)) {
          return m.value().longValue();
        }
      }
    }
    throw new IllegalStateException("no " + name + " in " + source);
  }

  long counter(String name) {
    long sum = 0;
    for (CacheLifecycle c : caches()) {
      sum += c.metrics().counter(name).getCount();
    }
    return sum;
  }

  byte[] write(org.apache.hadoop.fs.Path p, int length, short replication, long seed)
      throws IOException {
    byte[] data = bytes(length, seed);
    try (FSDataOutputStream out = fs.create(p, true, 4096, replication, BLOCK)) {
      out.write(data);
    }
    return data;
  }

  static byte[] bytes(int length, long seed) {
    byte[] data = new byte[length];
    new java.util.Random(seed).nextBytes(data);
    return data;
  }

  byte[] readAll(org.apache.hadoop.fs.Path p) throws IOException {
    long len = fs.getFileStatus(p).getLen();
    byte[] buf = new byte[(int) len];
    try (FSDataInputStream in = fs.open(p)) {
      IOUtils.readFully(in, buf, 0, buf.length);
    }
    return buf;
  }

  byte[] pread(org.apache.hadoop.fs.Path p, long pos, int len) throws IOException {
    byte[] buf = new byte[len];
    try (FSDataInputStream in = fs.open(p)) {
      in.readFully(pos, buf);
    }
    return buf;
  }

  List<ExtendedBlock> blocks(org.apache.hadoop.fs.Path p) throws IOException {
    List<ExtendedBlock> out = new ArrayList<>();
    for (LocatedBlock lb :
        fs.getClient().getLocatedBlocks(p.toString(), 0, Long.MAX_VALUE).getLocatedBlocks()) {
      out.add(lb.getBlock());
    }
    return out;
  }

  /**
   * Writes {@code name} (one replica, on DataNode 0), reads it twice so the test threshold of 1
   * admits every block, and waits until all of them are cached there.
   */
  byte[] cachedFile(String name, int len) throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(name);
    byte[] data = write(p, len, (short) 1, name.hashCode());
    readAll(p);
    readAll(p);
    awaitCached(p);
    return data;
  }

  /** Waits until every block of {@code p} is cached on DataNode 0. */
  void awaitCached(org.apache.hadoop.fs.Path p) throws TimeoutException, InterruptedException {
    CacheLifecycle cache = cache(0);
    await(
        "cached " + p,
        () -> {
          try {
            return blocks(p).stream().allMatch(cache::isCached);
          } catch (IOException e) {
            return false;
          }
        });
  }

  /**
   * Polls (no fixed sleeps as proof): state changes are asynchronous in HDFS and in fills. Hadoop's
   * one await helper, with what was awaited named in the failure.
   */
  static void await(String what, BooleanSupplier cond)
      throws TimeoutException, InterruptedException {
    await(what, cond, 30_000);
  }

  static void await(String what, BooleanSupplier cond, int timeoutMillis)
      throws TimeoutException, InterruptedException {
    try {
      GenericTestUtils.waitFor(cond::getAsBoolean, 20, timeoutMillis);
    } catch (TimeoutException e) {
      TimeoutException named = new TimeoutException("timed out waiting for " + what);
      named.initCause(e);
      throw named;
    }
  }

  /** Flips one byte of {@code file} at {@code at}: bit rot. */
  static void flip(Path file, long at) throws IOException {
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
      f.seek(at);
      int v = f.read();
      f.seek(at);
      f.write(v ^ 0x5a);
    }
  }

  /** The HDD block file of {@code b} under the cluster's {@code base/dfs}. */
  static Path hddBlockFile(Path base, ExtendedBlock b) throws IOException {
    try (java.util.stream.Stream<Path> s = java.nio.file.Files.walk(base.resolve("dfs"))) {
      return s.filter(f -> f.getFileName().toString().equals("blk_" + b.getBlockId()))
          .findFirst()
          .orElseThrow();
    }
  }

  FileSystem fileSystem() {
    return fs;
  }

  /** The fault hooks of this cluster's DataNodes, off until the test sets them. */
  FaultSwitch faults() {
    return FaultSwitch.of(conf);
  }

  @Override
  public void close() {
    cluster.shutdown();
    faults().unregister();
  }
}
