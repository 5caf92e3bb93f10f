package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.model.AdmissionTuning;
import io.hdfslocalcache.model.policy.PolicyType;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CommandTest {
  private static final List<String> REQUIRED_FIELDS =
      List.of(
          "policy",
          "fill",
          "guard",
          "cacheSizeBytes",
          "reads",
          "readBytes",
          "hits",
          "partialHits",
          "hitRatio",
          "byteHitRatio",
          "ssdBytesWritten",
          "hddBytesRead",
          "admissions",
          "pageFills",
          "fillsDeniedCost",
          "fillsDeniedWriteBudget",
          "guardTransitions",
          "evictions",
          "invalidations",
          "malformedLines",
          "skippedLines",
          "diskHeadSecondsWithCache",
          "diskHeadSecondsWithoutCache",
          "peakDiskUtilizationWithCache",
          "peakDiskUtilizationWithoutCache",
          "elapsedSeconds",
          "eventsPerSecond");

  @TempDir Path dir;

  private record Outcome(int exit, String err) {}

  private static Outcome run(Object command, String... args) {
    StringWriter err = new StringWriter();
    CommandLine cl = Cli.commandLine(command);
    cl.setErr(new PrintWriter(err, true));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    return new Outcome(cl.execute(args), err.toString());
  }

  /** {@code --version} names the tools' release; it printed an empty line before. */
  @Test
  void version_everyCommand_namesTheTools() {
    for (Object command :
        List.of(new SimulateCommand(), new SweepCommand(), new GenerateCommand())) {
      StringWriter out = new StringWriter();
      CommandLine cl = Cli.commandLine(command);
      cl.setOut(new PrintWriter(out, true));
      assertEquals(0, cl.execute("--version"));
      assertTrue(out.toString().startsWith("hdfs-local-cache "), command + ": '" + out + "'");
    }
  }

  /** {@code --policy}'s help is read off the registry: it left out {@code schedule} before. */
  @Test
  void help_simulate_namesEveryRegisteredPolicy() {
    StringWriter out = new StringWriter();
    CommandLine cl = Cli.commandLine(new SimulateCommand());
    cl.setOut(new PrintWriter(out, true));
    assertEquals(0, cl.execute("--help"));
    String help = out.toString().replaceAll("\\s+", "");
    for (PolicyType type : PolicyType.values()) {
      assertTrue(help.contains(type.usage()), type.usage() + " not in: " + out);
    }
  }

  private Path csvTrace(String... rows) throws Exception {
    Path f = dir.resolve("t.csv");
    Files.writeString(
        f,
        "timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length\n"
            + String.join("\n", rows)
            + "\n");
    return f;
  }

  private static void assertOneLineError(Outcome o, String mentions) {
    assertTrue(o.exit() != 0, "exit " + o.exit());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertTrue(o.err().contains(mentions), o.err());
    assertFalse(o.err().contains("\tat "), o.err());
  }

  @Test
  void simulate_badSize_oneLineNamingTheValue() throws Exception {
    Path t = csvTrace("0,p,1,1,READ,0,10");
    assertOneLineError(
        run(new SimulateCommand(), "--trace", t.toString(), "--cache-size", "2XB"), "2XB");
  }

  @Test
  void simulate_missingTrace_oneLineNamingTheFile() {
    assertOneLineError(
        run(
            new SimulateCommand(),
            "--trace",
            dir.resolve("nope.log").toString(),
            "--cache-size",
            "1g",
            "-q"),
        "nope.log");
  }

  @Test
  void simulate_badPolicy_oneLine() throws Exception {
    Path t = csvTrace("0,p,1,1,READ,0,10");
    assertOneLineError(
        run(
            new SimulateCommand(),
            "--trace",
            t.toString(),
            "--cache-size",
            "1g",
            "--policy",
            "bucket-time:threshold=-1"),
        "threshold");
  }

  @Test
  void simulate_strictOnMalformedLine_failsNamingTheLine() throws Exception {
    Path t = csvTrace("0,p,1,1,READ,0,10", "1,p,1,1,READ,zero,10");
    Outcome o =
        run(new SimulateCommand(), "--trace", t.toString(), "--cache-size", "1g", "--strict", "-q");
    assertOneLineError(o, "line 3");
    assertEquals(Cli.FAILED, o.exit());
  }

  @Test
  void simulate_jsonAndCsv_oneRunWithEveryField() throws Exception {
    Path t = csvTrace("0,p,1,1,READ,0,10", "1,p,1,1,READ,0,10", "2,p,1,1,READ,0,10");
    Path json = dir.resolve("out.json");
    Path csv = dir.resolve("out.csv");
    Path png = dir.resolve("out.png");
    Outcome o =
        run(
            new SimulateCommand(),
            "--trace",
            t.toString(),
            "--cache-size",
            "1m",
            "--policy",
            "admit-all",
            "--json",
            json.toString(),
            "--csv",
            csv.toString(),
            "--chart",
            png.toString(),
            "-q");
    assertEquals(0, o.exit(), o.err());
    JsonNode node = new ObjectMapper().readTree(json.toFile());
    assertTrue(node.isObject());
    for (String f : REQUIRED_FIELDS) {
      assertTrue(node.has(f), "missing " + f);
    }
    assertEquals(2, node.get("hits").asLong());
    List<String> rows = Files.readAllLines(csv);
    assertEquals(2, rows.size());
    assertTrue(rows.get(0).startsWith("policy,fill,guard,cacheSizeBytes"), rows.get(0));
    assertTrue(Files.size(png) > 0);
  }

  @Test
  void simulate_bucketTime_printsSiteXmlThatHadoopReadsBack() throws Exception {
    Path t = csvTrace("0,p,1,1,READ,0,10", "1,p,1,1,READ,0,10", "2,p,1,1,READ,0,10");
    PrintStream stdout = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    Outcome o;
    try {
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      o =
          run(
              new SimulateCommand(),
              "--trace",
              t.toString(),
              "--cache-size",
              "2TB",
              "--cache-dirs",
              "2",
              "--fill",
              "pages",
              "--page-size",
              "64KB",
              "--policy",
              "bucket-time:threshold=1,buckets=10,bucket=500",
              "-q");
    } finally {
      System.setOut(stdout);
    }
    assertEquals(0, o.exit(), o.err());
    List<String> xml =
        captured.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("<")).toList();
    Configuration c = SiteXmlTest.hadoopReads(xml);
    assertEquals(1, c.getInt(CacheKeys.ADMISSION_THRESHOLD, -1));
    assertEquals(10, c.getInt(CacheKeys.ADMISSION_BUCKET_COUNT, -1));
    assertEquals(
        500, c.getTimeDuration(CacheKeys.ADMISSION_BUCKET_DURATION, 0, TimeUnit.MILLISECONDS));
    assertEquals(1L << 40, c.getLongBytes(CacheKeys.CAPACITY, -1));
    assertEquals(64L << 10, c.getLongBytes(CacheKeys.PAGE_SIZE, -1));
    assertEquals("pages", c.get(CacheKeys.FILL_MODE));
  }

  @Test
  void sweep_lists_everyCombinationInAnArray() throws Exception {
    Path t = csvTrace("0,p,1,1,READ,0,10", "1,p,1,1,READ,0,10", "2,p,2,1,READ,0,10");
    Path json = dir.resolve("sweep.json");
    Path png = dir.resolve("sweep.png");
    Outcome o =
        run(
            new SweepCommand(),
            "--trace",
            t.toString(),
            "--threshold",
            "0,1,2",
            "--buckets",
            "10,60",
            "--cache-size",
            "1k,1m",
            "--policy",
            "never",
            "--fill",
            "block,pages",
            "--guard",
            "off,on",
            "--max-drive-writes-per-day",
            "1",
            "--json",
            json.toString(),
            "--chart",
            png.toString(),
            "-q");
    assertEquals(0, o.exit(), o.err());
    JsonNode arr = new ObjectMapper().readTree(json.toFile());
    assertTrue(arr.isArray());
    int policies = 3 * 2 + 1 + 1; // and the DataNode's default, beside every row
    assertEquals(policies * 2 * 2 * 2, arr.size());
    // cache size outermost, then fill mode, then guard
    assertEquals("block", arr.get(0).get("fill").asText());
    assertEquals("off", arr.get(0).get("guard").asText());
    assertEquals("on", arr.get(policies).get("guard").asText());
    assertEquals("pages", arr.get(2 * policies).get("fill").asText());
    assertTrue(Files.size(png) > 0);
  }

  @Test
  void configs_policyNamedAsTheDefault_noSecondDefaultRow() throws Exception {
    SweepCommand sweep = new SweepCommand();
    Cli.commandLine(sweep)
        .parseArgs(
            "--trace",
            csvTrace("0,p,1,1,READ,0,10").toString(),
            "--cache-size",
            "1m",
            "--threshold",
            "3",
            "--policy",
            "outcome:room=1");
    assertEquals(
        List.of(
            "bucket-time:threshold=3,buckets=60,bucket=1m", AdmissionTuning.defaultPolicy().name()),
        sweep.configs().stream().map(c -> c.policy().name()).toList());
  }

  @Test
  void sweep_nothingToSweep_oneLine() throws Exception {
    Path t = csvTrace("0,p,1,1,READ,0,10");
    assertOneLineError(
        run(new SweepCommand(), "--trace", t.toString(), "--cache-size", "1g"), "nothing to sweep");
  }

  @Test
  void simulate_badGuardValue_oneLineNamingTheValue() throws Exception {
    Path t = csvTrace("0,p,1,1,READ,0,10");
    assertOneLineError(
        run(
            new SimulateCommand(),
            "--trace",
            t.toString(),
            "--cache-size",
            "1m",
            "--guard",
            "maybe"),
        "maybe");
  }
}
