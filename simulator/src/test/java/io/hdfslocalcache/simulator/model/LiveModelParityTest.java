package io.hdfslocalcache.simulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.guard.GuardConfig;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.LiveModel;
import io.hdfslocalcache.model.ModelTotals;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.simulator.trace.EventLog;
import io.hdfslocalcache.simulator.trace.Op;
import io.hdfslocalcache.simulator.trace.Strictness;
import io.hdfslocalcache.simulator.trace.TestTraces;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/**
 * A shadow-mode {@link LiveModel} fed every event of a trace, one call per event with blocks named
 * by pool and id, counts exactly what the simulator's {@link Replayer} counts on that trace: every
 * {@link ModelTotals} field, HDD microseconds included, and the blocks it still tracks are the
 * blocks the replay's cache holds at the end. Random traces (re-reads, appends, deletes, old
 * readers, clocks that step back), both fill modes, guard off, on with a tight allowance, on with a
 * write budget that runs out, caches from a few pages (indexes recycled all the time) to unbounded;
 * totals are also read between events, which must change nothing.
 */
class LiveModelParityTest {
  private static final long PAGE = 1024;

  private static ModelTotals live(Trace trace, CandidateSpec spec) {
    LiveModel model = new LiveModel(spec);
    long events = 0;
    for (EventLog.Chunk chunk : trace.events().chunks()) {
      for (int i = 0; i < chunk.count(); i++) {
        int version = chunk.version[i];
        int block = trace.versionBlock()[version];
        String pool = trace.pool(block);
        long id = trace.blockId()[block];
        long genStamp = trace.versionGenStamp()[version];
        long time = chunk.timeMs[i];
        Op op = Op.of(chunk.op[i]);
        switch (op) {
          case READ ->
              model.read(
                  pool,
                  id,
                  genStamp,
                  trace.versionLength()[version],
                  chunk.offset[i],
                  chunk.length[i],
                  time);
          case WRITE -> model.write(pool, id, genStamp, time);
          case DELETE -> model.delete(pool, id, time);
        }
        if (++events % 97 == 0) {
          model.totals(); // a metrics thread's read between events changes nothing
        }
      }
    }
    return model.totals();
  }

  @Test
  void liveModel_everyEventOfRandomTraces_sameTotalsAsReplayer() throws Exception {
    long[] capacities = {3000, 9000, 40_000, Long.MAX_VALUE};
    int[] thresholds = {0, 2};
    ModelTotals[] seen = new ModelTotals[6 * 4 * 2 * 2 * 3 * 2];
    int n = 0;
    int tunedDiffered = 0;
    for (long seed = 0; seed < 6; seed++) {
      Random random = new Random(seed);
      // Slow traces (steps up to 40 s) and fast ones (200 ms: fills outrun the allowance)
      int step = seed % 2 == 0 ? 40_000 : 200;
      Trace trace =
          TestTraces.parse(
              RandomTraces.generate(random, 2000, step, step == 200 ? 64 : 16).csv(),
              TraceFormat.CSV,
              Strictness.STRICT);
      for (long capacity : capacities) {
        for (int threshold : thresholds) {
          for (FillMode fill : FillMode.values()) {
            for (int guard = 0; guard < 6; guard++) {
              // the same three guards with admission at a fixed threshold, then tuned
              boolean tuned = guard >= 3;
              // off; on (the DataNode's 12 buckets and allowance) over a short window; on with a
              // write budget that runs out
              long window = guard % 3 == 1 ? 12 * 5_000 : 600_000 + 60_000 * random.nextInt(10);
              double dwpd = guard % 3 == 2 ? 20 + random.nextInt(200) : 0;
              RateLimitConfig admission =
                  RateLimitConfig.defaults()
                      .withThreshold(threshold)
                      .withBucketCount(5)
                      .withBucketDuration(Duration.ofMinutes(1));
              CandidateSpec spec =
                  new CandidateSpec(
                          "c", admission, capacity, fill, PAGE, guard % 3 > 0, window, dwpd)
                      .withTuning(tuned);
              RunConfig config =
                  new RunConfig(
                      PolicySpec.parse(
                          (tuned ? "tuned" : "bucket-time")
                              + ":threshold="
                              + threshold
                              + ",buckets=5"),
                      capacity,
                      fill,
                      PAGE,
                      1,
                      new GuardSettings(
                          guard % 3 > 0,
                          window,
                          GuardConfig.DEFAULT_BUCKET_COUNT,
                          GuardConfig.DEFAULT_ALLOWANCE_FRACTION,
                          dwpd));
              Replayer replayer = new Replayer(trace, config, new LongAdder());
              RunResult result = replayer.run().result();
              ModelTotals expected = replayer.totals();
              String what = "seed " + seed + " " + spec + " dwpd " + dwpd + " window " + window;
              assertEquals(expected, live(trace, spec), what);
              // The replay's own figures are those totals (the micros round each batch of IOs, at
              // most two batches per read: what the HDD served, and a fill).
              assertEquals(result.hits(), expected.hits, what);
              assertEquals(result.ssdBytesWritten(), expected.ssdBytesWritten, what);
              assertEquals(
                  result.diskHeadSecondsWithCache(),
                  expected.hddMicrosWithCache / 1e6,
                  expected.reads * 1e-6,
                  what);
              if (tuned && !expected.equals(seen[n - 3])) {
                tunedDiffered++; // the fixed run with the same guard was three runs before
              }
              seen[n++] = expected;
            }
          }
        }
      }
    }
    // Tuning moved the threshold in some runs (those with a write budget that runs out).
    assertTrue(tunedDiffered > 10, "tuned runs unlike their fixed twin: " + tunedDiffered);
    // The traces reach every rule, and the recycling of indexes.
    long[] sums = new long[8];
    for (ModelTotals t : seen) {
      sums[0] += t.fillsDeniedByGuard - t.fillsDeniedForWriteBudget;
      sums[1] += t.fillsDeniedForWriteBudget;
      sums[2] += t.partialHits;
      sums[3] += t.evictions;
      sums[4] += t.invalidations;
      sums[5] += t.deletions;
      sums[6] += t.fillsTooLarge;
      sums[7] += t.pageFills;
    }
    for (int i = 0; i < sums.length; i++) {
      assertTrue(sums[i] > 100, "rule " + i + " reached only " + sums[i] + " times");
    }
  }
}
