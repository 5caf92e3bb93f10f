package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.FillOutcome;
import io.hdfslocalcache.metrics.MetricFamily;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.test.GenericTestUtils.LogCapturer;
import org.apache.log4j.Level;

/**
 * The read every secured-cluster IT makes, once per fill mode: a client with the cluster's security
 * settings writes a file to one DataNode, reads it twice from the HDD (the second read admits it
 * and the cache fills), then reads it from the cache. Before that last read each block's HDD data
 * file is made rotten, so right bytes prove that the hit was served from the SSD, independently of
 * the cache's own counters (which must say the same: hits counted, nothing from the HDD). Without
 * the cache the rotten replica fails the client's checksum and the read fails.
 */
final class SecuredReads {
  /** Four 64 KB pages a block: small, as every byte crosses the wire encrypted several times. */
  private static final int BLOCK = 256 * 1024;

  /** Two blocks, the second partial: a pread across them opens both. */
  private static final int LENGTH = BLOCK + 12345;

  private static final String FILLS_COMPLETED =
      MetricFamily.member(FillMetrics.OUTCOME, FillOutcome.COMPLETED);

  /** What a cached read must leave at zero: every way the read path touches the HDD. */
  private static final List<String> HDD_READ_COUNTERS =
      Arrays.asList(
          ReadPathMetrics.MISSES,
          ReadPathMetrics.HDD_READS,
          ReadPathMetrics.BYTES_HDD,
          ReadPathMetrics.BYTES_UNCACHED_HDD,
          ReadPathMetrics.BYTES_FALLBACK_HDD);

  private static final List<String> COUNTED =
      Stream.concat(HDD_READ_COUNTERS.stream(), Stream.of(ReadPathMetrics.HITS, FILLS_COMPLETED))
          .collect(Collectors.toList());

  private SecuredReads() {}

  /**
   * The ITs' cache settings with block access tokens on: each secured setting tested needs them
   * (encrypted transfer and SASL derive their keys from the block keys).
   */
  static Configuration withBlockTokens(java.nio.file.Path base) {
    Configuration conf = CacheCluster.conf(base);
    conf.setBoolean(DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_KEY, true);
    return conf;
  }

  /**
   * Starts the NameNode, then one DataNode per fill mode in {@link FillMode} order, so DataNode
   * {@code mode.ordinal()} fills in {@code mode}.
   */
  static CacheCluster startOneDataNodePerFillMode(Configuration conf) throws IOException {
    CacheCluster c = CacheCluster.start(conf, 0);
    for (FillMode mode : FillMode.values()) {
      Configuration dnConf = new Configuration(conf);
      dnConf.set(CacheKeys.FILL_MODE, mode.configName());
      c.cluster.startDataNodes(dnConf, 1, true, null, null);
    }
    c.cluster.waitActive();
    return c;
  }

  /**
   * Writes {@code name} through {@code client} to the DataNode that fills in {@code mode}, and
   * checks the fill and the hit as the class comment says.
   */
  static void fillThenHit(
      CacheCluster c, java.nio.file.Path base, FileSystem client, FillMode mode, String name)
      throws Exception {
    DataNode dn = c.cluster.getDataNodes().get(mode.ordinal());
    CacheLifecycle cache = LocalCacheDatasetFactory.cacheOf(dn.getFSDataset());
    assertNotNull(cache, "the cache is active on DataNode " + mode.ordinal());
    assertEquals(mode, CacheCluster.fillMode(dn.getConf()), "DataNode " + mode.ordinal());
    Path p = new Path("/" + name + "-" + mode.configName() + ".bin");
    byte[] data = CacheCluster.bytes(LENGTH, p.toString().hashCode());
    writeTo(dn, client, p, data);
    List<ExtendedBlock> blocks = c.blocks(p);

    Map<String, Long> cold = counts(cache);
    assertArrayEquals(data, DFSTestUtil.readFileAsBytes(client, p), "first read, from the HDD");
    assertArrayEquals(data, DFSTestUtil.readFileAsBytes(client, p), "second read, admits");
    CacheCluster.await(
        "blocks of " + p + " cached", () -> blocks.stream().allMatch(cache::isCached));
    // A fill is counted just after it is published.
    CacheCluster.await(
        "fills of " + p + " counted",
        () -> delta(counts(cache), cold, FILLS_COMPLETED) >= blocks.size());
    Map<String, Long> filled = counts(cache);
    assertEquals(2L * blocks.size(), delta(filled, cold, ReadPathMetrics.MISSES), "misses");

    for (ExtendedBlock b : blocks) {
      CacheCluster.flip(CacheCluster.hddBlockFile(base, b), b.getNumBytes() / 2);
    }
    assertArrayEquals(data, DFSTestUtil.readFileAsBytes(client, p), "cached read");
    assertEquals(blocks.size(), delta(counts(cache), filled, ReadPathMetrics.HITS), "hits");
    int from = BLOCK - 1000;
    assertArrayEquals(
        Arrays.copyOfRange(data, from, from + 5000), pread(client, p, from, 5000), "pread");
    Map<String, Long> hit = counts(cache);
    assertEquals(blocks.size() + 2, delta(hit, filled, ReadPathMetrics.HITS), "hits, with a pread");
    for (String hdd : HDD_READ_COUNTERS) {
      assertEquals(0, delta(hit, filled, hdd), hdd + " on cached reads");
    }
  }

  /** One replica, on {@code dn} (a favoured node the NameNode must honour). */
  private static void writeTo(DataNode dn, FileSystem client, Path p, byte[] data)
      throws IOException {
    DistributedFileSystem dfs = (DistributedFileSystem) client;
    // By IP, unresolved: the client names a favoured node by its host name, and the NameNode
    // knows a MiniDFSCluster DataNode by IP only ("localhost" would be ignored).
    InetSocketAddress favoured =
        InetSocketAddress.createUnresolved(dn.getDatanodeId().getIpAddr(), dn.getXferPort());
    try (FSDataOutputStream out =
        dfs.create(
            p,
            FsPermission.getFileDefault(),
            true,
            4096,
            (short) 1,
            BLOCK,
            null,
            new InetSocketAddress[] {favoured})) {
      out.write(data);
    }
    for (LocatedBlock lb : dfs.getClient().getLocatedBlocks(p.toString(), 0).getLocatedBlocks()) {
      assertEquals(
          dn.getXferPort(), lb.getLocations()[0].getXferPort(), "replica on the chosen DataNode");
    }
  }

  /** Reads that may throw, for {@link #debugLogOf}. */
  interface Reads {
    void run() throws Exception;
  }

  /**
   * What {@code source} logs at DEBUG while {@code reads} run: Hadoop says which protection or
   * cipher a data-transfer handshake chose only there.
   */
  static String debugLogOf(Class<?> source, Reads reads) throws Exception {
    org.apache.log4j.Logger log = org.apache.log4j.Logger.getLogger(source);
    Level before = log.getLevel();
    log.setLevel(Level.DEBUG);
    LogCapturer capture = LogCapturer.captureLogs(log);
    try {
      reads.run();
      return capture.getOutput();
    } finally {
      capture.stopCapturing();
      log.setLevel(before);
    }
  }

  private static byte[] pread(FileSystem client, Path p, long pos, int len) throws IOException {
    byte[] buf = new byte[len];
    try (FSDataInputStream in = client.open(p)) {
      in.readFully(pos, buf);
    }
    return buf;
  }

  private static Map<String, Long> counts(CacheLifecycle cache) {
    Map<String, Long> out = new HashMap<>();
    for (String name : COUNTED) {
      out.put(name, cache.metrics().counter(name).getCount());
    }
    return out;
  }

  private static long delta(Map<String, Long> after, Map<String, Long> before, String name) {
    return after.get(name) - before.get(name);
  }
}
