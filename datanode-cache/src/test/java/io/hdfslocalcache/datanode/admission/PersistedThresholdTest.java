package io.hdfslocalcache.datanode.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.index.OwnRecord;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.LiveRung;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.model.policy.PolicyType;
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
    return bound(configured, perDay, PolicyType.TUNED);
  }

  /** The DataNode's policy {@code type} with threshold {@code configured}, bound as above. */
  private AdmissionPolicy bound(int configured, double perDay, PolicyType type) {
    AdmissionPolicy p =
        PolicySpec.dataNode(RateLimitConfig.defaults().withThreshold(configured), type).create();
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
    indexes.get(0).putOwn(OwnRecord.TUNED_THRESHOLD, t);
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
    indexes.get(0).putOwn(OwnRecord.TUNED_THRESHOLD, new TunedThreshold(CONFIGURED, 9, 0, 2_000));
    indexes.get(1).putOwn(OwnRecord.TUNED_THRESHOLD, new TunedThreshold(CONFIGURED, 5, 0, 1_000));
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
      assertFalse(after.get(0).loadOwn(OwnRecord.TUNED_THRESHOLD).isPresent());
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
    indexes.get(0).putOwn(OwnRecord.TUNED_THRESHOLD, other);
    p.save();
    close(indexes);
    List<BlockIndex> after = open("ssd1");
    try {
      assertEquals(
          Arrays.asList(other),
          Arrays.asList(after.get(0).loadOwn(OwnRecord.TUNED_THRESHOLD).get()));
      assertTrue(!first.equals(other));
    } finally {
      close(after);
    }
  }

  @Test
  void restore_fixedThresholdPolicy_notTuningAndNothingKept() throws Exception {
    List<BlockIndex> indexes = open("ssd1");
    indexes.get(0).putOwn(OwnRecord.TUNED_THRESHOLD, new TunedThreshold(CONFIGURED, 9, 0, 2_000));
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
      assertEquals(state, after.get(0).loadOwn(OwnRecord.TUNED_THRESHOLD).get(), "saved to it");
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

  /**
   * Outcome admission for eight hours of blocks read ten times an hour (its rung goes below the
   * configured 15), the maintenance thread saving every minute.
   */
  private AdmissionPolicy outcomeMovedDown(PersistedThreshold[] saver, List<BlockIndex> indexes) {
    AdmissionPolicy p = bound(15, PER_DAY, PolicyType.OUTCOME);
    saver[0] = new PersistedThreshold(p, indexes);
    assertEquals(TunerRestore.NONE_SAVED, saver[0].restore());
    for (int minute = 0; minute < 8 * 60; minute++) {
      for (long key = minute % 6; key < 300; key += 6) {
        p.startRead(key).ended(0, 1 << 20, 128 << 20);
      }
      clock.advanceMillis(ThresholdTuner.STEP_MILLIS);
      saver[0].save();
    }
    assertTrue(p.effectiveThreshold() < 15, "moved down: " + p.effectiveThreshold());
    return p;
  }

  @Test
  void restore_outcomeAfterRestart_liveRungKept() throws Exception {
    List<BlockIndex> before = open("ssd1", "ssd2");
    PersistedThreshold[] saver = new PersistedThreshold[1];
    int rung = outcomeMovedDown(saver, before).effectiveThreshold();
    close(before);
    clock.advanceMillis(600_000); // down ten minutes

    List<BlockIndex> after = open("ssd2", "new-ssd3");
    try {
      AdmissionPolicy restarted = bound(15, PER_DAY, PolicyType.OUTCOME);
      assertEquals(15, restarted.effectiveThreshold(), "before the restore");
      assertEquals(TunerRestore.RESTORED, new PersistedThreshold(restarted, after).restore());
      assertEquals(rung, restarted.effectiveThreshold());
      assertEquals(rung, restarted.thresholdInEffect());
    } finally {
      close(after);
    }
  }

  @Test
  void restore_outcomeRungUnderAnotherTuning_neitherReadsTheOther() throws Exception {
    List<BlockIndex> before = open("ssd1");
    PersistedThreshold[] saver = new PersistedThreshold[1];
    outcomeMovedDown(saver, before);
    before.get(0).putOwn(OwnRecord.TUNED_THRESHOLD, new TunedThreshold(15, 40, 0, 1_000));
    close(before);

    List<BlockIndex> after = open("ssd1");
    try {
      AdmissionPolicy tuned = policy(15, PER_DAY);
      PersistedThreshold p = new PersistedThreshold(tuned, after);
      assertEquals(TunerRestore.RESTORED, p.restore());
      assertEquals(40, tuned.effectiveThreshold(), "the tuner's own record");
      AdmissionPolicy outcome7 = bound(7, PER_DAY, PolicyType.OUTCOME);
      assertEquals(
          TunerRestore.CONFIGURED_CHANGED, new PersistedThreshold(outcome7, after).restore());
      assertEquals(7, outcome7.effectiveThreshold());
    } finally {
      close(after);
    }
  }

  @Test
  void restore_outcomeAfterAnUpgradeFromAuto_startsAtTheConfiguredThresholdThenKeepsItsRung()
      throws Exception {
    leftBehind("ssd1", new TunedThreshold(15, 40, 0, 1_000)); // all a DataNode under auto kept

    List<BlockIndex> after = open("ssd1");
    try {
      AdmissionPolicy outcome = bound(15, PER_DAY, PolicyType.OUTCOME);
      PersistedThreshold kept = new PersistedThreshold(outcome, after);
      assertEquals(TunerRestore.NONE_SAVED, kept.restore());
      assertEquals(15, outcome.effectiveThreshold(), "F, not the tuner's 40");
      kept.save();
      assertEquals(15, awaitRung(after.get(0)).threshold(), "its own record from now on");
      assertEquals(40, after.get(0).loadOwn(OwnRecord.TUNED_THRESHOLD).get().threshold());
    } finally {
      close(after);
    }
  }

  @Test
  void restore_fineRungOntoTheCoarseLadder_ladderChangedNotAnError() throws Exception {
    List<BlockIndex> before = open("ssd1");
    before.get(0).putOwn(OwnRecord.LIVE_RUNG, new LiveRung(15, 21, 1_000)); // saved under split=2
    close(before);

    List<BlockIndex> after = open("ssd1");
    try {
      AdmissionPolicy coarse = bound(15, PER_DAY, PolicyType.OUTCOME);
      assertEquals(TunerRestore.LADDER_CHANGED, new PersistedThreshold(coarse, after).restore());
      assertEquals(15, coarse.effectiveThreshold());
    } finally {
      close(after);
    }
  }

  @Test
  void save_outcomeRungUnmoved_writesNothingNew() throws Exception {
    List<BlockIndex> indexes = open("ssd1");
    try {
      AdmissionPolicy p = bound(15, PER_DAY, PolicyType.OUTCOME);
      PersistedThreshold kept = new PersistedThreshold(p, indexes);
      kept.save();
      assertFalse(
          indexes.get(0).loadOwn(OwnRecord.LIVE_RUNG).isPresent(),
          "nothing before a restore was tried");
      kept.restore();
      kept.save();
      LiveRung first = awaitRung(indexes.get(0));
      clock.advanceMillis(ThresholdTuner.STEP_MILLIS);
      kept.save();
      assertEquals(first, awaitRung(indexes.get(0)), "the same rung: the record as it was");
    } finally {
      close(indexes);
    }
  }

  /** The rung {@code index} holds once its queued writes are done. */
  private static LiveRung awaitRung(BlockIndex index) throws Exception {
    while (index.queuedWrites() > 0) {
      Thread.sleep(1);
    }
    return index.loadOwn(OwnRecord.LIVE_RUNG).get();
  }
}
