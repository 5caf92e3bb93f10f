package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.GuardMetrics;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fill guard on a live DataNode: a workload whose fills never pay back (every block is read
 * just enough to be admitted, then never again) is stopped after the guard's allowance, with its
 * state and both sides of its ledger in the metrics; the reads themselves are unaffected.
 */
class FillGuardIT {
  @TempDir java.nio.file.Path base;
  CacheCluster c;

  @AfterEach
  void stop() {
    if (c != null) {
      c.close();
    }
  }

  private long fillsCompletedAfterOneShotReads(boolean guard) throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.setBoolean(CacheKeys.FILL_GUARD, guard);
    // A 10 s window: an allowance of 0.5 s of disk time, about 16 fills of a 1 MB block.
    conf.set(CacheKeys.FILL_GUARD_WINDOW, "10s");
    conf.set(CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY, "0");
    c = CacheCluster.start(conf, 1);
    int blocks = 48;
    byte[][] data = new byte[blocks][];
    for (int i = 0; i < blocks; i++) {
      data[i] =
          c.write(new org.apache.hadoop.fs.Path("/once-" + i), CacheCluster.BLOCK, (short) 1, i);
    }
    // The admitting reads within about one window, so the allowance renews at most once.
    for (int i = 0; i < blocks; i++) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/once-" + i);
      c.pread(p, 0, 4096);
      assertArrayEquals(
          java.util.Arrays.copyOf(data[i], 4096),
          c.pread(p, 0, 4096),
          "reads are never affected by the guard"); // admits: a whole-block fill
    }
    CacheCluster.await(
        "every admitted fill ended",
        () ->
            c.counter("fill.completed")
                    + c.counter("fill.guard_cost")
                    + c.counter(FillMetrics.REJECTED)
                >= blocks);
    return c.counter("fill.completed");
  }

  @Test
  void fills_neverPayBack_guardPausesThemAndSaysSo() throws Exception {
    long completed = fillsCompletedAfterOneShotReads(true);
    assertTrue(completed < 30, "fills past the allowance refused; completed " + completed);
    assertTrue(c.counter("fill.guard_cost") >= 18, "" + c.counter("fill.guard_cost"));
    assertEquals(1, gauge(DirectoryNames.of(0, GuardMetrics.STATE)), "paused for cost");
    assertTrue((Long) gauge(DirectoryNames.of(0, GuardMetrics.FILL_COST_MICROS)) > 0);
    assertEquals(
        0L,
        gauge(DirectoryNames.of(0, GuardMetrics.SAVED_MICROS)),
        "nothing was read from the cache");
    assertTrue((Long) gauge(DirectoryNames.of(0, GuardMetrics.TRANSITIONS)) >= 1);
  }

  @Test
  void fills_neverPayBackGuardOff_everyFillRuns() throws Exception {
    assertEquals(48, fillsCompletedAfterOneShotReads(false));
    assertEquals(0, c.counter("fill.guard_cost"));
  }

  private Object gauge(String name) {
    return c.cache(0).metrics().getGauges().get(name).getValue();
  }
}
