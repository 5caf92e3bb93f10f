package io.hdfslocalcache.datanode.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.model.policy.ThresholdTuner;
import io.hdfslocalcache.model.policy.TunedThreshold;
import io.hdfslocalcache.model.policy.TunerRestore;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.FakeClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admission threshold in use across a restart, on real RocksDB indexes: a tuner raised by fills
 * the budget cannot give is saved, and a new tuner (the restarted DataNode's) goes on at its
 * threshold, since the time it took it, instead of at the configured threshold.
 */
class PersistedThresholdTest {
  private static final long CAPACITY = 100L << 30;
  private static final double PER_DAY = 0.5 * CAPACITY;
  private static final double PER_STEP = PER_DAY * ThresholdTuner.STEP_MILLIS / 86_400_000.0;
  private static final int CONFIGURED = 3;

  @TempDir Path root;
  private final FakeClock clock = new FakeClock(1_764_000_000_000L);
  private long asked;

  /**
   * The DataNode's tuned policy with threshold {@code configured}, bound to a budget of {@code
   * perDay}.
   */
  private AdmissionPolicy policy(int configured, double perDay) {
    AdmissionPolicy p =
        PolicySpec.dataNode(RateLimitConfig.defaults().withThreshold(configured), true).create();
    p.bind(
        perDay,
        CAPACITY,
        new ThresholdTuner.Budget() {
          @Override
          public long availableBytes() {
            return (long) (0.05 * CAPACITY); // at the reserve: the target is the refill rate
          }

          @Override
          public long bytesAsked() {
            return asked;
          }
        },
        clock,
        (from, to, demand, target) -> {});
    return p;
  }

  private List<BlockIndex> open(String... dirs) throws Exception {
    List<BlockIndex> out = new ArrayList<>();
    for (String d : dirs) {
      out.add(BlockIndex.open(java.nio.file.Files.createDirectories(root.resolve(d))));
    }
    return out;
  }

  private static void close(List<BlockIndex> indexes) {
    indexes.forEach(BlockIndex::close); // drains the writer, as a DataNode stop does
  }

  /** What a DataNode left in directory {@code dir}'s index when it stopped. */
  private void leftBehind(String dir, TunedThreshold t) throws Exception {
    List<BlockIndex> indexes = open(dir);
    indexes.get(0).putTunedThreshold(t);
    close(indexes);
  }

  /**
   * Two hours of fills asking for 40x the budget at the configured threshold: the threshold rises.
   */
  private ThresholdTuner raise(ThresholdTuner t, PersistedThreshold p) {
    for (int i = 0; i < 120; i++) {
      asked += (long) (40 * PER_STEP * Math.pow(t.threshold() + 1, -1.5));
      clock.advanceMillis(ThresholdTuner.STEP_MILLIS);
      t.threshold();
      p.save(); // the maintenance thread, every round
    }
    assertTrue(t.threshold() > CONFIGURED, "raised: " + t.threshold());
    return t;
  }

  @Test
  void restore_afterRestart_tunedThresholdAndItsTimeKept() throws Exception {
    List<BlockIndex> before = open("ssd1", "ssd2");
    AdmissionPolicy firstPolicy = policy(CONFIGURED, PER_DAY);
    ThresholdTuner first = firstPolicy.tuner().get();
    PersistedThreshold p = new PersistedThreshold(firstPolicy, before);
    assertEquals(TunerRestore.NONE_SAVED, p.restore());
    raise(first, p);
    TunedThreshold state = first.state();
    close(before);
    clock.advanceMillis(600_000); // down ten minutes

    List<BlockIndex> after = open("ssd1", "ssd2");
    try {
      AdmissionPolicy secondPolicy = policy(CONFIGURED, PER_DAY);
      ThresholdTuner second = secondPolicy.tuner().get();
      assertEquals(TunerRestore.RESTORED, new PersistedThreshold(secondPolicy, after).restore());
      assertEquals(state.threshold(), second.threshold());
      assertEquals(state.changedAtMillis(), second.changedAtMillis());
    } finally {
      close(after);
    }
  }

  @Test
  void restore_directoriesDisagree_theNewestChangeWins() throws Exception {
    List<BlockIndex> indexes = open("ssd1", "ssd2");
    indexes.get(0).putTunedThreshold(new TunedThreshold(CONFIGURED, 9, 0, 2_000));
    indexes.get(1).putTunedThreshold(new TunedThreshold(CONFIGURED, 5, 0, 1_000));
    close(indexes);

    List<BlockIndex> after = open("ssd2", "ssd1", "new-ssd3");
    try {
      AdmissionPolicy tPolicy = policy(CONFIGURED, PER_DAY);
      ThresholdTuner t = tPolicy.tuner().get();
      new PersistedThreshold(tPolicy, after).restore();
      assertEquals(9, t.threshold());
      assertEquals(2_000, t.changedAtMillis());
    } finally {
      close(after);
    }
  }

  @Test
  void restore_configuredThresholdChanged_startsAtTheNewOne() throws Exception {
    leftBehind("ssd1", new TunedThreshold(CONFIGURED, 9, 0, 2_000));

    List<BlockIndex> after = open("ssd1");
    try {
      AdmissionPolicy tPolicy = policy(7, PER_DAY);
      ThresholdTuner t = tPolicy.tuner().get();
      assertEquals(
          TunerRestore.CONFIGURED_CHANGED, new PersistedThreshold(tPolicy, after).restore());
      assertEquals(7, t.threshold());
    } finally {
      close(after);
    }
  }

  @Test
  void save_tuningFixed_nothingKept() throws Exception {
    List<BlockIndex> indexes = open("ssd1");
    AdmissionPolicy fixedPolicy = policy(CONFIGURED, 0);
    ThresholdTuner fixed = fixedPolicy.tuner().get();
    PersistedThreshold p = new PersistedThreshold(fixedPolicy, indexes);
    assertEquals(TunerRestore.NOT_TUNING, p.restore());
    p.save();
    close(indexes);

    List<BlockIndex> after = open("ssd1");
    try {
      assertFalse(after.get(0).loadTunedThreshold().isPresent());
    } finally {
      close(after);
    }
  }

  @Test
  void save_unchangedState_noSecondWrite() throws Exception {
    List<BlockIndex> indexes = open("ssd1");
    AdmissionPolicy tPolicy = policy(CONFIGURED, PER_DAY);
    ThresholdTuner t = tPolicy.tuner().get();
    PersistedThreshold p = new PersistedThreshold(tPolicy, indexes);
    p.save();
    TunedThreshold first = t.state();
    // A record another writer left is not overwritten while the tuner's state stays the same.
    TunedThreshold other = new TunedThreshold(CONFIGURED, 4, 0, 5);
    indexes.get(0).putTunedThreshold(other);
    p.save();
    close(indexes);
    List<BlockIndex> after = open("ssd1");
    try {
      assertEquals(Arrays.asList(other), Arrays.asList(after.get(0).loadTunedThreshold().get()));
      assertTrue(!first.equals(other));
    } finally {
      close(after);
    }
  }

  @Test
  void restore_fixedThresholdPolicy_notTuningAndNothingKept() throws Exception {
    List<BlockIndex> indexes = open("ssd1");
    indexes.get(0).putTunedThreshold(new TunedThreshold(CONFIGURED, 9, 0, 2_000));
    AdmissionPolicy fixed =
        PolicySpec.dataNode(RateLimitConfig.defaults().withThreshold(CONFIGURED), false).create();
    fixed.bind(PER_DAY, CAPACITY, null, clock, (from, to, demand, target) -> {});
    PersistedThreshold p = new PersistedThreshold(fixed, indexes);
    try {
      assertEquals(TunerRestore.NOT_TUNING, p.restore());
      assertEquals(CONFIGURED, fixed.effectiveThreshold());
    } finally {
      close(indexes);
    }
  }

  @Test
  void join_noBudgetAtStartUp_restoresFromTheJoinedIndexThenSavesToIt() throws Exception {
    leftBehind("ssd1", new TunedThreshold(CONFIGURED, 9, 0, 2_000));
    List<BlockIndex> late = open("ssd1");
    AdmissionPolicy policy = policy(CONFIGURED, 0); // every directory still opening
    ThresholdTuner t = policy.tuner().get();
    PersistedThreshold p = new PersistedThreshold(policy, new ArrayList<>());
    assertEquals(TunerRestore.NOT_TUNING, p.restore());
    p.save(); // nothing to save to, nor anything restored yet

    t.resize(PER_DAY, CAPACITY); // the directory's guard joined the budget
    p.join(late.get(0));
    assertEquals(9, t.threshold(), "restored from the joined directory");
    raise(t, p);
    TunedThreshold state = t.state();
    close(late);

    List<BlockIndex> after = open("ssd1");
    try {
      assertEquals(state, after.get(0).loadTunedThreshold().get(), "saved to it");
    } finally {
      close(after);
    }
  }

  @Test
  void restore_marginFillsAfterTheRestart_notPushedBackUpUntilAHorizonOfItsOwnEvidence()
      throws Exception {
    // Tuned below the configured 3 by an idle budget while its margin paid, then restarted.
    leftBehind("ssd1", new TunedThreshold(CONFIGURED, 1, 0, 2_000));

    List<BlockIndex> after = open("ssd1");
    try {
      AdmissionPolicy restarted = policy(CONFIGURED, PER_DAY);
      ThresholdTuner t = restarted.tuner().get();
      assertEquals(TunerRestore.RESTORED, new PersistedThreshold(restarted, after).restore());
      for (int i = 0; i < 60; i++) { // an hour of idle budget, margin fills and no hit yet
        t.payback().fill(2_000_000); // two seconds of disk-head time: evidence after one
        clock.advanceMillis(ThresholdTuner.STEP_MILLIS);
        assertEquals(1, t.threshold(), "step " + i);
      }
      for (int i = 0; i < 90; i++) { // past the payback's horizon: its own evidence, no hit
        t.payback().fill(2_000_000);
        clock.advanceMillis(ThresholdTuner.STEP_MILLIS);
      }
      assertEquals(CONFIGURED, t.threshold(), "the margin falls short: back to the configured");
    } finally {
      close(after);
    }
  }
}
