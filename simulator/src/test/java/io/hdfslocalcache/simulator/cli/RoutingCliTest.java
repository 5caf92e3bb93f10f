package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hdfslocalcache.simulator.trace.BlockSample;
import io.hdfslocalcache.simulator.trace.Placement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --routing}, {@code --spread} and {@code --sample-blocks} from the command line. */
class RoutingCliTest {
  private static final String HEADER =
      "timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length\n";

  @TempDir Path dir;

  /** The --json rows by "datanode routing" (routing "-" when absent). */
  private static Map<String, JsonNode> rows(Path json) throws Exception {
    Map<String, JsonNode> out = new HashMap<>();
    new ObjectMapper()
        .readTree(json.toFile())
        .forEach(
            r ->
                out.put(
                    r.get("datanode").asText()
                        + " "
                        + (r.has("routing") ? r.get("routing").asText() : "-"),
                    r));
    return out;
  }

  /** Two DataNodes' logs, each reading block 1 once, both logs spanning 09:00 to 11:00. */
  private void twoReplicasReadOnce() throws Exception {
    for (String dn : List.of(FleetLogs.A, FleetLogs.B)) {
      String at = dn.equals(FleetLogs.A) ? "10:00:00,000" : "10:00:01,000";
      Files.write(
          dir.resolve(dn + ".log"),
          List.of(
              FleetLogs.line("09:00:00,000", "HDFS_WRITE", dn, 5, 1, 512),
              FleetLogs.line(at, "HDFS_READ", dn, 1, 1, 516),
              FleetLogs.line("11:00:00,000", "HDFS_WRITE", dn, 5, 1, 512)));
    }
  }

  private FleetTraceTest.Outcome simulate(Path json, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--cache-size", "1m", "--policy", "admit-all", "--json", json.toString(), "-q"));
    args.addAll(List.of(extra));
    return FleetTraceTest.simulate(args.toArray(String[]::new));
  }

  @Test
  void simulate_routingStockAndOwner_ownerSendsBothReadsToOneReplica() throws Exception {
    twoReplicasReadOnce();
    Path json = dir.resolve("out.json");
    Path csv = dir.resolve("out.csv");
    FleetTraceTest.Outcome o =
        simulate(
            json,
            "--trace",
            dir + "/*.log",
            "--replicas",
            "on",
            "--routing",
            "stock,owner",
            "--csv",
            csv.toString());
    assertEquals(0, o.exit(), o.err());
    Map<String, JsonNode> rows = rows(json);
    assertEquals(6, rows.size(), rows.keySet().toString());
    JsonNode stock = rows.get("fleet (2) stock");
    JsonNode owner = rows.get("fleet (2) owner");
    long copy = 512 + 7 + 4;
    assertEquals(copy, stock.get("duplicatedBytesEnd").asLong());
    assertEquals(0, stock.get("hitBytes").asLong());
    assertEquals(0, owner.get("duplicatedBytesEnd").asLong(), "one copy, on the owner");
    assertEquals(512, owner.get("hitBytes").asLong(), "the second read hits the owner's fill");
    assertEquals(stock.get("pooledHitBytes").asLong(), owner.get("pooledHitBytes").asLong());
    long a = rows.get(FleetLogs.A + " owner").get("reads").asLong();
    long b = rows.get(FleetLogs.B + " owner").get("reads").asLong();
    assertEquals(List.of(0L, 2L), a < b ? List.of(a, b) : List.of(b, a));
    assertEquals(1, rows.get(FleetLogs.A + " stock").get("reads").asLong());
    assertTrue(Files.readAllLines(csv).get(0).startsWith("datanode,routing,policy"));
  }

  @Test
  void simulate_spreadThree_oneLogReplayedAsThreeDataNodes() throws Exception {
    StringBuilder csv = new StringBuilder(HEADER);
    for (int i = 0; i < 300; i++) {
      csv.append(i).append(",p,").append(i % 20).append(",1,READ,0,1000\n");
    }
    Path trace = dir.resolve("one.csv");
    Files.writeString(trace, csv);
    Path json = dir.resolve("out.json");
    FleetTraceTest.Outcome o = simulate(json, "--trace", trace.toString(), "--spread", "3");
    assertEquals(0, o.exit(), o.err());
    Map<String, JsonNode> rows = rows(json);
    assertEquals(300, rows.get("fleet (3) -").get("reads").asLong());
    for (int d = 0; d < 3; d++) {
      long reads = rows.get(Placement.id(d) + " -").get("reads").asLong();
      assertTrue(reads > 60 && reads < 140, "DataNode " + d + ": " + reads);
    }
  }

  @Test
  void simulate_sampleBlocksHalf_keptBlocksReplayedAndTotalsScaledBack() throws Exception {
    BlockSample half = new BlockSample(0.5);
    StringBuilder csv = new StringBuilder(HEADER);
    long keptReads = 0;
    for (int i = 0; i < 400; i++) {
      int block = i % 40;
      csv.append(i).append(",p,").append(block).append(",1,READ,0,1000\n");
      keptReads += half.keeps(block) ? 1 : 0;
    }
    Path trace = dir.resolve("t.csv");
    Files.writeString(trace, csv);
    Path json = dir.resolve("out.json");
    FleetTraceTest.Outcome o =
        FleetTraceTest.simulate(
            "--trace",
            trace.toString(),
            "--cache-size",
            "128m",
            "--policy",
            "admit-all",
            "--sample-blocks",
            "0.5",
            "--json",
            json.toString());
    assertEquals(0, o.exit(), o.err());
    JsonNode r = new ObjectMapper().readTree(json.toFile());
    assertEquals(2 * keptReads, r.get("reads").asLong());
    assertEquals(128L << 20, r.get("cacheSizeBytes").asLong(), "the cache asked for");
  }

  @Test
  void simulate_badRoutingSpreadOrSample_oneLineErrorNamingIt() throws Exception {
    Path t = dir.resolve("t.csv");
    Files.writeString(t, HEADER + "0,p,1,1,READ,0,10\n");
    String trace = t.toString();
    assertError("needs --replicas on", "--trace", trace, "--routing", "owner");
    assertError("stock or owner", "--trace", trace, "--routing", "nearest");
    assertError("(0, 1]", "--trace", trace, "--sample-blocks", "0");
    assertError("(0, 1]", "--trace", trace, "--sample-blocks", "1.5");
    assertError("(0, 1]", "--trace", trace, "--sample-blocks", "a tenth");
    assertError("under 64 pages", "--trace", trace, "--sample-blocks", "0.01");
    assertError("--spread must be >= 1", "--trace", trace, "--spread", "0");
    Files.writeString(dir.resolve("u.csv"), HEADER + "0,p,1,1,READ,0,10\n");
    assertError("spreads one DataNode's log", "--trace", dir + "/*.csv", "--spread", "3");
  }

  @Test
  void simulate_eventsOnDiskOrHeap_sameRowsAndNoFileLeft() throws Exception {
    twoReplicasReadOnce();
    Path events = Files.createDirectory(dir.resolve("events"));
    Map<String, Map<String, JsonNode>> byPlace = new HashMap<>();
    for (String on : List.of("disk", "heap")) {
      Path json = dir.resolve(on + ".json");
      List<String> args =
          new ArrayList<>(
              List.of(
                  "--trace",
                  dir + "/*.log",
                  "--replicas",
                  "on",
                  "--routing",
                  "stock,owner",
                  "--events-on",
                  on));
      if (on.equals("disk")) {
        args.addAll(List.of("--events-dir", events.toString()));
      }
      FleetTraceTest.Outcome o = simulate(json, args.toArray(String[]::new));
      assertEquals(0, o.exit(), o.err());
      Map<String, JsonNode> rows = rows(json);
      rows.values()
          .forEach(
              r ->
                  ((ObjectNode) r)
                      .remove(List.of("elapsedSeconds", "eventsPerSecond", "parseSeconds")));
      byPlace.put(on, rows);
    }
    assertEquals(6, byPlace.get("disk").size());
    assertEquals(byPlace.get("heap"), byPlace.get("disk"));
    assertEquals(List.of(), List.of(events.toFile().list()), "the run's files are deleted");
  }

  @Test
  void simulate_eventsOnDiskAndALogFails_noFileLeft() throws Exception {
    twoReplicasReadOnce();
    String c = "c3c3c3c3-0000-4000-8000-00000000000c";
    Files.writeString(
        dir.resolve("z.log"),
        FleetLogs.line("10:00:00,000", "HDFS_READ", c, 1, 1, 516)
            .replace("bytes: 516", "bytes: x"));
    Path events = Files.createDirectory(dir.resolve("events"));
    FleetTraceTest.Outcome o =
        simulate(
            dir.resolve("out.json"),
            "--trace",
            dir + "/*.log",
            "--replicas",
            "on",
            "--strict",
            "--events-dir",
            events.toString());
    assertTrue(o.exit() != 0 && o.err().contains("malformed"), o.err());
    assertEquals(List.of(), List.of(events.toFile().list()), "the run's files are deleted");
  }

  @Test
  void simulate_badEventsOnOrDir_oneLineErrorNamingIt() throws Exception {
    twoReplicasReadOnce();
    String trace = dir + "/*.log";
    Path missing = dir.resolve("missing");
    assertError(
        "--events-on must be heap or disk, got 'ssd'", "--trace", trace, "--events-on", "ssd");
    assertError(
        "--events-dir " + missing + ": no such directory",
        "--trace",
        trace,
        "--replicas",
        "on",
        "--events-dir",
        missing.toString());
    assertError("they are on the heap here", "--trace", trace, "--events-dir", dir.toString());
  }

  private void assertError(String mentions, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--cache-size", "1m", "-q"));
    FleetTraceTest.Outcome o = FleetTraceTest.simulate(all.toArray(String[]::new));
    assertTrue(o.exit() != 0, "exit " + o.exit() + " for " + all);
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertTrue(o.err().contains(mentions), o.err());
    assertFalse(o.err().contains("\tat "), o.err());
  }
}
