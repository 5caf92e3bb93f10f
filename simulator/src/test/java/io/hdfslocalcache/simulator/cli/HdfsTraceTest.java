package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Traces read from a real HDFS (MiniDFSCluster) by hdfs:// URI and glob, as from local files. */
class HdfsTraceTest {
  @TempDir static Path local;
  static MiniDFSCluster cluster;
  static String root;

  @BeforeAll
  static void start() throws Exception {
    Configuration conf = new HdfsConfiguration();
    conf.set(
        MiniDFSCluster.HDFS_MINIDFS_BASEDIR,
        Paths.get("target", "minidfs", UUID.randomUUID().toString()).toAbsolutePath().toString());
    cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    FleetLogs.write(local.resolve("logs"));
    FileSystem fs = cluster.getFileSystem();
    fs.copyFromLocalFile(
        new org.apache.hadoop.fs.Path(local.resolve("logs").toUri()),
        new org.apache.hadoop.fs.Path("/cluster-logs"));
    root = "hdfs://localhost:" + cluster.getNameNodePort();
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  @Test
  void simulate_hdfsGlob_sameFiguresAsTheLocalFiles() throws Exception {
    Path json = local.resolve("hdfs.json");
    ByteArrayOutputStream summary = new ByteArrayOutputStream();
    PrintStream stderr = System.err;
    FleetTraceTest.Outcome o;
    System.setErr(new PrintStream(summary, true, StandardCharsets.UTF_8));
    try {
      o = FleetTraceTest.admitAll(json, root + "/cluster-logs/dn-*");
    } finally {
      System.setErr(stderr);
    }
    assertEquals(0, o.exit(), o.err());
    FleetTraceTest.assertFleet(FleetTraceTest.rows(json));
    // the parse summary names the DataNode and its files by URI, oldest first
    assertTrue(
        summary
            .toString(StandardCharsets.UTF_8)
            .contains(
                FleetLogs.A
                    + " ("
                    + root
                    + "/cluster-logs/dn-a.log.1, "
                    + root
                    + "/cluster-logs/dn-a.log)"),
        summary.toString(StandardCharsets.UTF_8));
  }

  @Test
  void simulate_hdfsDirectory_itsFiles() throws Exception {
    Path json = local.resolve("dir.json");
    FleetTraceTest.Outcome o = FleetTraceTest.admitAll(json, root + "/cluster-logs");
    assertEquals(0, o.exit(), o.err());
    FleetTraceTest.assertFleet(FleetTraceTest.rows(json));
  }

  @Test
  void simulate_hdfsFileMissing_oneLineExit1() {
    FleetTraceTest.Outcome o =
        FleetTraceTest.simulate("--trace", root + "/nope.log", "--cache-size", "1m", "-q");
    assertEquals(Cli.FAILED, o.exit(), o.err());
    assertTrue(o.err().contains("no such file: " + root + "/nope.log"), o.err());
  }
}
