package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.util.ZipfSampler;
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
  private static final String POOL = "BP-1073741825-10.0.0.1-1700000000000";
  private static final String PREFIX =
      " DEBUG org.apache.hadoop.hdfs.server.datanode.DataNode"
          + ".clienttrace: src: /10.0.0.1:9866, dest: /10.0.0.";

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
        timestamp(sb, time);
        double kind = random.nextDouble();
        long id = 1073741825L + popularity.nextItem(random);
        if (kind < 0.005) {
          sb.append(" INFO org.apache.hadoop.hdfs.server.datanode.DataNode: Receiving BP-1:blk_")
              .append(id)
              .append("_1001 src: /10.0.0.2:1 dest: /10.0.0.1:9866");
        } else if (kind < 0.01) {
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
          clientTrace(sb, "/data/1/dfs/dn", BLOCK, "HDFS_WRITE", 0, id, random);
        } else {
          long data = READ_SIZES[random.nextInt(READ_SIZES.length)];
          long offset = random.nextLong((BLOCK - data) / 512) * 512;
          clientTrace(sb, "", data + 4 * ((data + 511) / 512), "HDFS_READ", offset, id, random);
        }
        sb.append('\n');
        out.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
      }
    }
  }

  private static void clientTrace(
      StringBuilder sb,
      String volume,
      long bytes,
      String op,
      long offset,
      long id,
      SplittableRandom random) {
    sb.append(PREFIX)
        .append(random.nextInt(250))
        .append(':')
        .append(40000 + random.nextInt(20000))
        .append(", volume: ")
        .append(volume)
        .append(", bytes: ")
        .append(bytes)
        .append(", op: ")
        .append(op)
        .append(", cliID: DFSClient_NONMAPREDUCE_")
        .append(random.nextInt(1000))
        .append("_1, offset: ")
        .append(offset)
        .append(", srvID: 5c1b4b52-d7a3-4a8c-9f6e-3f0b1c2d3e4f, blockid: ")
        .append(POOL)
        .append(":blk_")
        .append(id)
        .append("_1001, duration(ns): ")
        .append(100_000 + random.nextInt(10_000_000));
  }

  private static void timestamp(StringBuilder sb, long ms) {
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
