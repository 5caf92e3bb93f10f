package io.hdfslocalcache.bench.e2e;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.datanode.dir.DirectoryStats;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.ReadRoute;
import java.io.IOException;
import java.util.Locale;
import java.util.Random;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * One side of the comparison: a 1-DataNode MiniDFSCluster, stock or with the cache in one fill
 * mode, holding the same bench file (same bytes on every side). Each side has its own NameNode; the
 * idle ones' heartbeats cost every round alike.
 */
final class Side implements AutoCloseable {
  /** What serves the reads. */
  enum Kind {
    STOCK,
    PAGES,
    BLOCK;

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    boolean cached() {
      return this != STOCK;
    }
  }

  static final Path FILE = new Path("/e2e");
  static final long BLOCK_SIZE = 128L << 20;
  private static final int CHUNK = 1 << 20;

  /**
   * DataNodeMetrics' count of packets BlockSender sent with transferTo (its
   * sendDataPacketTransferNanos rate, added to only on that path).
   */
  static final String TRANSFER_PACKETS = "SendDataPacketTransferNanosNumOps";

  final Kind kind;
  final long length;
  private final MiniDFSCluster cluster;
  private final DistributedFileSystem fs;

  private Side(Kind kind, long length, MiniDFSCluster cluster) throws IOException {
    this.kind = kind;
    this.length = length;
    this.cluster = cluster;
    this.fs = cluster.getFileSystem();
  }

  /**
   * Starts the side's cluster under {@code dir} and writes the bench file of {@code length}; its
   * reads then ask for checksums or, with {@code verify} false, for none.
   */
  static Side start(Kind kind, java.nio.file.Path dir, long length, boolean verify)
      throws IOException {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("dfs").toString());
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK_SIZE);
    // The scanner would read blocks from the HDD in the middle of a round.
    conf.setInt(DFSConfigKeys.DFS_DATANODE_SCAN_PERIOD_HOURS_KEY, -1);
    if (kind.cached()) {
      conf.set(
          DFSConfigKeys.DFS_DATANODE_FSDATASET_FACTORY_KEY,
          LocalCacheDatasetFactory.class.getName());
      conf.set(CacheKeys.DIRS, CacheDirMarker.create(dir.resolve("ssd")).toString());
      conf.setLong(CacheKeys.CAPACITY, 2 * length + (256L << 20));
      conf.set(CacheKeys.FILL_MODE, kind.label());
      // Admit on the first read, fill at once: the bench measures hits, not admission.
      conf.setInt(CacheKeys.ADMISSION_THRESHOLD, 0);
      conf.setLong(CacheKeys.FILL_BANDWIDTH, 0);
      conf.setBoolean(CacheKeys.FILL_GUARD, false);
    }
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    Side side = new Side(kind, length, cluster);
    side.write();
    side.fs.setVerifyChecksum(verify);
    return side;
  }

  private void write() throws IOException {
    byte[] chunk = new byte[CHUNK];
    try (FSDataOutputStream out = fs.create(FILE, (short) 1)) {
      for (long off = 0; off < length; off += CHUNK) {
        fill(chunk, off);
        out.write(chunk, 0, (int) Math.min(CHUNK, length - off));
      }
    }
  }

  /** The bytes of the bench file at {@code off}: the same on every side. */
  private static void fill(byte[] chunk, long off) {
    new Random(off).nextBytes(chunk);
  }

  FSDataInputStream open() throws IOException {
    return fs.open(FILE);
  }

  /** CRC32 of the whole file as this side serves it. */
  long crc() throws IOException {
    CRC32 crc = new CRC32();
    byte[] buf = new byte[CHUNK];
    try (FSDataInputStream in = open()) {
      int n;
      while ((n = in.read(buf)) > 0) {
        crc.update(buf, 0, n);
      }
    }
    return crc.getValue();
  }

  /** CRC32 of the bytes written, computed without reading them back. */
  static long expectedCrc(long length) {
    CRC32 crc = new CRC32();
    byte[] chunk = new byte[CHUNK];
    for (long off = 0; off < length; off += CHUNK) {
      fill(chunk, off);
      crc.update(chunk, 0, (int) Math.min(CHUNK, length - off));
    }
    return crc.getValue();
  }

  private DataNode dataNode() {
    return cluster.getDataNodes().get(0);
  }

  /** The side's counters now: what proves a round read what it should. */
  Counters counters() {
    long hits = 0;
    long hddBytes = 0;
    long hddReads = 0;
    if (kind.cached()) {
      CacheLifecycle cache = LocalCacheDatasetFactory.cacheOf(dataNode().getFSDataset());
      hits = count(cache, ReadPathMetrics.HITS);
      hddReads = count(cache, ReadPathMetrics.HDD_READS);
      hddBytes =
          count(cache, ReadPathMetrics.BYTES_HDD)
              + count(cache, ReadPathMetrics.BYTES_FALLBACK_HDD)
              + count(cache, ReadPathMetrics.BYTES_UNCACHED_HDD);
    }
    return new Counters(transferPackets(), hits, hddBytes, hddReads);
  }

  /**
   * Where the side's page reads run now, from its directory's {@code read.route} gauge (the bench
   * gives a cache side one directory). Stock reads a block on the reader's own thread: {@link
   * ReadRoute#CALLER}.
   */
  ReadRoute readRoute() {
    if (!kind.cached()) {
      return ReadRoute.CALLER;
    }
    CacheLifecycle cache = LocalCacheDatasetFactory.cacheOf(dataNode().getFSDataset());
    String name = DirectoryStats.dir(0, DirectoryMetrics.READ_ROUTE);
    com.codahale.metrics.Gauge<?> g = cache.metrics().getGauges().get(name);
    if (g == null) {
      throw new IllegalStateException("the " + kind.label() + " side has no gauge " + name);
    }
    int code = ((Number) g.getValue()).intValue();
    for (ReadRoute r : ReadRoute.values()) {
      if (r.code == code) {
        return r;
      }
    }
    throw new IllegalStateException(name + " = " + code + " is no read route");
  }

  /** The cache side's non-zero read counters and its read route: what a failed check shows. */
  String describeReads() {
    if (!kind.cached()) {
      return "stock";
    }
    CacheLifecycle cache = LocalCacheDatasetFactory.cacheOf(dataNode().getFSDataset());
    StringBuilder b = new StringBuilder("read.route " + readRoute().code);
    cache
        .metrics()
        .getCounters()
        .forEach(
            (name, c) -> {
              if (c.getCount() != 0 && (name.startsWith("read.") || name.contains(".read"))) {
                b.append(", ").append(name).append(' ').append(c.getCount());
              }
            });
    return b.toString();
  }

  private static long count(CacheLifecycle cache, String name) {
    return cache.metrics().counter(name).getCount();
  }

  /** The DataNode's own count of transferTo packets, from its metrics source. */
  private long transferPackets() {
    String name = dataNode().getMetrics().name();
    MetricsSource source = DefaultMetricsSystem.instance().getSource(name);
    if (source == null) {
      throw new IllegalStateException("no metrics source " + name + " for the DataNode");
    }
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    source.getMetrics(collector, true);
    for (MetricsRecord r : collector.getRecords()) {
      for (AbstractMetric m : r.metrics()) {
        if (m.name().equals(TRANSFER_PACKETS)) {
          return m.value().longValue();
        }
      }
    }
    throw new IllegalStateException("DataNode metrics " + name + " have no " + TRANSFER_PACKETS);
  }

  @Override
  public void close() {
    cluster.shutdown();
  }
}
