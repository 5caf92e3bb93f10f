package io.hdfslocalcache.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs a real 1-DataNode HDFS, captures its clienttrace lines, and checks the parser against
 * blocks, offsets and lengths this test chose. Writes the captured lines to
 * target/clienttrace-minidfs.log for inspection.
 */
class MiniDfsClientTraceTest {
  private static final String LOGGER =
      "org.apache.hadoop.hdfs.server.datanode.DataNode.clienttrace";
  private static final int BLOCK_SIZE = 1 << 20;
  private static final int FILE_LENGTH = 2 * BLOCK_SIZE + 300_000;

  private static final CapturingAppender appender = new CapturingAppender();
  private static List<ExtendedBlock> blocks;
  private static Trace trace;
  private static long startMs;

  @BeforeAll
  static void runCluster() throws Exception {
    Logger logger = Logger.getLogger(LOGGER);
    logger.setLevel(Level.DEBUG); // HDFS_READ is logged at DEBUG, HDFS_WRITE at INFO
    logger.addAppender(appender);
    Configuration conf = new HdfsConfiguration();
    conf.set(
        MiniDFSCluster.HDFS_MINIDFS_BASEDIR,
        Paths.get("target", "minidfs", UUID.randomUUID().toString()).toAbsolutePath().toString());
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK_SIZE);
    startMs = System.currentTimeMillis();
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    try {
      cluster.waitActive();
      FileSystem fs = cluster.getFileSystem();
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/trace/f");
      byte[] data = new byte[FILE_LENGTH];
      new java.util.Random(1).nextBytes(data);
      try (FSDataOutputStream out = fs.create(file, (short) 1)) {
        out.write(data);
      }
      blocks = new ArrayList<>();
      for (LocatedBlock lb : DFSTestUtil.getAllBlocks(fs, file)) {
        blocks.add(lb.getBlock());
      }
      try (FSDataInputStream in = fs.open(file)) {
        byte[] buf = new byte[4096];
        in.readFully(5000, buf, 0, 4096); // pread inside block 0
        in.readFully(BLOCK_SIZE + 100, buf, 0, 1000); // pread inside block 1
        in.readFully(0, new byte[FILE_LENGTH]); // every block whole
      }
    } finally {
      cluster.shutdown();
      logger.removeAppender(appender);
    }
    byte[] log = (String.join("\n", appender.lines()) + "\n").getBytes(StandardCharsets.UTF_8);
    Files.write(Path.of("target", "clienttrace-minidfs.log"), log);
    trace =
        new TraceParser(Optional.empty(), Strictness.STRICT).parse(new ByteArrayInputStream(log));
  }

  @AfterAll
  static void noLeak() {
    Logger.getLogger(LOGGER).removeAppender(appender);
  }

  /** (block id, generation stamp, op, offset, data length) of every event. */
  private static List<String> events() {
    List<String> out = new ArrayList<>();
    for (EventLog.Chunk c : trace.events().chunks()) {
      for (int i = 0; i < c.count(); i++) {
        int v = c.version[i];
        out.add(
            trace.blockId()[trace.versionBlock()[v]]
                + "_"
                + trace.versionGenStamp()[v]
                + " "
                + Op.of(c.op[i])
                + " "
                + c.offset[i]
                + " "
                + c.length[i]);
      }
    }
    return out;
  }

  private static String event(ExtendedBlock b, Op op, long offset, long length) {
    return b.getBlockId() + "_" + b.getGenerationStamp() + " " + op + " " + offset + " " + length;
  }

  @Test
  void parse_realDataNodeLines_autoDetectsClienttrace() {
    assertEquals(TraceFormat.CLIENTTRACE, trace.format());
    assertEquals(0, trace.stats().malformedLines());
  }

  @Test
  void parse_writes_oneWritePerBlockWithItsLength() {
    List<String> events = events();
    assertEquals(3, blocks.size());
    for (ExtendedBlock b : blocks) {
      assertTrue(
          events.contains(event(b, Op.WRITE, 0, b.getNumBytes())),
          () -> "no write of " + b + " in " + events);
    }
  }

  @Test
  void parse_preads_chunkAlignedRangeWithoutChecksumBytes() {
    List<String> events = events();
    // 4096 bytes at 5000: chunks 9..18 -> aligned [4608, 9216)
    assertTrue(
        events.contains(event(blocks.get(0), Op.READ, 4608, 9216 - 4608)),
        () -> "pread in block 0 not found in " + events);
    // 1000 bytes at 100 of block 1: chunks 0..2 -> aligned [0, 1536)
    assertTrue(
        events.contains(event(blocks.get(1), Op.READ, 0, 1536)),
        () -> "pread in block 1 not found in " + events);
  }

  @Test
  void parse_wholeFileRead_readsEveryBlockFromZeroToItsLength() {
    List<String> events = events();
    for (ExtendedBlock b : blocks) {
      assertTrue(
          events.contains(event(b, Op.READ, 0, b.getNumBytes())),
          () -> "whole read of " + b + " not found in " + events);
    }
  }

  @Test
  void parse_blockPool_isTheClustersPool() {
    assertEquals(List.of(blocks.get(0).getBlockPoolId()), trace.pools());
  }

  @Test
  void parse_timestamps_areTheLogLinesTimes() {
    // log4j prints local time and the parser takes it as UTC: allow the zone offset.
    long slack = 15 * 3_600_000L;
    assertTrue(trace.firstTimeMs() > startMs - slack, "first " + trace.firstTimeMs());
    assertTrue(trace.lastTimeMs() < System.currentTimeMillis() + slack);
    assertTrue(trace.lastTimeMs() >= trace.firstTimeMs());
  }

  @Test
  void blockLength_fromWrites_equalsHdfsBlockLength() {
    for (int v = 0; v < trace.versionCount(); v++) {
      long id = trace.blockId()[trace.versionBlock()[v]];
      ExtendedBlock b = blocks.stream().filter(x -> x.getBlockId() == id).findFirst().orElseThrow();
      assertEquals(b.getNumBytes(), trace.versionLength()[v]);
    }
  }
}
