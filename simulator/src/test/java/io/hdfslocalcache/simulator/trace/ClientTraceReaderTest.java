package io.hdfslocalcache.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientTraceReaderTest {
  private static final String POOL = "BP-169191631-127.0.0.1-1795371673519";
  private static final String READ_3_5 =
      "2026-11-22 18:21:18,798 DEBUG org.apache.hadoop.hdfs."
          + "server.datanode.DataNode.clienttrace: src: /127.0.0.1:45441, dest: /127.0.0.1:33518, "
          + "volume: , bytes: 4644, op: HDFS_READ, cliID: DFSClient_NONMAPREDUCE_1_1, offset: 4608, "
          + "srvID: 2c22, blockid: "
          + POOL
          + ":blk_1073741825_1001, duration(ns): 906133";

  private static long utc(int h, int m, int s, int ms) {
    return LocalDateTime.of(2026, 11, 22, h, m, s).toInstant(ZoneOffset.UTC).toEpochMilli() + ms;
  }

  @Test
  void parse_minidfsExcerpt_allEightRecordsWithDataLengths() throws Exception {
    try (InputStream in =
        getClass().getResourceAsStream("/traces/clienttrace-hadoop-3.5.0-minidfs.log")) {
      Trace t = TestTraces.parse(in, null);
      assertEquals(TraceFormat.CLIENTTRACE, t.format());
      assertEquals(
          List.of(
              "1073741825_1001 WRITE 0 1048576 @" + utc(18, 21, 18, 695),
              "1073741826_1002 WRITE 0 1048576 @" + utc(18, 21, 18, 731),
              "1073741827_1003 WRITE 0 300000 @" + utc(18, 21, 18, 745),
              // 4096 B at 5000 -> logged offset 4608, bytes 4644 = 4608 data + 9 chunks x 4
              "1073741825_1001 READ 4608 4608 @" + utc(18, 21, 18, 798),
              "1073741826_1002 READ 0 1536 @" + utc(18, 21, 18, 810),
              "1073741825_1001 READ 0 1048576 @" + utc(18, 21, 18, 815),
              "1073741826_1002 READ 0 1048576 @" + utc(18, 21, 18, 825),
              "1073741827_1003 READ 0 300000 @" + utc(18, 21, 18, 829)),
          TestTraces.rows(t));
      assertEquals(List.of(POOL), t.pools());
    }
  }

  @Test
  void parse_replicaDeletedLine_isADeleteOfTheBlock() throws Exception {
    String text =
        String.join(
            "\n",
            READ_3_5,
            // Hadoop 3.x FsDatasetAsyncDiskService, default layout and the short %d %m layout
            "2026-11-22 18:30:00,001 INFO org.apache.hadoop.hdfs.server.datanode.fsdataset.impl"
                + ".FsDatasetAsyncDiskService: Deleted "
                + POOL
                + " blk_1073741825_1001 URI file:/data/1/dfs/dn/current/"
                + POOL
                + "/current/finalized/subdir0/subdir0/blk_1073741825",
            "2026-11-22 18:30:00,002 Deleted " + POOL + " blk_1073741826_1002 file /d/blk_1",
            // not a replica deletion: skipped
            "2026-11-22 18:30:00,003 INFO x.Y: Deleted BP-1 snapshot s1");
    Trace t = TestTraces.parse(text, TraceFormat.CLIENTTRACE, Strictness.STRICT);
    assertEquals(
        List.of(
            "1073741825_1001 READ 4608 4608 @" + utc(18, 21, 18, 798),
            "1073741825_1001 DELETE 0 0 @" + utc(18, 30, 0, 1),
            "1073741826_1002 DELETE 0 0 @" + utc(18, 30, 0, 2)),
        TestTraces.rows(t));
    assertEquals(List.of(POOL), t.pools());
    assertEquals(1, t.stats().skippedLines());
  }

  @Test
  void dataBytes_loggedBytesWithChecksums_removesFourBytesPerChunk() {
    for (long data : new long[] {0, 1, 511, 512, 513, 1024, 4608, 300_000, 1 << 20, 128L << 20}) {
      long chunks = (data + 511) / 512;
      assertEquals(data, ClientTraceReader.dataBytes(data + 4 * chunks), "data " + data);
    }
  }

  @Test
  void parse_shortCircuitAndOtherLoggers_skipped() throws Exception {
    String text =
        String.join(
            "\n",
            "2026-11-22 18:21:19,000 INFO org.apache.hadoop.hdfs.server.datanode.DataNode.clienttrace:"
                + " src: 127.0.0.1, dest: 127.0.0.1, op: REQUEST_SHORT_CIRCUIT_FDS, blockid: 1073741825,"
                + " srvID: 2c22, success: true",
            "2026-11-22 18:21:19,001 INFO org.apache.hadoop.hdfs.server.datanode.DataNode: "
                + "Receiving BP-1:blk_1_1 src: /127.0.0.1:1 dest: /127.0.0.1:2",
            "java.io.IOException: Broken pipe",
            "\tat org.apache.hadoop.hdfs.server.datanode.BlockSender.sendPacket(BlockSender.java:1)",
            READ_3_5);
    Trace t = TestTraces.parse(text, TraceFormat.CLIENTTRACE, Strictness.STRICT);
    assertEquals(4, t.stats().skippedLines());
    assertEquals(1, t.stats().reads());
  }

  @Test
  void parse_olderHadoopWithoutVolumeAndWithDurationMs_parsed() throws Exception {
    String line =
        "2015-03-01 10:00:00,123 INFO org.apache.hadoop.hdfs.server.datanode.DataNode"
            + ".clienttrace: src: /10.0.0.1:50010, dest: /10.0.0.2:5555, bytes: 66564, op: HDFS_READ,"
            + " cliID: DFSClient_1, offset: 0, srvID: DS-1, blockid: BP-9-10.0.0.1-1:blk_-9223372036"
            + "854775792_7, duration: 4000";
    Trace t = TestTraces.parse(line, TraceFormat.CLIENTTRACE, Strictness.STRICT);
    assertEquals(
        List.of(
            "-9223372036854775792_7 READ 0 66048 @"
                + (LocalDateTime.of(2015, 3, 1, 10, 0).toInstant(ZoneOffset.UTC).toEpochMilli()
                    + 123)),
        TestTraces.rows(t));
  }

  @Test
  void parse_anyLog4jPrefix_findsTheTimestamp() throws Exception {
    String line =
        "[dn-7] <14>1 host 2026-11-22T18:21:18.798 DEBUG clienttrace: "
            + READ_3_5.substring(READ_3_5.indexOf("src: "));
    Trace t = TestTraces.parse(line, TraceFormat.CLIENTTRACE, Strictness.STRICT);
    assertEquals(utc(18, 21, 18, 798), t.firstTimeMs());
  }

  @Test
  void parse_malformedRecords_countedWithLineNumbers() throws Exception {
    String text =
        String.join(
            "\n",
            READ_3_5,
            "some other line",
            READ_3_5.replace("bytes: 4644", "bytes: lots"),
            READ_3_5.replace(":blk_1073741825_1001", ":blk_1073741825"),
            "HDFS_READ mentioned but nothing else",
            READ_3_5.replace("2026-11-22 18:21:18,798", "yesterday"),
            READ_3_5);
    Trace t = TestTraces.parse(text, TraceFormat.CLIENTTRACE, Strictness.LENIENT);
    assertEquals(4, t.stats().malformedLines());
    assertEquals(1, t.stats().skippedLines());
    assertEquals(2, t.stats().reads());
    assertEquals(
        List.of(3L, 4L, 5L, 6L),
        t.stats().firstMalformed().stream().map(ParseStats.Malformed::lineNumber).toList());
    assertTrue(t.stats().firstMalformed().get(0).reason().contains("bytes"));
  }

  @Test
  void parse_strictWithMalformedLine_failsNamingLineAndField() {
    String text = READ_3_5 + "\n" + READ_3_5.replace("offset: 4608", "offset: -3");
    TraceFormatException e =
        assertThrows(
            TraceFormatException.class,
            () -> TestTraces.parse(text, TraceFormat.CLIENTTRACE, Strictness.STRICT));
    assertTrue(e.getMessage().startsWith("line 2: malformed clienttrace record"), e.getMessage());
    assertTrue(e.getMessage().contains("offset"), e.getMessage());
  }
}
