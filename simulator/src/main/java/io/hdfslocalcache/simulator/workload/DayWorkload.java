package io.hdfslocalcache.simulator.workload;

import io.hdfslocalcache.simulator.util.ZipfSampler;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Writes one day of a DataNode's log (clienttrace records and replica deletions, Hadoop 3.5.0's
 * lines) for {@link DayParams}, the same file for the same parameters and seed.
 *
 * <p>The day, after the ATC'24 paper's section 2.2 and Table 1: a set of blocks read all day with
 * Zipf popularity whose ranks drift (every hour a share of ranks trade places); a new partition
 * written at the start of every hour whose blocks are read hot at once and cool with a half-life;
 * partitions deleted at the retention age (yesterday's partitions exist at the start); appends to
 * the newest partition's short blocks (a new generation stamp each, the block's new length logged);
 * reads mostly tiny, at a block's few hot offsets (footers and indexes of columnar files), then
 * small ones at random offsets, whole-block scans and 1-16 MiB reads. A read logs its range rounded
 * out to 512-byte checksum chunks and 4 checksum bytes per chunk, as the DataNode does. Reads are
 * spread evenly over the day; the writes, deletes and appends of an hour are merged in by time.
 */
public final class DayWorkload {
  static final long HOUR_MS = 3_600_000L;
  private static final long MINUTE_MS = 60_000L;

  /** The day's start: midnight UTC. */
  public static final long START_MS =
      LocalDateTime.of(2026, 11, 22, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();

  private static final long FIRST_ID = 1073741825L;
  private static final int HOT_OFFSETS = 4;

  private final DayParams p;
  private final SplittableRandom random;
  private final ZipfSampler popularity;
  private final int[] blockOfRank;
  private final Blocks blocks;
  private final Partitions partitions;
  private final StringBuilder sb = new StringBuilder(320);
  private OutputStream out;

  public DayWorkload(DayParams params, long seed) {
    this.p = params;
    this.random = new SplittableRandom(seed);
    this.popularity = new ZipfSampler(params.blocks(), params.zipf());
    int live = Math.max(1, params.retentionHours() * 60 / params.partitionMinutes());
    int made = params.hours() * 60 / params.partitionMinutes() + 1;
    int total = params.blocks() + (live + made) * params.partitionBlocks();
    this.blocks = new Blocks(total);
    this.blockOfRank = new int[params.blocks()];
    for (int b = 0; b < params.blocks(); b++) {
      blocks.add(lengthOfNew(0.05));
      blockOfRank[b] = b;
    }
    shuffle(blockOfRank, params.blocks());
    this.partitions = new Partitions(params.halfLifeHours());
    long period = params.partitionMinutes() * MINUTE_MS;
    for (int k = -live + 1; k <= 0; k++) {
      partitions.add(START_MS + (k - 1) * period, newPartition());
    }
  }

  /** Writes the trace to {@code sink} (not closed). */
  public void write(OutputStream sink) throws IOException {
    this.out = sink;
    int minutes = p.hours() * 60;
    double[] load = cumulativeLoad(minutes);
    long readsDone = 0;
    long[] appendTimes = new long[0];
    int nextAppend = 0;
    for (int m = 0; m < minutes; m++) {
      long minuteStart = START_MS + m * MINUTE_MS;
      if (m % 60 == 0) {
        while (nextAppend < appendTimes.length) {
          append(appendTimes[nextAppend++]);
        }
      }
      if (m > 0 && m % p.driftMinutes() == 0) {
        drift();
      }
      if (m % p.partitionMinutes() == 0) {
        deleteExpired(minuteStart);
        writePartition(minuteStart);
      }
      if (m % 60 == 0) {
        appendTimes = appendTimes(minuteStart);
        nextAppend = 0;
      }
      long readsBy = Math.round(p.reads() * load[m + 1] / load[minutes]);
      long inMinute = readsBy - readsDone;
      boolean storm = storming(m);
      for (long i = 0; i < inMinute; i++, readsDone++) {
        long t = minuteStart + i * MINUTE_MS / inMinute;
        while (nextAppend < appendTimes.length && appendTimes[nextAppend] <= t) {
          append(appendTimes[nextAppend++]);
        }
        partitions.refresh(t);
        read(t, storm);
      }
    }
    while (nextAppend < appendTimes.length) {
      append(appendTimes[nextAppend++]);
    }
  }

  /** Reads by the end of each minute, relative: the daily cycle, trough at 04:00, peak at 16:00. */
  private double[] cumulativeLoad(int minutes) {
    double[] c = new double[minutes + 1];
    for (int m = 0; m < minutes; m++) {
      double phase = 2 * Math.PI * ((m % 1440) - 600) / 1440.0;
      c[m + 1] = c[m] + 1 + p.dailyCycle() * Math.sin(phase);
    }
    return c;
  }

  /** True in minute {@code m} of a scan storm: half-way into each period, for its length. */
  private boolean storming(int m) {
    int every = p.stormEveryHours() * 60;
    if (every == 0 || m < every / 2) {
      return false;
    }
    return (m - every / 2) % every < p.stormMinutes();
  }

  private void read(long t, boolean storm) throws IOException {
    if (storm && random.nextDouble() < p.stormShare()) {
      int cold = random.nextInt(p.blocks()); // a scan of any block, popular or not
      emitRead(t, cold, 0, blocks.length(cold));
      return;
    }
    int block = random.nextDouble() < p.partitionShare() ? partitions.pick(random) : hotBlock();
    long length = blocks.length(block);
    double kind = random.nextDouble();
    long offset;
    long size;
    if (kind < p.tiny()) {
      // Chunk-aligned hot offsets and at most 19 chunks: under 10 KiB once rounded out.
      offset = hotOffset(block, random.nextInt(HOT_OFFSETS), length);
      size = logUniform(512, 19 * 512);
    } else if (kind < p.tiny() + p.small()) {
      size = logUniform(10 << 10, (1 << 20) - 1024);
      offset = random.nextLong(Math.max(1, length - size));
    } else if (kind < p.tiny() + p.small() + p.scan()) {
      offset = 0;
      size = length;
    } else {
      size = logUniform(1 << 20, 16 << 20);
      offset = random.nextLong(Math.max(1, length - size));
    }
    emitRead(t, block, offset, size);
  }

  private void emitRead(long t, int block, long offset, long size) throws IOException {
    long length = blocks.length(block);
    long start = offset / ClientTraceLines.CHUNK * ClientTraceLines.CHUNK;
    long end = Math.min(length, roundUp(offset + size));
    long data = end - start;
    line(
        t,
        "",
        ClientTraceLines.loggedReadBytes(data),
        "HDFS_READ",
        start,
        block,
        50_000 + data / 100);
  }

  private int hotBlock() {
    return blockOfRank[popularity.nextRank(random)];
  }

  /** A block's {@code i}th hot offset: its tail (the file footer) or a fixed place in it. */
  private static long hotOffset(int block, int i, long length) {
    long place =
        i == 0
            ? length - 16 * 1024
            : Math.floorMod((block * 0x9E3779B97F4A7C15L) ^ (i * 0xC2B2AE3D27D4EB4FL), length);
    return Math.max(0, place) / ClientTraceLines.CHUNK * ClientTraceLines.CHUNK;
  }

  private void drift() {
    int swaps = (int) Math.round(p.drift() * p.blocks());
    for (int s = 0; s < swaps; s++) {
      int i = random.nextInt(p.blocks());
      int j = random.nextInt(p.blocks());
      int t = blockOfRank[i];
      blockOfRank[i] = blockOfRank[j];
      blockOfRank[j] = t;
    }
  }

  private void deleteExpired(long hourStart) throws IOException {
    int[] expired = partitions.removeOlderThan(hourStart - p.retentionHours() * HOUR_MS);
    for (int i = 0; i < expired.length; i++) {
      int b = expired[i];
      sb.setLength(0);
      ClientTraceLines.deleted(sb, hourStart, FIRST_ID + b, blocks.genStamp(b));
      flush();
    }
  }

  private void writePartition(long hourStart) throws IOException {
    int[] members = newPartition();
    long t = hourStart; // with the deletes, before the hour's reads
    for (int b : members) {
      line(t, "/data/1/dfs/dn", blocks.length(b), "HDFS_WRITE", 0, b, 2_000_000_000L);
    }
    partitions.add(t, members);
  }

  private int[] newPartition() {
    int[] members = new int[p.partitionBlocks()];
    for (int i = 0; i < members.length; i++) {
      members[i] = blocks.add(lengthOfNew(0.3)); // the last block of a file is short
    }
    return members;
  }

  private long[] appendTimes(long hourStart) {
    long[] times = new long[p.appendsPerHour()];
    for (int i = 0; i < times.length; i++) {
      times[i] = hourStart + 60_000 + random.nextLong(HOUR_MS - 60_000);
    }
    Arrays.sort(times);
    return times;
  }

  /** Appends to a short block of the newest partition: a new generation stamp, a longer block. */
  private void append(long t) throws IOException {
    int b = partitions.newestBlock(random);
    if (blocks.length(b) >= p.blockSize()) {
      return; // full: the writer moved on to a new block (not in this partition)
    }
    long grown = Math.min(p.blockSize(), blocks.length(b) + logUniform(64 << 10, 8 << 20));
    blocks.append(b, grown);
    line(t, "/data/1/dfs/dn", grown, "HDFS_WRITE", 0, b, 1_000_000_000L);
  }

  private long lengthOfNew(double shortShare) {
    return random.nextDouble() < shortShare
        ? (1 << 20) + random.nextLong(p.blockSize() - (1 << 20))
        : p.blockSize();
  }

  private void line(long t, String volume, long bytes, String op, long offset, int b, long ns)
      throws IOException {
    sb.setLength(0);
    int client = random.nextInt(1 << 20);
    ClientTraceLines.clientTrace(
        sb,
        t,
        volume,
        bytes,
        op,
        offset,
        FIRST_ID + b,
        blocks.genStamp(b),
        client % 250,
        40000 + client % 20000,
        client % 1000,
        ns);
    flush();
  }

  private void flush() throws IOException {
    sb.append('\n');
    out.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
  }

  private long logUniform(long min, long max) {
    return (long) Math.exp(Math.log(min) + random.nextDouble() * (Math.log(max) - Math.log(min)));
  }

  private static long roundUp(long offset) {
    return (offset + ClientTraceLines.CHUNK - 1) / ClientTraceLines.CHUNK * ClientTraceLines.CHUNK;
  }

  private void shuffle(int[] a, int n) {
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
