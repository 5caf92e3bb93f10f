package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.model.policy.ThresholdTuner;
import io.hdfslocalcache.ops.status.FakePacing;
import io.hdfslocalcache.ops.status.Pacing;
import io.hdfslocalcache.ops.status.StatusCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code status} against a real two-DataNode cluster whose web UIs demand authentication, as a
 * Kerberos cluster's do; here Hadoop's simple authentication with anonymous access off (no KDC in a
 * unit test): an unauthenticated GET gets 401, and status goes through Hadoop's AuthenticatedURL,
 * the path SPNEGO takes. Then the fleet form, --json and --watch, whose rates are checked on a fake
 * clock (each interval exactly 10 s) against the counters the cache itself kept.
 */
class StatusIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @TempDir static Path base;
  static CacheCluster c;

  @BeforeAll
  static void start() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(
        "hadoop.http.filter.initializers",
        "org.apache.hadoop.security.AuthenticationFilterInitializer");
    conf.set("hadoop.http.authentication.type", "simple");
    conf.setBoolean("hadoop.http.authentication.simple.anonymous.allowed", false);
    // Whole blocks: a block once cached serves every later read (the watch test counts hits).
    conf.set(CacheKeys.FILL_MODE, "block");
    c = CacheCluster.start(conf, 2);
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  private static String nameNode() {
    return "localhost:" + c.cluster.getNameNode().getHttpAddress().getPort();
  }

  private record Run(int exit, String out, String err) {}

  private static Run status(Pacing pacing, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc =
        StatusCommand.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            pacing);
    return new Run(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void webUi_withoutAuthentication_refused() throws Exception {
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://" + nameNode() + "/jmx")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(401, r.statusCode(), "the cluster's web UI must demand authentication");
  }

  @Test
  void fleet_authenticatedThroughHadoop_linePerDataNodeAndTotal() {
    Run r = status(Pacing.system(), "--namenode", nameNode());
    assertEquals(0, r.exit(), r.err());
    for (DataNode dn : c.cluster.getDataNodes()) {
      assertTrue(
          r.out().lines().anyMatch(l -> l.split(" ")[0].endsWith(":" + dn.getInfoPort())), r.out());
    }
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("TOTAL (2 of 2)")), r.out());
    // Each DataNode's threshold in use (the gauge admission.threshold), not n/a.
    assertTrue(
        r.out()
            .lines()
            .filter(l -> !l.startsWith("DATANODE") && !l.startsWith("Totals since"))
            .allMatch(l -> l.matches(".*\\s\\d+(-\\d+)?")),
        r.out());
    assertTrue(!r.out().contains("UNREACHABLE"), r.out());
  }

  @Test
  void singleDataNodeJson_authenticated_figuresAndBean() throws Exception {
    DataNode dn = c.cluster.getDataNodes().get(1);
    Run r = status(Pacing.system(), "--datanode", "localhost:" + dn.getInfoPort(), "--json");
    assertEquals(0, r.exit(), r.err());
    JsonNode json = JSON.readTree(r.out());
    assertEquals("OK", json.get("state").asText());
    assertEquals(dn.getDatanodeUuid(), json.get("jmx").get("tag.DatanodeUuid").asText());
    assertEquals(1, json.get("dirs").asLong());
    // The threshold in use, within the range the tuner moves the cluster's configured 1 in.
    long threshold = json.get("admissionThreshold").asLong();
    assertTrue(
        threshold >= ThresholdTuner.lowest(1) && threshold <= ThresholdTuner.ceiling(1),
        json.toString());
  }

  @Test
  void watchFleetJson_ratesOverEachIntervalNotTotalsSinceStart() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/watched.bin");
    c.write(p, CacheCluster.BLOCK, (short) 1, 3); // one block: one DataNode holds it
    int holder = holder(p);
    DataNode dn = c.cluster.getDataNodes().get(holder);
    CacheLifecycle cache = c.cache(holder);
    c.readAll(p);
    c.readAll(p); // admitted at the test threshold of 1
    CacheCluster.await(
        "blocks cached",
        () -> {
          try {
            return c.blocks(p).stream().allMatch(cache::isCached);
          } catch (java.io.IOException e) {
            return false;
          }
        });
    long before = settled(dn, cache);
    long[] after = new long[1];
    FakePacing clock =
        new FakePacing(
            interval -> {
              if (interval == 1) {
                for (int i = 0; i < 3; i++) {
                  c.readAll(p); // three hits, from the cache
                }
                after[0] = settled(dn, cache);
              } // interval 2: nothing read
            });

    Run r = status(clock, "--namenode", nameNode(), "--watch", "10", "--count", "2", "--json");

    assertEquals(0, r.exit(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(2, lines.size(), r.out());
    JsonNode first = JSON.readTree(lines.get(0));
    JsonNode second = JSON.readTree(lines.get(1));
    assertEquals(10.0, first.get("seconds").asDouble());
    JsonNode row = row(first, dn);
    assertEquals("OK", row.get("state").asText());
    assertEquals(3, row.get("hits").asLong());
    assertEquals(0, row.get("misses").asLong());
    assertEquals((after[0] - before) / 10.0, row.get("bytesCachePerSecond").asDouble(), 1e-9);
    assertTrue(after[0] - before >= 3L * CacheCluster.BLOCK, "data and checksums from the cache");
    assertEquals(3, first.get("total").get("hits").asLong());
    // Nothing read in the second interval: zero, although the totals since start are not.
    assertEquals(0, row(second, dn).get("hits").asLong());
    assertEquals(0.0, row(second, dn).get("bytesCachePerSecond").asDouble());
    assertEquals("TOTAL (2 of 2)", second.get("total").get("datanode").asText());
  }

  /** The DataNode holding the single replica of every block of {@code p}. */
  private static int holder(org.apache.hadoop.fs.Path p) throws Exception {
    int port =
        c.fs
            .getClient()
            .getLocatedBlocks(p.toString(), 0, Long.MAX_VALUE)
            .getLocatedBlocks()
            .get(0)
            .getLocations()[0]
            .getXferPort();
    for (int i = 0; i < c.cluster.getDataNodes().size(); i++) {
      if (c.cluster.getDataNodes().get(i).getXferPort() == port) {
        return i;
      }
    }
    throw new AssertionError("no DataNode with transfer port " + port);
  }

  private static JsonNode row(JsonNode interval, DataNode dn) {
    for (JsonNode row : interval.get("datanodes")) {
      if (row.get("datanode").asText().endsWith(":" + dn.getInfoPort())) {
        return row;
      }
    }
    throw new AssertionError("no row for " + dn.getInfoPort() + " in " + interval);
  }

  /**
   * Waits until the DataNode's JMX shows the cache's own hit, miss and byte counters (JMX is a
   * snapshot refreshed once per metrics period: a miss of the admitting reads seen only after the
   * first interval began would count in it); returns read.bytes.cache.
   */
  private static long settled(DataNode dn, CacheLifecycle cache) throws Exception {
    long[] seen = new long[1];
    CacheCluster.await(
        "JMX of " + dn.getDatanodeUuid() + " matching the registry",
        () -> {
          try {
            JsonNode bean = bean(dn);
            seen[0] = bean.get(ReadPathMetrics.BYTES_CACHE).asLong();
            return seen[0] == cache.metrics().counter(ReadPathMetrics.BYTES_CACHE).getCount()
                && bean.get(ReadPathMetrics.HITS).asLong()
                    == cache.metrics().counter(ReadPathMetrics.HITS).getCount()
                && bean.get(ReadPathMetrics.MISSES).asLong()
                    == cache.metrics().counter(ReadPathMetrics.MISSES).getCount();
          } catch (Exception e) {
            return false;
          }
        });
    return seen[0];
  }

  /** The DataNode's cache bean, authenticated the simple way (user.name) as the UI demands. */
  private static JsonNode bean(DataNode dn) throws Exception {
    String query =
        URLEncoder.encode(
            "Hadoop:service=DataNode,name=LocalCache-" + dn.getDatanodeUuid(),
            StandardCharsets.UTF_8);
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create(
                        "http://localhost:" + dn.getInfoPort() + "/jmx?user.name=it&qry=" + query))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), r.body());
    return JSON.readTree(r.body()).get("beans").get(0);
  }
}
