package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.util.ZipfSampler;
import io.hdfslocalcache.simulator.workload.ClientTraceLines;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.SplittableRandom;

/**
 * Writes a synthetic one-day DataNode clienttrace log for benchmarks: Zipf(1.1) reads over N/10
 * blocks of 128 MiB in Hadoop 3.5.0's format (checksum bytes included in a read's byte count), 1%
 * writes, 1% other lines (short-circuit requests, other loggers). Fixed seed: same file every time.
 */
final class SyntheticTrace {
  private static final long BLOCK = 128L << 20;
  private static final long DAY_MS = 86_400_000L;
  private static final long START_MS =
      LocalDateTime.of(2026, 11, 22, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
  private static final int[] READ_SIZES = {64 << 10, 1 << 20, 4 << 20, 16 << 20};
  private static final String POOL = ClientTraceLines.POOL;
  private static final String PREFIX = ClientTraceLines.PREFIX;

  private SyntheticTrace() {}

  static void write(Path file, long lines) throws IOException {
    int blocks = (int) Math.max(1000, Math.min(Integer.MAX_VALUE / 2, lines / 10));
    // Ranks are block order: the hottest block has the lowest id.
    ZipfSampler popularity = new ZipfSampler(blocks, 1.1);
    SplittableRandom random = new SplittableRandom(42);
    StringBuilder sb = new StringBuilder(256);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
      for (long i = 0; i < lines; i++) {
        sb.setLength(0);
        long time = START_MS + i * DAY_MS / lines;
        double kind = random.nextDouble();
        long id = 1073741825L + popularity.nextItem(random);
        if (kind < 0.005) {
          ClientTraceLines.timestamp(sb, time);
          sb.append(" INFO org.apache.hadoop.hdfs.server.datanode.DataNode: Receiving BP-1:blk_")
              .append(id)
              .append("_1001 src: /10.0.0.2:1 dest: /10.0.0.1:9866");
        } else if (kind < 0.01) {
          ClientTraceLines.timestamp(sb, time);
          sb.append(PREFIX)
              .append(random.nextInt(250))
              .append(
                  ":0, volume: , bytes: 0, "
                      + "op: REQUEST_SHORT_CIRCUIT_FDS, cliID: DFSClient_1, offset: 0, srvID: dn-1, "
                      + "blockid: ")
              .append(POOL)
              .append(":blk_")
              .append(id)
              .append("_1001, " + "duration(ns): 0");
        } else if (kind < 0.02) {
          clientTrace(sb, time, "/data/1/dfs/dn", BLOCK, "HDFS_WRITE", 0, id, random);
        } else {
          long data = READ_SIZES[random.nextInt(READ_SIZES.length)];
          long offset = random.nextLong((BLOCK - data) / 512) * 512;
          clientTrace(
              sb,
              time,
              "",
              ClientTraceLines.loggedReadBytes(data),
              "HDFS_READ",
              offset,
              id,
              random);
        }
        sb.append('\n');
        out.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
      }
    }
  }

  private static void clientTrace(
      StringBuilder sb,
      long time,
      String volume,
      long bytes,
      String op,
      long offset,
      long id,
      SplittableRandom random) {
    int host = random.nextInt(250);
    int port = 40000 + random.nextInt(20000);
    int clientId = random.nextInt(1000);
    ClientTraceLines.clientTrace(
        sb,
        time,
        volume,
        bytes,
        op,
        offset,
        id,
        1001,
        host,
        port,
        clientId,
        100_000 + random.nextInt(10_000_000));
  }
}
