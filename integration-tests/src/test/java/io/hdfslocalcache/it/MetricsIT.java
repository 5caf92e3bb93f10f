package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.AlertRules;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.HostMetrics;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.ops.status.StatusCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an operator sees: the cache's metrics in each DataNode's {@code /jmx} and {@code /prom},
 * over HTTP, on a real two-DataNode MiniDFSCluster, and the status command against it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MetricsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  @TempDir static Path base;
  static CacheCluster c;

  @BeforeAll
  static void start() throws Exception {
    // One metrics system per JVM holds one sink named "prometheus": the first HTTP server with
    // the endpoint enabled registers it, later ones serve an empty /prom. So the NameNode starts
    // without it and the DataNodes with it, as on real hosts (one DataNode per JVM).
    c = CacheCluster.start(CacheCluster.conf(base), 0);
    Configuration dnConf = new Configuration(c.conf);
    dnConf.setBoolean("hadoop.prometheus.endpoint.enabled", true);
    // A shadow candidate beside each cache: its record, and the shadow feed's metrics the alert
    // rules query, are in /prom too.
    dnConf.set(CacheKeys.SHADOW_CANDIDATES, "real");
    c.cluster.startDataNodes(dnConf, 2, true, null, null);
    c.cluster.waitActive();
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  @Test
  @Order(1)
  void jmx_twoDataNodes_oneBeanPerDataNodeNamedByUuid() throws Exception {
    List<String> expected = new ArrayList<>();
    for (DataNode dn : c.cluster.getDataNodes()) {
      expected.add("Hadoop:service=DataNode,name=LocalCache-" + dn.getDatanodeUuid());
    }
    // Both DataNodes live in this JVM, so each one's /jmx lists both beans.
    List<String> names = new ArrayList<>();
    for (JsonNode bean : beans(c.cluster.getDataNodes().get(0), "LocalCache-*")) {
      names.add(bean.get("name").asText());
      assertEquals(
          bean.get("name").asText(),
          "Hadoop:service=DataNode,name=LocalCache-" + bean.get("tag.DatanodeUuid").asText());
      // A half-upgraded fleet shows which DataNode runs which cache version.
      assertEquals(
          io.hdfslocalcache.datanode.metrics.BuildVersion.get(),
          bean.get("tag." + io.hdfslocalcache.metrics.MetricSources.TAG_VERSION).asText());
      assertTrue(bean.get("tag.LocalCacheVersion").asText().matches("\\d+\\.\\d+\\.\\d+.*"));
    }
    assertEquals(new java.util.TreeSet<>(expected), new java.util.TreeSet<>(names));
    assertEquals(2, names.size());
  }

  @Test
  @Order(1)
  void jmx_eachDataNode_oneBeanPerCacheDirectoryTaggedWithIt() throws Exception {
    for (DataNode dn : c.cluster.getDataNodes()) {
      String uuid = dn.getDatanodeUuid();
      List<JsonNode> dirs = beans(dn, "LocalCacheDirectory-" + uuid + "-*");
      assertEquals(1, dirs.size(), "one configured directory");
      JsonNode d = dirs.get(0);
      assertEquals(
          "Hadoop:service=DataNode,name=LocalCacheDirectory-" + uuid + "-0",
          d.get("name").asText());
      assertEquals(base.resolve("ssd").toString(), d.get("tag.Directory").asText());
      assertEquals("0", d.get("tag.DirectoryIndex").asText());
      assertEquals(uuid, d.get("tag.DatanodeUuid").asText());
      assertEquals(String.valueOf(dn.getInfoPort()), d.get("tag.HttpPort").asText());
      assertEquals(1, d.get("in.service").asInt());
      assertTrue(d.get("capacity").asLong() > 0);
      assertTrue(d.has("used") && d.has("guard.state") && d.has("open.micros"), d.toString());
      // the DataNode-wide bean no longer carries directory numbers in its names
      bean(dn).fieldNames().forEachRemaining(f -> assertFalse(f.startsWith("store.dir"), f));
    }
  }

  @Test
  @Order(2)
  void jmx_afterHddThenCachedReads_countersMoveOnTheReadingDataNodeOnly() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/metrics.bin");
    int length = CacheCluster.BLOCK - 4321; // one block, so on one DataNode
    c.write(p, length, (short) 1, 7);
    List<LocatedBlock> located =
        c.fs.getClient().getLocatedBlocks(p.toString(), 0, length).getLocatedBlocks();
    DatanodeInfo holderInfo = located.get(0).getLocations()[0];
    for (LocatedBlock lb : located) {
      assertEquals(holderInfo, lb.getLocations()[0], "all blocks on one DataNode");
    }
    int holder = -1;
    for (int i = 0; i < 2; i++) {
      if (c.cluster.getDataNodes().get(i).getXferPort() == holderInfo.getXferPort()) {
        holder = i;
      }
    }
    DataNode dn = c.cluster.getDataNodes().get(holder);
    DataNode other = c.cluster.getDataNodes().get(1 - holder);
    CacheLifecycle cache = LocalCacheDatasetFactory.cacheOf(dn.getFSDataset());
    Map<String, Double> before = settled(dn, cache);
    Map<String, Double> otherBefore =
        settled(other, LocalCacheDatasetFactory.cacheOf(other.getFSDataset()));

    c.readAll(p); // HDD, counted for admission
    c.readAll(p); // HDD, admitted: fills queued
    CacheCluster.await(
        "blocks cached",
        () -> {
          try {
            return c.blocks(p).stream().allMatch(cache::isCached);
          } catch (IOException e) {
            return false;
          }
        });
    c.readAll(p); // from the cache

    Map<String, Double> after = settled(dn, cache);
    int blocks = located.size();
    assertEquals(blocks, delta(after, before, ReadPathMetrics.HITS));
    assertEquals(2 * blocks, delta(after, before, ReadPathMetrics.MISSES));
    assertEquals(2 * blocks, delta(after, before, ReadPathMetrics.HDD_READS));
    // Data plus meta (7-byte header and 4 bytes per 512-byte chunk) per read.
    double hdd = delta(after, before, ReadPathMetrics.BYTES_HDD);
    assertTrue(hdd >= 2.0 * length && hdd <= 2.0 * length * 1.02, "bytes.hdd " + hdd);
    double fromCache = delta(after, before, ReadPathMetrics.BYTES_CACHE);
    assertTrue(fromCache >= length && fromCache <= length * 1.02, "bytes.cache " + fromCache);
    assertTrue(delta(after, before, "read.latency.hdd.micros.count") > 0);
    assertTrue(delta(after, before, "read.latency.cache.micros.count") > 0);
    assertTrue(after.get("read.latency.hdd.micros.p99") > 0);
    assertEquals(0, after.get(ReadPathMetrics.HDD_STREAMS_OPEN), "every HDD stream closed");
    assertEquals(0, after.get(ReadPathMetrics.HDD_INFLIGHT));
    assertTrue(
        after.get(ReadPathMetrics.HIT_RATIO) > 0 && after.get(ReadPathMetrics.HIT_RATIO) < 1);
    assertTrue(after.get(ReadPathMetrics.BYTES_CACHE_RATIO) > 0);
    assertTrue(delta(after, before, "fill.completed") >= blocks);
    assertTrue(after.get(DirectoryMetrics.BLOCKS) >= blocks);
    assertTrue(
        beans(dn, "LocalCacheDirectory-" + dn.getDatanodeUuid() + "-0").get(0).get("used").asLong()
            > 0);
    if (Files.isReadable(Path.of("/proc/stat"))) {
      assertTrue(after.get(HostMetrics.PROCS_BLOCKED) >= 0);
      assertTrue(after.get(HostMetrics.PROCS_RUNNING) >= 1, "this test itself is running");
    }
    Map<String, Double> otherAfter =
        settled(other, LocalCacheDatasetFactory.cacheOf(other.getFSDataset()));
    assertEquals(0, delta(otherAfter, otherBefore, ReadPathMetrics.HITS));
    assertEquals(0, delta(otherAfter, otherBefore, ReadPathMetrics.BYTES_HDD));
  }

  @Test
  @Order(3)
  void prom_endpointEnabled_listsCacheMetricsOfEachDataNode() throws Exception {
    List<String> uuids = c.cluster.getDataNodes().stream().map(DataNode::getDatanodeUuid).toList();
    String[] body = new String[1];
    CacheCluster.await(
        "cache metrics in /prom",
        () -> {
          try {
            // The DataNode that started first owns the JVM's sink; its /prom lists every source.
            body[0] =
                get(c.cluster.getDataNodes().get(0), "/prom")
                    + get(c.cluster.getDataNodes().get(1), "/prom");
          } catch (Exception e) {
            return false;
          }
          return uuids.stream()
              .allMatch(
                  u ->
                      body[0]
                          .lines()
                          .anyMatch(
                              l ->
                                  l.startsWith("local_cache_read_hits{")
                                      && l.contains("\"" + u + "\"")));
        });
    Files.writeString(Path.of("target", "metrics-it-prom.txt"), body[0]);
    for (String metric :
        List.of(
            "local_cache_read_bytes_cache",
            "local_cache_read_bytes_hdd",
            "local_cache_read_hit_ratio",
            "local_cache_host_procs_blocked",
            "local_cache_read_latency_hdd_micros_p99",
            "local_cache_directory_capacity")) {
      assertTrue(body[0].lines().anyMatch(l -> l.startsWith(metric + "{")), metric);
    }
    // One series per directory, labelled with it; no directory number in any name.
    String dir = "directory=\"" + base.resolve("ssd") + "\"";
    for (String u : uuids) {
      assertTrue(
          body[0]
              .lines()
              .anyMatch(
                  l ->
                      l.startsWith("local_cache_directory_in_service{")
                          && l.contains(dir)
                          && l.contains("directoryindex=\"0\"")
                          && l.contains("datanodeuuid=\"" + u + "\"")
                          && l.endsWith(" 1")),
          "in_service of " + u);
    }
    assertTrue(body[0].lines().noneMatch(l -> l.startsWith("local_cache_store_dir")));
    // One series per shadow candidate, labelled with it.
    for (String u : uuids) {
      assertTrue(
          body[0]
              .lines()
              .anyMatch(
                  l ->
                      l.startsWith("local_cache_shadow_byte_hit_ratio{")
                          && l.contains("candidate=\"real\"")
                          && l.contains("datanodeuuid=\"" + u + "\"")),
          "shadow candidate of " + u);
    }
    assertTrue(body[0].lines().noneMatch(l -> l.startsWith("local_cache_shadow_candidate")));
    // Totals are counters, values now gauges; each with its description.
    String text = body[0];
    assertTrue(text.contains("# TYPE local_cache_read_hits counter\n"));
    assertTrue(text.contains("# TYPE local_cache_admission_early_bucket_drops counter\n"));
    assertTrue(text.contains("# TYPE local_cache_directory_guard_transitions counter\n"));
    assertTrue(text.contains("# TYPE local_cache_directory_used gauge\n"));
    assertTrue(
        text.contains(
            "# HELP local_cache_read_hits Client block reads (BlockSender opens) served from the"
                + " cache, since start.\n"),
        "a real description");
    assertTrue(
        text.lines()
            .noneMatch(
                l -> l.startsWith("# HELP local_cache") && l.contains("docs/monitoring.md")));
    // Every metric the shipped dashboard and alert rules query exists in a real DataNode's /prom.
    java.util.Set<String> names = new java.util.TreeSet<>();
    text.lines().filter(l -> l.startsWith("# TYPE ")).forEach(l -> names.add(l.split(" ")[2]));
    java.util.Set<String> used = new java.util.TreeSet<>(AlertRules.names(AlertRules.load()));
    assertTrue(used.containsAll(AlertRules.DATANODE_METRICS), used.toString());
    String dashboard = Files.readString(Path.of("..", "conf", "grafana-dashboard.json"));
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("local_cache_[a-z0-9_]+").matcher(dashboard);
    while (m.find()) {
      used.add(m.group());
    }
    used.removeAll(names);
    assertEquals(java.util.Set.of(), used, "queried by conf/, not in /prom");
  }

  @Test
  @Order(4)
  void status_liveDataNode_printsItsSummary() throws Exception {
    DataNode dn = c.cluster.getDataNodes().get(1);
    Files.writeString(
        Path.of("target", "metrics-it-jmx.json"),
        get(
            dn,
            "/jmx?qry="
                + URLEncoder.encode(
                    "Hadoop:service=DataNode,name=LocalCache*", StandardCharsets.UTF_8)));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc =
        StatusCommand.run(
            new String[] {"--datanode", "localhost:" + dn.getInfoPort()},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    String text = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
    assertTrue(text.contains("(DataNode " + dn.getDatanodeUuid()), text);
    assertTrue(
        text.contains(", cache " + io.hdfslocalcache.datanode.metrics.BuildVersion.get() + ")"),
        text);
    assertTrue(text.contains("block reads"), text);
    assertTrue(text.contains("dir0"), text);
    assertTrue(text.lines().count() < 25, "one screen:\n" + text);
  }

  @Test
  @Order(5)
  void status_fleetFromTheNameNode_oneLinePerLiveDataNodeAndTotal() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc =
        StatusCommand.run(
            new String[] {
              "--namenode", "localhost:" + c.cluster.getNameNode().getHttpAddress().getPort()
            },
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    String text = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
    for (DataNode dn : c.cluster.getDataNodes()) {
      String line =
          text.lines()
              .filter(l -> l.split(" ")[0].endsWith(":" + dn.getInfoPort()))
              .findFirst()
              .orElseThrow(
                  () -> new AssertionError("no line for " + dn.getInfoPort() + ":\n" + text));
      // no directory out, any number slow (a read over 50 ms on a loaded machine), no bypass, the
      // admission threshold in use
      assertTrue(line.matches(".*\\s0/1\\s+\\d+\\s+off\\s+\\d+$"), line);
    }
    // the second test's reads: a hit ratio of 1 in 3 over the fleet
    assertTrue(
        text.lines().anyMatch(l -> l.startsWith("TOTAL (2 of 2)") && l.contains("33.3%")), text);
  }

  @Test
  @Order(6)
  void close_dataNodeStopped_beanGoneAndBackAfterRestart() throws Exception {
    DataNode survivor = c.cluster.getDataNodes().get(0);
    String stoppedUuid = c.cluster.getDataNodes().get(1).getDatanodeUuid();
    DataNodeProperties props = c.cluster.stopDataNode(1);
    assertEquals(List.of("LocalCache-" + survivor.getDatanodeUuid()), beanNames(survivor));
    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
    List<String> names = beanNames(survivor);
    assertEquals(2, names.size(), names.toString());
    assertTrue(names.contains("LocalCache-" + stoppedUuid), names.toString());
  }

  private static List<String> beanNames(DataNode dn) throws Exception {
    List<String> out = new ArrayList<>();
    for (JsonNode b : beans(dn, "LocalCache-*")) {
      out.add(b.get("name").asText().replace("Hadoop:service=DataNode,name=", ""));
    }
    out.sort(null);
    return out;
  }

  private static double delta(Map<String, Double> after, Map<String, Double> before, String k) {
    assertTrue(after.containsKey(k), "JMX has " + k);
    return after.get(k) - before.getOrDefault(k, 0.0);
  }

  /**
   * The DataNode's bean read over HTTP once it agrees with the cache's own registry (JMX is a
   * snapshot refreshed once per metrics period) and no read is in flight.
   */
  private static Map<String, Double> settled(DataNode dn, CacheLifecycle cache) throws Exception {
    @SuppressWarnings("unchecked")
    Map<String, Double>[] seen = new Map[1];
    CacheCluster.await(
        "JMX of " + dn.getDatanodeUuid() + " matching the registry",
        () -> {
          try {
            seen[0] = numbers(bean(dn));
          } catch (Exception e) {
            return false;
          }
          for (String k :
              List.of(
                  ReadPathMetrics.HITS,
                  ReadPathMetrics.MISSES,
                  ReadPathMetrics.BYTES_CACHE,
                  ReadPathMetrics.BYTES_HDD,
                  "fill.completed")) {
            if (seen[0].get(k) == null
                || seen[0].get(k).longValue() != cache.metrics().counter(k).getCount()) {
              return false;
            }
          }
          return seen[0].get(ReadPathMetrics.HDD_STREAMS_OPEN) == 0.0;
        });
    return seen[0];
  }

  private static JsonNode bean(DataNode dn) throws Exception {
    List<JsonNode> b = beans(dn, "LocalCache-" + dn.getDatanodeUuid());
    assertEquals(1, b.size());
    return b.get(0);
  }

  private static List<JsonNode> beans(DataNode dn, String name) throws Exception {
    String body =
        get(
            dn,
            "/jmx?qry="
                + URLEncoder.encode(
                    "Hadoop:service=DataNode,name=" + name, StandardCharsets.UTF_8));
    List<JsonNode> out = new ArrayList<>();
    JSON.readTree(body).get("beans").forEach(out::add);
    return out;
  }

  private static Map<String, Double> numbers(JsonNode bean) {
    Map<String, Double> out = new TreeMap<>();
    bean.fields()
        .forEachRemaining(
            e -> {
              if (e.getValue().isNumber()) {
                out.put(e.getKey(), e.getValue().asDouble());
              }
            });
    return out;
  }

  private static String get(DataNode dn, String path) throws Exception {
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://localhost:" + dn.getInfoPort() + path))
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), path);
    return r.body();
  }
}
