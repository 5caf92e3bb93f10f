package io.hdfslocalcache.simulator.workload;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Formats DataNode log lines as Hadoop 3.5.0 writes them (docs/simulator.md, "Trace formats"): a
 * clienttrace record ({@code DataNode.DN_CLIENTTRACE_FORMAT}) and the line {@code
 * FsDatasetAsyncDiskService} logs when it has deleted a replica. The one place the synthetic traces
 * spell them, so the bench's trace and the day-long workloads parse alike.
 */
public final class ClientTraceLines {
  /** The block pool of every synthetic line. */
  public static final String POOL = "BP-1073741825-10.0.0.1-1700000000000";

  /** The DataNode ({@code srvID}) of every synthetic line. */
  static final String SRV_ID = "5c1b4b52-d7a3-4a8c-9f6e-3f0b1c2d3e4f";

  /** Bytes of data per checksum chunk, and checksum bytes per chunk, as a read logs them. */
  static final int CHUNK = 512;

  static final int CHECKSUM_BYTES = 4;

  /** A clienttrace record after its timestamp, up to the client's host number. */
  public static final String PREFIX =
      " DEBUG org.apache.hadoop.hdfs.server.datanode.DataNode"
          + ".clienttrace: src: /10.0.0.1:9866, dest: /10.0.0.";

  private ClientTraceLines() {}

  /** The logged byte count of a read of {@code data} chunk-aligned bytes: checksums included. */
  public static long loggedReadBytes(long data) {
    return data + CHECKSUM_BYTES * ((data + CHUNK - 1) / CHUNK);
  }

  /**
   * A clienttrace record from client {@code host} (10.0.0.host), its {@code port} and its {@code
   * clientId} (in the DFSClient name).
   */
  public static void clientTrace(
      StringBuilder sb,
      long timeMs,
      String volume,
      long bytes,
      String op,
      long offset,
      long blockId,
      long genStamp,
      int host,
      int port,
      int clientId,
      long durationNs) {
    timestamp(sb, timeMs);
    sb.append(PREFIX)
        .append(host)
        .append(':')
        .append(port)
        .append(", volume: ")
        .append(volume)
        .append(", bytes: ")
        .append(bytes)
        .append(", op: ")
        .append(op)
        .append(", cliID: DFSClient_NONMAPREDUCE_")
        .append(clientId)
        .append("_1, offset: ")
        .append(offset)
        .append(", srvID: " + SRV_ID + ", blockid: " + POOL + ":blk_")
        .append(blockId)
        .append('_')
        .append(genStamp)
        .append(", duration(ns): ")
        .append(durationNs);
  }

  /**
   * The line a DataNode logs when it has deleted a replica (Hadoop 3.x {@code
   * FsDatasetAsyncDiskService.ReplicaFileDeleteTask}: {@code "Deleted " + bpid + " " + block + "
   * URI " + uri}).
   */
  public static void deleted(StringBuilder sb, long timeMs, long blockId, long genStamp) {
    timestamp(sb, timeMs);
    sb.append(
            " INFO org.apache.hadoop.hdfs.server.datanode.fsdataset.impl"
                + ".FsDatasetAsyncDiskService: Deleted "
                + POOL
                + " blk_")
        .append(blockId)
        .append('_')
        .append(genStamp)
        .append(" URI file:/data/1/dfs/dn/current/" + POOL + "/current/finalized/blk_")
        .append(blockId);
  }

  /** {@code yyyy-MM-dd HH:mm:ss,SSS}, UTC, as log4j's ISO8601 layout writes it. */
  public static void timestamp(StringBuilder sb, long ms) {
    LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(ms, 1000), 0, ZoneOffset.UTC);
    sb.append(t.getYear()).append('-');
    two(sb, t.getMonthValue()).append('-');
    two(sb, t.getDayOfMonth()).append(' ');
    two(sb, t.getHour()).append(':');
    two(sb, t.getMinute()).append(':');
    two(sb, t.getSecond()).append(',');
    long milli = Math.floorMod(ms, 1000);
    sb.append(milli < 100 ? (milli < 10 ? "00" : "0") : "").append(milli);
  }

  private static StringBuilder two(StringBuilder sb, int v) {
    return sb.append(v < 10 ? "0" : "").append(v);
  }
}
