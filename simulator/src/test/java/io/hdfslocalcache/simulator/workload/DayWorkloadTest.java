package io.hdfslocalcache.simulator.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.simulator.trace.EventLog;
import io.hdfslocalcache.simulator.trace.Op;
import io.hdfslocalcache.simulator.trace.TestTraces;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DayWorkloadTest {
  private static final long KIB = 1024;

  /** A shape made small enough for a test: its proportions, fewer reads and blocks. */
  private static DayParams small(WorkloadShape shape, String... more) {
    Map<String, String> o = new HashMap<>(Map.of("reads", "60000", "blocks", "3000"));
    for (String kv : more) {
      o.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    return shape.params().with(o);
  }

  private static byte[] generate(DayParams p, long seed) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new DayWorkload(p, seed).write(out);
    return out.toByteArray();
  }

  private static Trace parse(byte[] log) throws Exception {
    return TestTraces.parse(new ByteArrayInputStream(log), TraceFormat.CLIENTTRACE);
  }

  @Test
  void write_eachShape_hasTheDaysReadMixWritesAppendsAndDeletes() throws Exception {
    for (WorkloadShape shape : WorkloadShape.values()) {
      checkDay(shape);
    }
  }

  private static void checkDay(WorkloadShape shape) throws Exception {
    DayParams p = small(shape);
    Trace trace = parse(generate(p, 7));

    long reads = 0, tiny = 0, underMiB = 0, scans = 0, misaligned = 0, backwards = 0;
    long last = Long.MIN_VALUE;
    for (EventLog.Chunk c : trace.events().chunks()) {
      for (int i = 0; i < c.count(); i++) {
        backwards += c.timeMs[i] < last ? 1 : 0;
        last = c.timeMs[i];
        if (Op.of(c.op[i]) != Op.READ) {
          continue;
        }
        long blockLength = trace.versionLength()[c.version[i]];
        reads++;
        tiny += c.length[i] < 10 * KIB ? 1 : 0;
        underMiB += c.length[i] < 1024 * KIB ? 1 : 0;
        scans += c.offset[i] == 0 && c.length[i] == blockLength ? 1 : 0;
        boolean endsAtBlockEnd = c.offset[i] + c.length[i] == blockLength;
        misaligned += c.offset[i] % 512 != 0 || (c.length[i] % 512 != 0 && !endsAtBlockEnd) ? 1 : 0;
      }
    }
    String s = shape.configName();
    double storm = stormScans(p);
    assertEquals(p.reads(), reads, s);
    assertTrue(tiny > reads * p.tiny() * (1 - storm) * 0.95, s + ": reads under 10 KiB " + tiny);
    assertTrue(
        underMiB > reads * (p.tiny() + p.small()) * (1 - storm) * 0.97,
        s + ": reads under 1 MiB " + underMiB);
    assertEquals(storm + (1 - storm) * p.scan(), (double) scans / reads, 0.01, s + ": scans");
    assertEquals(0, misaligned, s + ": reads not on checksum chunks");
    assertEquals(0, backwards, s + ": events out of time order");
    long partitions = p.hours() * 60L / p.partitionMinutes();
    assertTrue(
        trace.stats().writes() > partitions * p.partitionBlocks(), s + ": partitions, appends");
    assertTrue(trace.versionCount() > trace.blockCount(), s + ": appends add versions");
    assertEquals(
        (partitions - 1) * p.partitionBlocks(),
        trace.stats().deletes(),
        s + ": a partition a period, the oldest deleted");
    assertEquals(0, trace.stats().malformedLines(), s);
  }

  /** The share of reads a shape's scan storms turn into whole-block scans (the rule, restated). */
  private static double stormScans(DayParams p) {
    int every = p.stormEveryHours() * 60;
    int minutes = p.hours() * 60;
    int storming = 0;
    for (int m = every / 2; every > 0 && m < minutes; m++) {
      storming += (m - every / 2) % every < p.stormMinutes() ? 1 : 0;
    }
    return p.stormShare() * storming / minutes;
  }

  @Test
  void write_sameSeed_sameBytesAndOtherSeed_other() throws Exception {
    DayParams p = small(WorkloadShape.SKEWED, "reads=20000");
    assertArrayEquals(generate(p, 3), generate(p, 3));
    assertFalse(Arrays.equals(generate(p, 3), generate(p, 4)));
  }

  @Test
  void write_partitions_startHotAndCool() throws Exception {
    DayParams p = small(WorkloadShape.INTERACTIVE);
    Trace trace = parse(generate(p, 11));
    // Reads of the blocks written at 06:00, by hour of the day.
    long sixAm = DayWorkload.START_MS + 6 * DayWorkload.HOUR_MS;
    Map<Integer, Long> written = new HashMap<>();
    long[] byHour = new long[24];
    for (EventLog.Chunk c : trace.events().chunks()) {
      for (int i = 0; i < c.count(); i++) {
        int block = trace.versionBlock()[c.version[i]];
        if (Op.of(c.op[i]) == Op.WRITE && c.timeMs[i] == sixAm) {
          written.putIfAbsent(block, c.timeMs[i]);
        } else if (Op.of(c.op[i]) == Op.READ && written.containsKey(block)) {
          byHour[(int) ((c.timeMs[i] - DayWorkload.START_MS) / DayWorkload.HOUR_MS)]++;
        }
      }
    }
    assertTrue(byHour[6] > 2 * byHour[9], Arrays.toString(byHour));
    assertTrue(byHour[9] > byHour[15], Arrays.toString(byHour));
  }

  @Test
  void write_drift_movesTheHotSetOverTheDay() throws Exception {
    double kept = hotSetKept(small(WorkloadShape.INTERACTIVE, "partitionShare=0"));
    double keptWithoutDrift =
        hotSetKept(small(WorkloadShape.INTERACTIVE, "partitionShare=0", "drift=0"));
    assertTrue(keptWithoutDrift > 0.9, "without drift " + keptWithoutDrift);
    assertTrue(kept < keptWithoutDrift - 0.2, "with drift " + kept);
  }

  /** The share of the last 4 hours' reads on the 30 blocks most read in the first 4 hours. */
  private static double hotSetKept(DayParams p) throws Exception {
    Trace trace = parse(generate(p, 5));
    long[] early = new long[trace.blockCount()];
    long[] late = new long[trace.blockCount()];
    for (EventLog.Chunk c : trace.events().chunks()) {
      for (int i = 0; i < c.count(); i++) {
        long hour = (c.timeMs[i] - DayWorkload.START_MS) / DayWorkload.HOUR_MS;
        int block = trace.versionBlock()[c.version[i]];
        if (Op.of(c.op[i]) == Op.READ && hour < 4) {
          early[block]++;
        } else if (Op.of(c.op[i]) == Op.READ && hour >= 20) {
          late[block]++;
        }
      }
    }
    Integer[] order = new Integer[early.length];
    Arrays.setAll(order, b -> b);
    Arrays.sort(order, (a, b) -> Long.compare(early[b], early[a]));
    long lateOnTop = 0, earlyOnTop = 0;
    for (int r = 0; r < 30; r++) {
      lateOnTop += late[order[r]];
      earlyOnTop += early[order[r]];
    }
    double earlyShare = (double) earlyOnTop / Arrays.stream(early).sum();
    double lateShare = (double) lateOnTop / Arrays.stream(late).sum();
    return lateShare / earlyShare;
  }

  @Test
  void with_badValue_namesTheParameterAndValue() {
    assertEquals(
        "workload: tiny + small + scan must be at most 1, got '1.1900000000000002'",
        assertThrows(
                IllegalArgumentException.class,
                () -> small(WorkloadShape.BATCH, "tiny=0.7", "small=0.4"))
            .getMessage());
    assertEquals(
        "workload: zipf must be a number, got 'steep'",
        assertThrows(IllegalArgumentException.class, () -> small(WorkloadShape.BATCH, "zipf=steep"))
            .getMessage());
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> small(WorkloadShape.BATCH, "hot=1"))
            .getMessage()
            .startsWith("unknown workload parameter 'hot'"));
    assertEquals(
        "unknown workload shape 'daily' (known: interactive, batch, skewed, rotating, multiday, flat, steep, storms, coldstart, warm, fading, hourly, reranked)",
        assertThrows(IllegalArgumentException.class, () -> WorkloadShape.byName("daily"))
            .getMessage());
  }
}
