package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Globs of several DataNodes' logs: one cache per DataNode, files in time order, fleet summed. */
class FleetTraceTest {
  @TempDir Path dir;

  record Outcome(int exit, String err) {}

  static Outcome simulate(String... args) {
    StringWriter err = new StringWriter();
    CommandLine cl = Cli.commandLine(new SimulateCommand());
    cl.setErr(new PrintWriter(err, true));
    return new Outcome(cl.execute(args), err.toString());
  }

  /** simulate with admit-all and a 1 MiB cache over {@code traces}, JSON to {@code json}. */
  static Outcome admitAll(Path json, String... traces) {
    List<String> args = new ArrayList<>();
    for (String t : traces) {
      args.add("--trace");
      args.add(t);
    }
    args.addAll(List.of("--cache-size", "1m", "--policy", "admit-all", "--json", json.toString()));
    return simulate(args.toArray(String[]::new));
  }

  /** The --json rows by their "datanode". */
  static Map<String, JsonNode> rows(Path json) throws Exception {
    JsonNode arr = new ObjectMapper().readTree(json.toFile());
    Map<String, JsonNode> out = new HashMap<>();
    arr.forEach(r -> out.put(r.get("datanode").asText(), r));
    return out;
  }

  /** What FleetLogs promises, for a run of admit-all over both DataNodes. */
  static void assertFleet(Map<String, JsonNode> rows) {
    assertEquals(3, rows.size(), rows.keySet().toString());
    JsonNode a = rows.get(FleetLogs.A);
    assertEquals(2, a.get("reads").asLong());
    assertEquals(0, a.get("hits").asLong());
    assertEquals(1, a.get("invalidations").asLong(), "a's rolled files replayed oldest first");
    JsonNode b = rows.get(FleetLogs.B);
    assertEquals(3, b.get("reads").asLong());
    assertEquals(2, b.get("hits").asLong());
    JsonNode fleet = rows.get("fleet (2)");
    assertEquals(5, fleet.get("reads").asLong());
    assertEquals(2, fleet.get("hits").asLong());
    assertEquals(0.4, fleet.get("hitRatio").asDouble(), 1e-12);
    assertEquals(5 * 512, fleet.get("readBytes").asLong());
    assertEquals(1, fleet.get("invalidations").asLong());
    assertEquals(
        a.get("diskHeadSecondsWithoutCache").asDouble()
            + b.get("diskHeadSecondsWithoutCache").asDouble(),
        fleet.get("diskHeadSecondsWithoutCache").asDouble(),
        1e-12);
    assertEquals(
        Math.max(
            a.get("peakDiskUtilizationWithoutCache").asDouble(),
            b.get("peakDiskUtilizationWithoutCache").asDouble()),
        fleet.get("peakDiskUtilizationWithoutCache").asDouble());
  }

  @Test
  void simulate_globOfTwoDataNodesLogs_perDataNodeAndFleetRows() throws Exception {
    FleetLogs.write(dir.resolve("logs"));
    Path json = dir.resolve("fleet.json");
    Path csv = dir.resolve("fleet.csv");
    Outcome o =
        simulate(
            "--trace",
            dir.resolve("logs") + "/dn-*",
            "--cache-size",
            "1m",
            "--policy",
            "admit-all",
            "--json",
            json.toString(),
            "--csv",
            csv.toString(),
            "-q");
    assertEquals(0, o.exit(), o.err());
    assertFleet(rows(json));
    List<String> lines = Files.readAllLines(csv);
    assertEquals(4, lines.size(), lines.toString());
    assertTrue(lines.get(0).startsWith("datanode,policy,fill,guard,cacheSizeBytes"), lines.get(0));
    assertTrue(
        lines.get(3).startsWith("\"fleet (2)\",admit-all")
            || lines.get(3).startsWith("fleet (2),admit-all"),
        lines.get(3));
  }

  @Test
  void simulate_replicasOnTwoDataNodesReadingOneBlock_fleetRowCarriesDuplicatesAndPooled()
      throws Exception {
    Files.write(
        dir.resolve("a.log"),
        List.of(FleetLogs.line("10:00:00,000", "HDFS_READ", FleetLogs.A, 1, 1, 516)));
    Files.write(
        dir.resolve("b.log"),
        List.of(FleetLogs.line("10:00:01,000", "HDFS_READ", FleetLogs.B, 1, 1, 516)));
    Path json = dir.resolve("fleet.json");
    Path csv = dir.resolve("fleet.csv");
    StringWriter out = new StringWriter();
    CommandLine cl = Cli.commandLine(new SimulateCommand());
    cl.setOut(new PrintWriter(out, true));
    PrintStream stdout = System.out;
    java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    int exit;
    try {
      exit =
          cl.execute(
              "--trace",
              dir + "/*.log",
              "--cache-size",
              "1m",
              "--policy",
              "admit-all",
              "--replicas",
              "on",
              "--json",
              json.toString(),
              "--csv",
              csv.toString(),
              "-q");
    } finally {
      System.setOut(stdout);
    }
    assertEquals(0, exit);
    Map<String, JsonNode> rows = rows(json);
    JsonNode fleet = rows.get("fleet (2)");
    long copy = 512 + 7 + 4; // 512 data bytes and their meta
    assertEquals(copy, fleet.get("duplicatedBytesEnd").asLong());
    assertEquals(copy, fleet.get("duplicatedBytesMean").asLong());
    assertEquals(0, fleet.get("hitBytes").asLong(), "each DataNode's own cache misses");
    assertEquals(512, fleet.get("pooledHitBytes").asLong(), "one cache: b's read hits a's fill");
    assertEquals(2L << 20, fleet.get("pooledCacheSizeBytes").asLong());
    assertTrue(rows.get(FleetLogs.A).get("duplicatedBytesEnd") == null);
    List<String> lines = Files.readAllLines(csv);
    assertTrue(lines.get(0).contains(",duplicatedBytesMean,"), lines.get(0));
    assertTrue(lines.get(3).contains("," + copy + "," + copy + "," + copy + ","), lines.get(3));
    String text = printed.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("replicas, 2 DataNodes"), text);
    assertTrue(text.contains("pooledByteHit%"), text);
  }

  @Test
  void simulate_twoDataNodesReplicasOff_noReplicaFigures() throws Exception {
    FleetLogs.write(dir.resolve("logs"));
    Path json = dir.resolve("fleet.json");
    assertEquals(0, admitAll(json, dir.resolve("logs") + "/dn-*").exit());
    assertTrue(rows(json).get("fleet (2)").get("pooledHitBytes") == null);
  }

  @Test
  void simulate_fileUrisAndRepeatedTrace_sameAsTheGlob() throws Exception {
    FleetLogs.write(dir.resolve("logs"));
    Path json = dir.resolve("fleet.json");
    Outcome o =
        admitAll(
            json,
            dir.resolve("logs").toUri() + "dn-a.log*",
            dir.resolve("logs").resolve("dn-b.log.gz").toUri().toString());
    assertEquals(0, o.exit(), o.err());
    assertFleet(rows(json));
  }

  @Test
  void simulate_globMatchingNothing_oneLineExit1() {
    Outcome o = simulate("--trace", dir.resolve("none") + "/*.log", "--cache-size", "1m", "-q");
    assertEquals(Cli.FAILED, o.exit(), o.err());
    assertTrue(o.err().contains("no such file: " + dir.resolve("none") + "/*.log"), o.err());
    assertEquals(1, o.err().strip().lines().count(), o.err());
  }

  @Test
  void simulate_csvFilesWithoutDataNodeIds_eachFileADataNode() throws Exception {
    String header = "timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length\n";
    Files.writeString(dir.resolve("x.csv"), header + "0,p,1,1,READ,0,10\n1,p,1,1,READ,0,10\n");
    Files.writeString(dir.resolve("y.csv"), header + "0,p,1,1,READ,0,10\n");
    Path json = dir.resolve("out.json");
    Outcome o = admitAll(json, dir + "/*.csv");
    assertEquals(0, o.exit(), o.err());
    Map<String, JsonNode> rows = rows(json);
    // the same block on two DataNodes is two caches: y's read misses although x cached it
    assertEquals(1, rows.get(dir.resolve("x.csv").toString()).get("hits").asLong());
    assertEquals(0, rows.get(dir.resolve("y.csv").toString()).get("hits").asLong());
    assertEquals(1, rows.get("fleet (2)").get("hits").asLong());
  }
}
