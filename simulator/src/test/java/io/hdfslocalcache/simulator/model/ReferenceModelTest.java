package io.hdfslocalcache.simulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.trace.Strictness;
import io.hdfslocalcache.simulator.trace.TestTraces;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/**
 * The simulator against {@link ReferenceModel}, to the last byte: random traces (re-reads at other
 * offsets, appends, deletes, old readers, clocks that step back) in both fill modes, with and
 * without the guard and its write budget, at cache sizes from a few pages to unbounded.
 */
class ReferenceModelTest {
  private static final long PAGE = 1024;

  private static ReferenceModel.Totals compare(
      Trace trace, RandomTraces.Generated g, ReferenceModel.Params p, String what) {
    String policy =
        p.threshold() < 0
            ? "admit-all"
            : "bucket-time:threshold=" + p.threshold() + ",buckets=" + p.buckets() + ",bucket=1m";
    GuardSettings guard =
        new GuardSettings(p.guard(), p.guardWindowMs(), p.guardBuckets(), p.allowance(), p.dwpd());
    RunConfig config =
        new RunConfig(
            PolicySpec.parse(policy),
            p.capacity(),
            p.pages() ? FillMode.PAGES : FillMode.BLOCK,
            p.pageSize(),
            1,
            guard);
    RunResult r = new Replayer(trace, config, new LongAdder()).run().result();
    ReferenceModel.Totals t = ReferenceModel.run(g.events(), p);
    ReferenceModel.Totals actual =
        new ReferenceModel.Totals(
            r.reads(),
            r.readBytes(),
            r.hits(),
            r.partialHits(),
            r.hitBytes(),
            r.ssdBytesWritten(),
            r.hddBytesRead(),
            r.fillBytesRead(),
            r.admissions(),
            r.pageFills(),
            r.fillsTooLarge(),
            r.fillsDeniedCost(),
            r.fillsDeniedWriteBudget(),
            r.guardTransitions(),
            r.guardPausedSeconds(),
            r.evictions(),
            r.invalidations(),
            r.deletions(),
            t.secondsWith(),
            t.secondsWithout());
    assertEquals(t, actual, what);
    assertEquals(t.secondsWith(), r.diskHeadSecondsWithCache(), 1e-9 * t.secondsWith(), what);
    assertEquals(t.secondsWithout(), r.diskHeadSecondsWithoutCache(), 1e-9 * t.secondsWith(), what);
    return t;
  }

  @Test
  void run_randomTracesBothModesWithAndWithoutGuard_matchReferenceExactly() throws Exception {
    long[] capacities = {3000, 9000, 40_000, Long.MAX_VALUE};
    int[] thresholds = {-1, 0, 2};
    long checked = 0;
    long guardDenials = 0;
    long budgetDenials = 0;
    long partials = 0;
    long transitions = 0;
    long tooLarge = 0;
    for (long seed = 0; seed < 5; seed++) {
      Random random = new Random(seed);
      RandomTraces.Generated g = RandomTraces.generate(random, 2000, 40_000, 16);
      Trace trace = TestTraces.parse(g.csv(), TraceFormat.CSV, Strictness.STRICT);
      for (long capacity : capacities) {
        for (int threshold : thresholds) {
          for (boolean pages : new boolean[] {false, true}) {
            for (int guard = 0; guard < 3; guard++) {
              // off; on with a tight allowance; on with a write budget that runs out
              ReferenceModel.Params p =
                  new ReferenceModel.Params(
                      threshold,
                      5,
                      60_000,
                      capacity,
                      pages,
                      PAGE,
                      guard > 0,
                      600_000 + 60_000 * random.nextInt(10),
                      1 + random.nextInt(6),
                      guard == 1 ? 0.0005 * (1 + random.nextInt(4)) : 1,
                      guard == 2 ? 20 + random.nextInt(200) : 0);
              String what = "seed " + seed + " " + p;
              ReferenceModel.Totals t = compare(trace, g, p, what);
              guardDenials += t.deniedCost();
              budgetDenials += t.deniedBudget();
              partials += t.partialHits();
              transitions += t.transitions();
              tooLarge += t.tooLarge();
              checked++;
            }
          }
        }
      }
    }
    // The traces reach every rule: refusals and pauses for cost and for the budget, partial hits.
    assertTrue(guardDenials > 1000, "cost denials " + guardDenials);
    assertTrue(budgetDenials > 1000, "budget denials " + budgetDenials);
    assertTrue(partials > 1000, "partial hits " + partials);
    assertTrue(transitions > 100, "guard transitions " + transitions);
    assertTrue(tooLarge > 100, "fills too large " + tooLarge);
    assertEquals(5 * 4 * 3 * 2 * 3, checked);
  }
}
