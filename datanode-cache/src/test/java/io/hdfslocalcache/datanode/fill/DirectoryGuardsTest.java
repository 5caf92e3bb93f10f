package io.hdfslocalcache.datanode.fill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.dir.DirectoryFixture;
import io.hdfslocalcache.guard.FillVerdict;
import io.hdfslocalcache.guard.GuardState;
import io.hdfslocalcache.model.AdmissionTuning;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.CacheRoom;
import io.hdfslocalcache.model.policy.ThresholdTuner;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;
import io.hdfslocalcache.time.FakeClock;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SSD write budget across a restart, on a real RocksDB index: what fills spent stays spent
 * (only the time since adds to it), so a restart never hands a paused directory a whole capacity.
 */
class DirectoryGuardsTest {
  private static final long MIB = 1 << 20;
  private static final long CAPACITY = 10 * MIB;
  private static final long DAY = 86_400_000L;

  @TempDir Path root;
  private final FakeClock clock = new FakeClock(1_000_000);

  /** Guard on, 0.5 drive writes a day, a day's window (no cost pause: the fills cost nothing). */
  private DirectoryGuards guards(DirectoryFixture d) {
    FillPolicy policy = new FillPolicy(FillMode.BLOCK, true, 0.5, DAY, AdmissionTuning.FIXED);
    return new DirectoryGuards(Collections.singletonList(d.dir), policy, clock);
  }

  private DirectoryFixture dir() throws Exception {
    return new DirectoryFixture(0, root, CAPACITY, 10, CacheClock.SYSTEM);
  }

  /** Spends 8 of the 10 MiB burst and is refused the next 4 MiB: paused on the budget. */
  private void spendAndStop() throws Exception {
    DirectoryFixture d = dir();
    DirectoryGuards g = guards(d);
    assertEquals(FillVerdict.ALLOW, g.tryFill(d.dir, 0, 0, 4 * MIB));
    assertEquals(FillVerdict.ALLOW, g.tryFill(d.dir, 0, 0, 4 * MIB));
    assertEquals(FillVerdict.DENY_WRITE_BUDGET, g.tryFill(d.dir, 0, 0, 4 * MIB));
    assertEquals(GuardState.PAUSED_WRITE_BUDGET, g.of(d.dir).state());
    d.close(); // drains the index writer, as a DataNode stop does
  }

  @Test
  void restart_budgetSpent_staysSpentAndPaused() throws Exception {
    spendAndStop();

    try (DirectoryFixture d = dir()) {
      DirectoryGuards g = guards(d);

      assertEquals(GuardState.PAUSED_WRITE_BUDGET, g.of(d.dir).state());
      assertEquals(2 * MIB, g.of(d.dir).writeBudgetAvailableBytes());
      assertEquals(FillVerdict.DENY_WRITE_BUDGET, g.tryFill(d.dir, 0, 0, MIB));
      assertEquals(
          1, g.of(d.dir).snapshot().transitions(), "the restored pause is one logged change");
    }
  }

  @Test
  void restart_threeQuartersOfADayLater_refilledForTheTimeSinceAndResumed() throws Exception {
    spendAndStop();
    clock.advanceMillis(DAY * 3 / 4); // 0.5 x 10 MiB a day: 3.75 MiB in 18 hours

    try (DirectoryFixture d = dir()) {
      DirectoryGuards g = guards(d);

      assertEquals(2 * MIB + 15 * MIB / 4, g.of(d.dir).writeBudgetAvailableBytes(), 1.0);
      // Resumes at a window's refill (5 MiB), as if the DataNode had run on.
      assertEquals(GuardState.FILLING, g.of(d.dir).state());
      assertEquals(FillVerdict.ALLOW, g.tryFill(d.dir, 0, 0, 4 * MIB));
    }
  }

  @Test
  void restart_budgetTakenThenStoppedUnpaused_keepsTheLevel() throws Exception {
    try (DirectoryFixture d = dir()) {
      assertEquals(FillVerdict.ALLOW, guards(d).tryFill(d.dir, 0, 0, 7 * MIB));
    }

    try (DirectoryFixture d = dir()) {
      DirectoryGuards g = guards(d);

      assertEquals(3 * MIB, g.of(d.dir).writeBudgetAvailableBytes());
      assertEquals(GuardState.FILLING, g.of(d.dir).state());
      assertEquals(0, g.of(d.dir).snapshot().transitions());
    }
  }

  @Test
  void add_everyDirectoryJoinsLate_countsInTheTunersBudget() throws Exception {
    FillPolicy policy = new FillPolicy(FillMode.BLOCK, true, 0.5, DAY, AdmissionTuning.AUTO);
    DirectoryGuards g = new DirectoryGuards(Collections.emptyList(), policy, clock);
    ThresholdTuner tuner =
        g.admissionPolicy(RateLimitConfig.defaults(), clock, CacheRoom.NEVER).tuner().get();
    assertFalse(tuner.tunes(), "no directory yet: no budget");

    try (DirectoryFixture d = dir()) {
      g.add(d.dir);

      assertTrue(tuner.tunes(), "the joined directory's budget is the tuner's");
      // Its rate and burst with its level: a full budget reads as full, not as nothing.
      assertEquals(1.0, tuner.budgetShare());
    }
  }

  @Test
  void admissionPolicy_tuningOutcome_runsOutcomeOnTheBudgetAndCapacity() throws Exception {
    FillPolicy policy = new FillPolicy(FillMode.BLOCK, true, 0.5, DAY, AdmissionTuning.OUTCOME);
    try (DirectoryFixture d = dir()) {
      DirectoryGuards g = new DirectoryGuards(Collections.singletonList(d.dir), policy, clock);
      AdmissionPolicy p = g.admissionPolicy(RateLimitConfig.defaults(), clock, CacheRoom.NEVER);

      assertTrue(p.ladder().isPresent(), "outcome's ladder");
      assertTrue(p.ladder().get().moves(), "the directory's capacity to model");
      assertFalse(p.tuner().isPresent());
      assertEquals(RateLimitConfig.defaults().threshold(), p.thresholdInEffect());
      assertTrue(policy.tunesAdmission(), "told the write budget");
    }
  }

  @Test
  void leave_outOfService_resizesTheTunerToTheRest() throws Exception {
    FillPolicy policy = new FillPolicy(FillMode.BLOCK, true, 0.5, DAY, AdmissionTuning.AUTO);
    try (DirectoryFixture a = new DirectoryFixture(0, root.resolve("a"), CAPACITY, 10, clock);
        DirectoryFixture b = new DirectoryFixture(1, root.resolve("b"), CAPACITY, 10, clock)) {
      DirectoryGuards g = new DirectoryGuards(Arrays.asList(a.dir, b.dir), policy, clock);
      ThresholdTuner tuner =
          g.admissionPolicy(RateLimitConfig.defaults(), clock, CacheRoom.NEVER).tuner().get();
      assertEquals(FillVerdict.ALLOW, g.tryFill(a.dir, 0, 0, 8 * MIB));
      assertEquals(1.0, tuner.budgetShare(), "as at bind (a step or a resize takes it anew)");

      g.leave(b.dir.health()); // b's SSD failed: its full 10 MiB no longer count

      assertFalse(g.counts(b.dir));
      assertEquals(CAPACITY, g.budgetBurstBytes());
      assertEquals(0.2, tuner.budgetShare(), 1e-9, "a's 2 MiB of its 10, not 12 of 20");
    }
  }

  @Test
  void add_directoryAlreadyOutOfService_countsInNoBudget() throws Exception {
    try (DirectoryFixture d = dir()) {
      d.dir.health().takeOutOfService("failed before its guard was made");
      DirectoryGuards g = guards(d);

      assertFalse(g.counts(d.dir));
      assertEquals(0, g.budgetBurstBytes());
      assertEquals(0, g.budgetBytesPerDay());
    }
  }
}
