package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.simulator.trace.EventLog;
import io.hdfslocalcache.simulator.trace.Op;
import io.hdfslocalcache.simulator.trace.Placement;
import io.hdfslocalcache.simulator.trace.TestTraces;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReplicaPlacementTest {
  @TempDir Path dir;

  /** The lines each of {@code n} DataNodes gets of {@code lines}. */
  private static List<String> spread(int n, String... lines) throws Exception {
    List<ByteArrayOutputStream> outs = new ArrayList<>();
    List<OutputStream> files = new ArrayList<>();
    for (int d = 0; d < n; d++) {
      outs.add(new ByteArrayOutputStream());
      files.add(outs.get(d));
    }
    try (ReplicaPlacement p = new ReplicaPlacement(files, 1)) {
      p.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.ISO_8859_1));
    }
    return outs.stream().map(o -> o.toString(StandardCharsets.ISO_8859_1)).toList();
  }

  @Test
  void write_writeOnThreeDataNodes_everyReplicaLogsItUnderItsOwnId() throws Exception {
    List<String> got =
        spread(3, FleetLogs.line("10:00:00,000", "HDFS_WRITE", FleetLogs.A, 7, 1, 9));
    for (int d = 0; d < 3; d++) {
      assertEquals(
          FleetLogs.line("10:00:00,000", "HDFS_WRITE", Placement.id(d), 7, 1, 9) + "\n",
          got.get(d));
    }
  }

  @Test
  void write_readOnThreeDataNodes_oneReplicaServesIt() throws Exception {
    List<String> got = spread(3, FleetLogs.line("10:00:00,000", "HDFS_READ", FleetLogs.A, 7, 1, 9));
    assertEquals(1, got.stream().filter(s -> !s.isEmpty()).count(), got.toString());
  }

  @Test
  void write_fiveDataNodes_eachBlockOnThreeOfThem() throws Exception {
    List<String> lines = new ArrayList<>();
    for (int b = 0; b < 50; b++) {
      lines.add(FleetLogs.line("10:00:00,000", "HDFS_WRITE", FleetLogs.A, b, 1, 9));
    }
    List<String> got = spread(5, lines.toArray(String[]::new));
    Map<Long, Integer> holders = new HashMap<>();
    for (String log : got) {
      for (String line : log.lines().toList()) {
        long b = Long.parseLong(line.replaceAll(".*blk_(\\d+)_.*", "$1"));
        holders.merge(b, 1, Integer::sum);
      }
    }
    assertEquals(50, holders.size());
    assertTrue(holders.values().stream().allMatch(h -> h == 3), holders.toString());
    assertTrue(got.stream().noneMatch(String::isEmpty), "50 blocks land on all 5 DataNodes");
  }

  @Test
  void generate_threeDataNodes_replicasOnAllAndEveryReadOnOne() throws Exception {
    Path out = dir.resolve("fleet.log");
    StringWriter err = new StringWriter();
    CommandLine cl = Cli.commandLine(new GenerateCommand());
    cl.setErr(new PrintWriter(err, true));
    int exit =
        cl.execute(
            "--shape",
            "interactive:reads=20000,blocks=3000",
            "--datanodes",
            "3",
            "--out",
            "" + out);
    assertEquals(0, exit, err.toString());
    Path single = dir.resolve("single.log");
    assertEquals(
        0,
        Cli.commandLine(new GenerateCommand())
            .execute("--shape", "interactive:reads=20000,blocks=3000", "--out", "" + single));
    Trace whole = parse(single);
    long reads = 0;
    Set<Long> writtenEverywhere = null;
    for (int d = 1; d <= 3; d++) {
      Path file = dir.resolve("fleet-dn" + d + ".log");
      assertTrue(Files.readString(file).contains("srvID: " + Placement.id(d - 1) + ","));
      Trace t = parse(file);
      reads += t.stats().reads();
      assertEquals(whole.stats().writes(), t.stats().writes(), "every write on every replica");
      Set<Long> written = written(t);
      writtenEverywhere = writtenEverywhere == null ? written : writtenEverywhere;
      assertEquals(writtenEverywhere, written);
      assertTrue(t.stats().reads() > whole.stats().reads() / 5, "reads spread: " + t.stats());
    }
    assertEquals(whole.stats().reads(), reads, "every read on exactly one replica");
  }

  private static Trace parse(Path file) throws Exception {
    return TestTraces.parse(
        new ByteArrayInputStream(Files.readAllBytes(file)), TraceFormat.CLIENTTRACE);
  }

  private static Set<Long> written(Trace t) {
    Set<Long> out = new HashSet<>();
    for (EventLog.Chunk c : t.events().chunks()) {
      for (int i = 0; i < c.count(); i++) {
        if (Op.of(c.op[i]) == Op.WRITE) {
          out.add(t.blockId()[t.versionBlock()[c.version[i]]]);
        }
      }
    }
    return out;
  }
}
