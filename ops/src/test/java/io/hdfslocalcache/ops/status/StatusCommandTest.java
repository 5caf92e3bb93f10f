package io.hdfslocalcache.ops.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StatusCommandTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final AtomicReference<String> body = new AtomicReference<>();
  private final List<FakeWebUi> servers = new ArrayList<>();

  @AfterEach
  void stop() {
    servers.forEach(FakeWebUi::close);
  }

  private int run(String... args) {
    return StatusCommand.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /** A local stand-in for a DataNode's HTTP server answering /jmx with {@link #body}. */
  private FakeWebUi serve(int status) throws Exception {
    FakeWebUi s = new FakeWebUi(status, body::get);
    servers.add(s);
    return s;
  }

  private void assertOneLineError(String contains) {
    String e = err();
    assertEquals(1, e.lines().count(), e);
    assertTrue(e.startsWith("hdfs-local-cache status: "), e);
    assertTrue(e.contains(contains), e);
    assertEquals("", out());
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void run_noArguments_usageErrorExit2() {
    assertEquals(2, run());
    assertOneLineError("Missing required argument");
    assertTrue(err().contains("--datanode") && err().contains("--namenode"), err());
  }

  @Test
  void run_unknownArgument_exit2() {
    assertEquals(2, run("--datanode", "dn1:9864", "--verbose"));
    assertOneLineError("Unknown option: '--verbose'");
  }

  @Test
  void run_badValues_exit2() {
    assertEquals(2, run("--datanode", "dn1"));
    assertOneLineError("needs a port");
    err.reset();
    assertEquals(2, run("--datanode=dn1:9864", "--timeout", "soon"));
    assertOneLineError("'soon' is not a long");
    err.reset();
    assertEquals(2, run("--datanode", "ftp://dn1:21"));
    assertOneLineError("only http and https");
    err.reset();
    assertEquals(2, run("--datanode"));
    assertOneLineError("Missing required parameter for option '--datanode'");
    err.reset();
    assertEquals(2, run("--datanode", "dn1:9864", "--namenode", "nn:9870"));
    assertOneLineError("mutually exclusive");
    err.reset();
    assertEquals(2, run("--datanode", "dn1:9864", "--count", "3"));
    assertOneLineError("--count needs --watch");
    err.reset();
    assertEquals(2, run("--namenode", "nn:9870", "--watch", "0"));
    assertOneLineError("--watch must be a positive number of seconds");
  }

  @Test
  void run_portOutOfRange_usageErrorExit2() {
    // Once "unexpected error: java.lang.IllegalStateException: ... port out of range:99999", exit
    // 1.
    assertEquals(2, run("--datanode", "dn1:99999"));
    assertOneLineError("'dn1:99999'");
    err.reset();
    assertEquals(2, run("--namenode", "https://nn:70000"));
    assertOneLineError("'https://nn:70000'");
  }

  @Test
  void run_help_usageOnStdoutExit0() {
    assertEquals(0, run("--help"));
    assertTrue(out().startsWith("Usage: hdfs-local-cache status"), out());
    assertTrue(out().contains("--watch=SECONDS"), out());
  }

  @Test
  void run_nothingListening_exit1OneLine() throws Exception {
    int port = freePort();
    assertEquals(1, run("--datanode", "localhost:" + port, "--timeout", "5"));
    assertOneLineError("cannot connect to http://localhost:" + port);
  }

  @Test
  void run_dataNodeWithTwoBeans_printsTheOneOnItsPort() throws Exception {
    FakeWebUi dn = serve(200);
    body.set(withPort(StatusReportTest.sample(), "40241", dn.port()));
    assertEquals(0, run("--datanode", dn.address()), err());
    assertTrue(
        out()
            .startsWith(
                "hdfs-local-cache on "
                    + dn.address()
                    + "  (DataNode 9b33571d-ac4c-4224-a8e8-aaa44b5cb010"),
        out());
    assertEquals("qry=" + Jmx.CACHE_QUERY, dn.lastQuery.get());
  }

  @Test
  void run_twoBeansNoneOnThisPort_exit1() throws Exception {
    FakeWebUi dn = serve(200);
    body.set(StatusReportTest.sample());
    assertEquals(1, run("--datanode", dn.address()));
    assertOneLineError("2 LocalCache beans");
  }

  @Test
  void run_noCacheBean_exit1SaysCacheNotActive() throws Exception {
    FakeWebUi dn = serve(200);
    body.set("{\"beans\" : [ ]}");
    assertEquals(1, run("--datanode", dn.address()));
    assertOneLineError("the cache is not active");
  }

  @Test
  void run_notJmxOrHttpError_exit1() throws Exception {
    FakeWebUi dn = serve(200);
    body.set("<html>hello</html>");
    assertEquals(1, run("--datanode", "http://" + dn.address()));
    assertOneLineError("did not answer with Hadoop JMX JSON");
    err.reset();
    FakeWebUi failing = serve(500);
    assertEquals(1, run("--datanode", failing.address()));
    assertOneLineError("HTTP 500");
  }

  @Test
  void run_json_oneObjectWithTheFiguresAndTheBean() throws Exception {
    FakeWebUi dn = serve(200);
    body.set(withPort(StatusReportTest.sample(), "40241", dn.port()));
    assertEquals(0, run("--datanode", dn.address(), "--json"), err());
    var json = Jmx.JSON.readTree(out());
    assertEquals("OK", json.get("state").asText());
    assertEquals(1, json.get("hits").asLong());
    assertEquals(2, json.get("misses").asLong());
    assertEquals(1.0 / 3, json.get("hitRatio").asDouble(), 1e-9);
    assertEquals(1052422, json.get("bytesCache").asLong());
    assertEquals(1, json.get("dirs").asLong());
    assertEquals(
        "9b33571d-ac4c-4224-a8e8-aaa44b5cb010", json.get("jmx").get("tag.DatanodeUuid").asText());
    assertEquals(1, out().lines().count(), "one object on one line");
  }

  @Test
  void run_namenode_oneLinePerDataNodeWhyNotForTheOthersAndTotal() throws Exception {
    FakeWebUi cached = serve(200);
    body.set(withPort(StatusReportTest.sample(), "40241", cached.port()));
    FakeWebUi uncached = new FakeWebUi(200, () -> "{\"beans\" : [ ]}");
    servers.add(uncached);
    int dead = freePort();
    FakeWebUi nn =
        new FakeWebUi(200, () -> FakeWebUi.nameNodeInfo(cached.port(), uncached.port(), dead));
    servers.add(nn);

    assertEquals(0, run("--namenode", nn.address(), "--timeout", "5"), err());
    List<String> lines = out().lines().toList();
    assertTrue(lines.get(0).startsWith("DATANODE") && lines.get(0).contains("FROM CACHE"), out());
    String cachedLine = line(lines, "localhost:" + cached.port());
    assertTrue(
        cachedLine.matches(
            ".*33\\.3%\\s+1\\.0 MiB\\s+2\\.0 MiB\\s+n/a\\s+1\\s+0\\s+0/1\\s+0\\s+n/a\\s+n/a"),
        out());
    assertTrue(line(lines, "localhost:" + uncached.port()).contains("NO_CACHE: "), out());
    assertTrue(line(lines, "localhost:" + dead).contains("UNREACHABLE: cannot connect"), out());
    assertTrue(line(lines, "TOTAL (1 of 3)").contains("33.3%"), out());
    assertEquals("qry=" + Jmx.NAMENODE_INFO, nn.lastQuery.get());
  }

  @Test
  void run_namenode_shadowModeDataNode_shownAsShadowNotCounted() throws Exception {
    FakeWebUi cached = serve(200);
    body.set(withPort(StatusReportTest.sample(), "40241", cached.port()));
    FakeWebUi shadow =
        new FakeWebUi(
            200,
            () ->
                "{\"beans\":[{\"name\":\"Hadoop:service=DataNode,name=LocalCache-u1\","
                    + "\"tag.DatanodeUuid\":\"u1\",\"shadow.feed.events\":5},"
                    + "{\"name\":\"Hadoop:service=DataNode,name=LocalCacheShadow-u1-t4\","
                    + "\"tag.DatanodeUuid\":\"u1\",\"tag.Candidate\":\"t4\",\"hits\":2}]}");
    servers.add(shadow);
    FakeWebUi nn = new FakeWebUi(200, () -> FakeWebUi.nameNodeInfo(cached.port(), shadow.port()));
    servers.add(nn);

    assertEquals(0, run("--namenode", nn.address(), "--timeout", "5"), err());
    List<String> lines = out().lines().toList();
    assertTrue(
        line(lines, "localhost:" + shadow.port()).contains("SHADOW: 1 candidates modelled"), out());
    assertTrue(line(lines, "TOTAL (1 of 2)").contains("33.3%"), out());
  }

  @Test
  void run_namenodeJson_dataNodesAndTotal() throws Exception {
    FakeWebUi dn = serve(200);
    body.set(withPort(StatusReportTest.sample(), "40241", dn.port()));
    FakeWebUi nn = new FakeWebUi(200, () -> FakeWebUi.nameNodeInfo(dn.port(), dn.port()));
    servers.add(nn);
    assertEquals(0, run("--namenode", nn.address(), "--json"), err());
    var json = Jmx.JSON.readTree(out());
    assertEquals(2, json.get("datanodes").size());
    assertEquals("TOTAL (2 of 2)", json.get("total").get("datanode").asText());
    assertEquals(2 * 1052422, json.get("total").get("bytesCache").asLong());
  }

  @Test
  void run_namenode_thresholdInUse_perDataNodeAndItsRangeInTheTotal() throws Exception {
    FakeWebUi a = dataNodeAt(15);
    FakeWebUi c = dataNodeAt(31);
    FakeWebUi nn = new FakeWebUi(200, () -> FakeWebUi.nameNodeInfo(a.port(), c.port()));
    servers.add(nn);

    assertEquals(0, run("--namenode", nn.address(), "--timeout", "5"), err());
    List<String> lines = out().lines().toList();
    assertTrue(lines.get(0).endsWith("BYPASS  THRESHOLD"), out());
    assertTrue(line(lines, "localhost:" + a.port()).endsWith("n/a         15"), out());
    assertTrue(line(lines, "localhost:" + c.port()).endsWith("n/a         31"), out());
    assertTrue(line(lines, "TOTAL (2 of 2)").endsWith("n/a      15-31"), out());

    out.reset();
    assertEquals(0, run("--namenode", nn.address(), "--json"), err());
    var json = Jmx.JSON.readTree(out());
    for (var row : json.get("datanodes")) {
      long expected = row.get("datanode").asText().endsWith(":" + a.port()) ? 15 : 31;
      assertEquals(expected, row.get("admissionThreshold").asLong(), row.toString());
    }
    var total = json.get("total");
    assertTrue(total.get("admissionThreshold").isNull(), total.toString());
    assertEquals(15, total.get("admissionThresholdMin").asLong());
    assertEquals(31, total.get("admissionThresholdMax").asLong());
  }

  @Test
  void run_datanodeJson_thresholdInUse() throws Exception {
    FakeWebUi dn = dataNodeAt(63);
    assertEquals(0, run("--datanode", dn.address(), "--json"), err());
    assertEquals(63, Jmx.JSON.readTree(out()).get("admissionThreshold").asLong());
  }

  @Test
  void run_datanodeJsonAndText_thresholdSinceAndShortCircuitOpens() throws Exception {
    FakeWebUi dn = serve(200);
    String admitted = "\"admission.admit\" : 1,";
    body.set(
        withPort(StatusReportTest.sample(), "40241", dn.port())
            .replace(
                admitted,
                admitted
                    + " \"admission.threshold\" : 7, \"admission.threshold.since\" :"
                    + " 1764259200000, \"read.short_circuit.opens\" : 6,"));
    assertEquals(0, run("--datanode", dn.address(), "--json"), err());
    var json = Jmx.JSON.readTree(out());
    assertEquals("2025-11-27T16:00:00Z", json.get("admissionThresholdSince").asText(), out());
    assertEquals(6, json.get("shortCircuitOpens").asLong(), out());

    out.reset();
    assertEquals(0, run("--datanode", dn.address()), err());
    assertTrue(out().contains("threshold 7 since 2025-11-27T16:00:00Z"), out());
    // 6 short-circuit opens beside the cache's 1 hit and 2 misses: 6 of 9 block opens
    assertTrue(
        out()
            .contains(
                "short-circuit      6 opens of HDD files by clients on this host,"
                    + " never through the cache (66.7% of block opens)"),
        out());
  }

  @Test
  void run_namenode_shortCircuitOpensPerDataNodeAndSummed() throws Exception {
    FakeWebUi a = dataNodeAt(15);
    FakeWebUi c = dataNodeAt(31);
    FakeWebUi nn = new FakeWebUi(200, () -> FakeWebUi.nameNodeInfo(a.port(), c.port()));
    servers.add(nn);
    assertEquals(0, run("--namenode", nn.address(), "--json"), err());
    var json = Jmx.JSON.readTree(out());
    for (var row : json.get("datanodes")) {
      assertEquals(4, row.get("shortCircuitOpens").asLong(), row.toString());
    }
    assertEquals(8, json.get("total").get("shortCircuitOpens").asLong());
    assertTrue(!json.get("total").has("admissionThresholdSince"), "a range has no one since");

    out.reset();
    assertEquals(0, run("--namenode", nn.address()), err());
    List<String> lines = out().lines().toList();
    assertTrue(lines.get(0).contains("FROM HDD  SC OPENS  FILLS"), out());
    assertTrue(line(lines, "TOTAL (2 of 2)").matches(".*MiB\\s+8\\s+2\\s+.*"), out());
  }

  @Test
  void run_datanodeJson_olderReleaseWithoutThreshold_null() throws Exception {
    FakeWebUi dn = serve(200);
    body.set(withPort(StatusReportTest.sample(), "40241", dn.port()));
    assertEquals(0, run("--datanode", dn.address(), "--json"), err());
    assertTrue(Jmx.JSON.readTree(out()).get("admissionThreshold").isNull(), out());
  }

  /** A DataNode whose cache bean reports {@code threshold} in use. */
  private FakeWebUi dataNodeAt(int threshold) throws Exception {
    AtomicReference<String> json = new AtomicReference<>();
    FakeWebUi dn = new FakeWebUi(200, json::get);
    servers.add(dn);
    json.set(withThreshold(withPort(StatusReportTest.sample(), "40241", dn.port()), threshold));
    return dn;
  }

  /** The sample's cache bean with the {@code admission.threshold} gauge a tuned DataNode has. */
  private static String withThreshold(String sample, int threshold) {
    String admitted = "\"admission.admit\" : 1,";
    assertTrue(sample.contains(admitted));
    return sample.replace(
        admitted,
        admitted
            + " \"admission.threshold\" : "
            + threshold
            + ", \"read.short_circuit.opens\" : 4,");
  }

  @Test
  void run_namenodeUnreachable_exit1() throws Exception {
    int port = freePort();
    assertEquals(1, run("--namenode", "localhost:" + port));
    assertOneLineError("cannot connect to http://localhost:" + port);
  }

  private static String line(List<String> lines, String start) {
    return lines.stream().filter(l -> l.startsWith(start)).findFirst().orElse("(none)");
  }

  static String withPort(String sample, String from, int port) {
    // The sample's other DataNode has a fixed port that the fake's ephemeral one can equal (CI saw
    // it: status then read the other bean): move that one to port 1, which is never ephemeral.
    String tag = "\"tag.HttpPort\" : \"";
    return sample
        .replace(tag + port + "\"", tag + "1\"")
        .replace(tag + from + "\"", tag + port + "\"");
  }
}
