package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.datanode.shadow.ShadowFeed;
import io.hdfslocalcache.metrics.MetricSources;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.io.FileInputStream;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Short-circuit opens, counted per DataNode in {@code read.short_circuit.opens}, in cache mode and
 * in shadow mode: the reads co-located clients make from the HDD files, which neither the cache nor
 * a shadow candidate sees. Counted exactly as the DataNode's own {@code BlocksGetLocalPathInfo}
 * counts the same requests (it counts failed ones too; these succeed).
 *
 * <p>The legacy reader ({@code dfs.client.use.legacy.blockreader.local}) is a real client end to
 * end: it asks the DataNode for the block files' paths over RPC and reads them itself. The
 * descriptor reader needs libhadoop's {@code DomainSocket}, which no Maven artifact ships (this
 * machine has none): its DataNode side is tested from {@code
 * DataNode.requestShortCircuitFdsForRead} down, the method {@code
 * DataXceiver.requestShortCircuitFds} calls once the socket is checked, with the reason descriptor
 * passing is off (no native library) cleared for the call.
 */
class ShortCircuitIT {
  @TempDir Path base;
  CacheCluster c;

  private void start(String mode) throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.MODE, mode);
    if (mode.equals("shadow")) {
      conf.set(CacheKeys.SHADOW_CANDIDATES, "same");
    }
    conf.set("dfs.block.local-path-access.user", System.getProperty("user.name"));
    c = CacheCluster.start(conf, 1);
  }

  @AfterEach
  void stop() {
    if (c != null) {
      c.close();
    }
  }

  private DataNode dn() {
    return c.cluster.getDataNodes().get(0);
  }

  private long opens() {
    return CacheCluster.sourceMetric(
        MetricSources.SOURCE_PREFIX + dn().getDatanodeUuid(), ReadPathMetrics.SHORT_CIRCUIT_OPENS);
  }

  /** The DataNode's own count of short-circuit requests, both kinds. */
  private long hadoopCount() {
    return CacheCluster.sourceMetric(dn().getMetrics().name(), "BlocksGetLocalPathInfo");
  }

  /** A client on the DataNode's host with the legacy short-circuit reader on. */
  private FileSystem legacyClient() throws Exception {
    Configuration conf = new Configuration(c.cluster.getConfiguration(0));
    conf.setBoolean("dfs.client.read.shortcircuit", true);
    conf.setBoolean("dfs.client.use.legacy.blockreader.local", true);
    // Client settings live in a JVM-wide context per name; the default one has short-circuit off.
    conf.set("dfs.client.context", "legacy-short-circuit-" + dn().getDatanodeUuid());
    return FileSystem.newInstance(c.cluster.getURI(), conf);
  }

  private byte[] readLocally(org.apache.hadoop.fs.Path p, int len) throws Exception {
    byte[] got = new byte[len];
    try (FileSystem fs = legacyClient();
        FSDataInputStream in = fs.open(p)) {
      in.readFully(got);
    }
    return got;
  }

  /** One descriptor request, as DataXceiver makes it; returns the files' streams. */
  private FileInputStream[] requestDescriptors(ExtendedBlock b) throws Exception {
    Field off = DataNode.class.getDeclaredField("fileDescriptorPassingDisabledReason");
    off.setAccessible(true);
    Object reason = off.get(dn());
    off.set(dn(), null);
    try {
      Method request =
          DataNode.class.getDeclaredMethod(
              "requestShortCircuitFdsForRead", ExtendedBlock.class, Token.class, int.class);
      request.setAccessible(true);
      FileInputStream[] fds = (FileInputStream[]) request.invoke(dn(), b, new Token<>(), 1);
      for (InputStream in : fds) {
        in.close();
      }
      return fds;
    } finally {
      off.set(dn(), reason);
    }
  }

  @Test
  void cacheMode_legacyReaderReadsThreeBlocks_threeOpensCountedAndTheCacheSawNoRead()
      throws Exception {
    start("cache");
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/local.bin");
    int len = 2 * CacheCluster.BLOCK + 4321;
    byte[] data = c.write(p, len, (short) 1, 7);
    long hadoopBefore = hadoopCount();
    long seenBefore = c.counter(ReadPathMetrics.HITS) + c.counter(ReadPathMetrics.MISSES);

    assertArrayEquals(data, readLocally(p, len));

    assertEquals(3, opens(), "one path request per block");
    assertEquals(hadoopCount() - hadoopBefore, opens(), "as the DataNode counts them");
    assertEquals(
        seenBefore,
        c.counter(ReadPathMetrics.HITS) + c.counter(ReadPathMetrics.MISSES),
        "the cache saw none of these reads");
  }

  @Test
  void cacheMode_descriptorRequestsOfACachedBlock_eachCountedAndGivenTheHddFiles()
      throws Exception {
    start("cache");
    org.apache.hadoop.fs.Path p = path("/fds.bin");
    byte[] data = c.cachedFile("/fds.bin", 100_000);
    ExtendedBlock b = c.blocks(p).get(0);
    long hadoopBefore = hadoopCount();

    FileInputStream[] files = requestDescriptors(b);
    assertEquals(2, files.length, "data and meta");
    // The HDD replica's files (Hadoop's FileIoProvider wraps them), never a cached copy.
    for (FileInputStream f : files) {
      assertEquals("WrappedFileInputStream", f.getClass().getSimpleName());
    }
    requestDescriptors(b);

    assertEquals(2, opens());
    assertEquals(2, hadoopCount() - hadoopBefore);
    assertArrayEquals(data, c.readAll(p)); // a TCP read is not one
    assertEquals(2, opens());
  }

  @Test
  void shadowMode_bothKinds_countedAndNotFedToTheModels() throws Exception {
    start("shadow");
    ShadowFeed feed = LocalCacheDatasetFactory.shadowOf(dn().getFSDataset()).orElseThrow();
    org.apache.hadoop.fs.Path p = path("/shadow-local.bin");
    int len = CacheCluster.BLOCK + 10;
    byte[] data = c.write(p, len, (short) 1, 9);
    long applied = feed.applied();

    assertArrayEquals(data, readLocally(p, len)); // two blocks, two path requests
    requestDescriptors(c.blocks(p).get(0));
    assertEquals(3, opens());

    // One TCP read of one block: the feed applies exactly its event, none for the opens before it
    // (events are applied in order, so any of theirs would have come first).
    c.pread(p, 0, 1000);
    ShadowIT.awaitApplied(feed, applied, 1);
  }

  private static org.apache.hadoop.fs.Path path(String s) {
    return new org.apache.hadoop.fs.Path(s);
  }
}
