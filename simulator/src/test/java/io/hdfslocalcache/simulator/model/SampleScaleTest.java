package io.hdfslocalcache.simulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.trace.BlockSample;
import io.hdfslocalcache.simulator.trace.Strictness;
import io.hdfslocalcache.simulator.trace.TestTraces;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

class SampleScaleTest {
  private static final long PAGE = 1 << 20;
  private static final RunConfig FULL =
      new RunConfig(
          PolicySpec.parse("tuned"), 10L << 30, FillMode.PAGES, PAGE, 12, GuardSettings.defaults());

  @Test
  void scaled_tenthOfTheBlocks_tenthOfTheCacheAndSoOfTheWriteBudget() {
    RunConfig c = new SampleScale(new BlockSample(0.1)).scaled(FULL);
    assertEquals(1L << 30, c.cacheSizeBytes());
    assertEquals(FULL.policy(), c.policy());
    assertEquals(FULL.guard(), c.guard(), "the guard sizes its budget by the capacity");
    assertSame(FULL, new SampleScale(BlockSample.ALL).scaled(FULL));
  }

  @Test
  void scaled_cacheUnderSixtyFourPages_errorSaysSo() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new SampleScale(new BlockSample(0.001)).scaled(FULL));
    assertTrue(e.getMessage().contains("--sample-blocks 0.001"), e.getMessage());
    assertTrue(e.getMessage().contains("under 64 pages"), e.getMessage());
  }

  @Test
  void unscaled_sampledRun_countsBytesAndTimesByInverseRatiosKept() throws Exception {
    String csv =
        "timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length\n"
            + "0,p,1,1,READ,0,4096\n60000,p,1,1,READ,0,4096\n120000,p,2,1,READ,0,4096";
    RunConfig small =
        new RunConfig(PolicySpec.parse("admit-all"), 64 * PAGE, FillMode.PAGES, PAGE, 1);
    RunOutcome o =
        new Replayer(
                TestTraces.parse(csv, TraceFormat.CSV, Strictness.STRICT), small, new LongAdder())
            .run();
    RunConfig original =
        new RunConfig(PolicySpec.parse("admit-all"), 256 * PAGE, FillMode.PAGES, PAGE, 1);
    RunOutcome up = new SampleScale(new BlockSample(0.25)).unscaled(o, original);
    RunResult r = o.result();
    RunResult u = up.result();
    assertEquals(256 * PAGE, u.cacheSizeBytes());
    assertEquals(4 * r.reads(), u.reads());
    assertEquals(4 * r.hitBytes(), u.hitBytes());
    assertEquals(4 * r.ssdBytesWritten(), u.ssdBytesWritten());
    assertEquals(4 * r.admissions(), u.admissions());
    assertEquals(4 * r.diskHeadSecondsWithCache(), u.diskHeadSecondsWithCache(), 1e-9);
    assertEquals(
        4 * r.meanDiskUtilizationWithoutCache(), u.meanDiskUtilizationWithoutCache(), 1e-12);
    assertEquals(4 * o.series().withCache()[0], up.series().withCache()[0], 1e-12);
    assertEquals(r.byteHitRatio(), u.byteHitRatio());
    assertEquals(r.hitRatio(), u.hitRatio());
    assertEquals(r.guardTransitions(), u.guardTransitions());
    assertTrue(r.hitBytes() > 0, "the second read of block 1 hits");
    assertSame(original, up.config());
  }

  @Test
  void unscaled_replicaFigures_bytesByInverseThePooledCacheTheFleets() {
    ReplicaResult r = new ReplicaResult(3, 100, 200, 50, 3 * 64 * PAGE, 1000, 0.5, 2.0, 4.0);
    RunConfig original =
        new RunConfig(PolicySpec.parse("admit-all"), 640 * PAGE, FillMode.PAGES, PAGE, 1);
    ReplicaResult u = new SampleScale(new BlockSample(0.1)).unscaled(r, original);
    assertEquals(new ReplicaResult(3, 1000, 2000, 500, 3 * 640 * PAGE, 10_000, 0.5, 20.0, 40.0), u);
  }
}
