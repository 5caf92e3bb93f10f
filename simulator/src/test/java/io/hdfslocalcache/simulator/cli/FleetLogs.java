package io.hdfslocalcache.simulator.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * Clienttrace logs of two DataNodes, as they lie on disk: DataNode a's log rolled once (the older
 * half in {@code dn-a.log.1}, the newer in {@code dn-a.log}, so name order is not time order),
 * DataNode b's log gzipped.
 *
 * <p>a, in time order: read of blk_1 gs 1 (a miss; admit-all fills it), then a write of gs 2 (the
 * cached gs 1 copy is invalidated), then a read of gs 2 (a miss): 2 reads, 0 hits, 1 invalidation.
 * Replayed in name order the write would come first and invalidate nothing. b: three reads of one
 * block: 2 hits.
 */
final class FleetLogs {
  static final String A = "a1a1a1a1-0000-4000-8000-00000000000a";
  static final String B = "b2b2b2b2-0000-4000-8000-00000000000b";

  private FleetLogs() {}

  /** Writes the three files into {@code dir}. */
  static void write(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.write(
        dir.resolve("dn-a.log.1"),
        List.of(
            "2026-11-20 10:00:00,000 INFO some.other.Logger: starting",
            line("10:00:01,000", "HDFS_READ", A, 1, 1, 516)));
    Files.write(
        dir.resolve("dn-a.log"),
        List.of(
            line("11:00:00,000", "HDFS_WRITE", A, 1, 2, 512),
            line("11:00:01,000", "HDFS_READ", A, 1, 2, 516)));
    try (OutputStream out =
        new GZIPOutputStream(Files.newOutputStream(dir.resolve("dn-b.log.gz")))) {
      for (int i = 0; i < 3; i++) {
        out.write(
            (line("10:0" + i + ":00,000", "HDFS_READ", B, 9, 1, 516) + "\n")
                .getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  /** A Hadoop 3.5.0 clienttrace line; a read of {@code bytes} 516 is 512 data bytes. */
  static String line(String time, String op, String srvId, long block, long genStamp, long bytes) {
    boolean read = op.equals("HDFS_READ");
    return "2026-11-20 "
        + time
        + (read ? " DEBUG" : " INFO")
        + " org.apache.hadoop.hdfs.server.datanode.DataNode.clienttrace: src: /127.0.0.1:"
        + (read ? "9866" : "40000")
        + ", dest: /127.0.0.1:"
        + (read ? "40000" : "9866")
        + ", volume: /data/1, bytes: "
        + bytes
        + ", op: "
        + op
        + ", cliID: DFSClient_NONMAPREDUCE_1_1, offset: 0, srvID: "
        + srvId
        + ", blockid: BP-1-127.0.0.1-1:blk_"
        + block
        + "_"
        + genStamp
        + ", duration(ns): 1000";
  }
}
