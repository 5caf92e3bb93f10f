package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.time.FakeClock;
import org.junit.jupiter.api.Test;

/** The room rule as {@code auto} runs it ({@code tuned}, through {@link PolicySpec}). */
class RoomRuleTest {
  private static final long BURST = 1L << 40;
  private static final double PER_DAY = BURST / 2.0;

  private final FakeClock clock = new FakeClock(1_000_000);
  private final FakeBudget budget = new FakeBudget(BURST);
  private CacheRoom.State room = CacheRoom.State.ROOM;
  private long nextKey = 1;

  /** Bound to a write budget whose level {@link #budget} holds, told {@link #room}. */
  private AdmissionPolicy policy(String spec, double perDay) {
    AdmissionPolicy p = PolicySpec.parse(spec).create();
    p.bind(perDay, BURST, budget, clock, (from, to, demand, target) -> {});
    p.watch(() -> room);
    return p;
  }

  private AdmissionPolicy policy(String spec) {
    return policy(spec, PER_DAY);
  }

  /** How many reads of a new block in one instant it takes to be admitted. */
  private int readsToAdmit(AdmissionPolicy p) {
    long key = nextKey++;
    for (int n = 1; n <= 5_000; n++) {
      if (p.onRead(key).admits()) {
        return n;
      }
    }
    throw new AssertionError("not admitted in 5000 reads");
  }

  /** Steps the tuner with fills asking for far more than the budget gives: T climbs. */
  private void demandFarAboveTheBudget(AdmissionPolicy p, int steps) {
    for (int i = 0; i < steps; i++) {
      budget.asked += BURST;
      clock.advanceMillis(ThresholdTuner.STEP_MILLIS);
      p.effectiveThreshold();
    }
  }

  @Test
  void onRead_roomAndBudgetAtLeastHalf_admitsAtAQuarterOfTheTunedThreshold() {
    AdmissionPolicy p = policy("tuned:threshold=15");
    demandFarAboveTheBudget(p, 60);
    int t = p.effectiveThreshold();
    assertTrue(t / 4 > ThresholdTuner.lowest(15), "the tuner climbed to " + t);
    assertEquals(t / 4 + 1, readsToAdmit(p));
  }

  @Test
  void onRead_roomAndBudgetAtLeastHalf_admitsNoLowerThanTheTunersLowest() {
    AdmissionPolicy p = policy("tuned:threshold=31"); // 31 / 4 = 7, below lowest(31) = 15
    budget.available = BURST / 2;
    assertEquals(15, ThresholdTuner.lowest(31));
    assertEquals(16, readsToAdmit(p));
  }

  @Test
  void onRead_roomButBudgetBelowHalf_admitsAtTheTunedThreshold() {
    budget.available = BURST / 2 - 1;
    AdmissionPolicy p = policy("tuned:threshold=31");
    assertEquals(32, readsToAdmit(p));
  }

  @Test
  void onRead_cacheFull_admitsAtTheTunedThreshold() {
    room = CacheRoom.State.FULL;
    AdmissionPolicy p = policy("tuned:threshold=31");
    assertEquals(32, readsToAdmit(p));
    room = CacheRoom.State.ROOM; // asked on every read: room again, the rule again
    assertEquals(16, readsToAdmit(p));
  }

  @Test
  void onRead_budgetFallsBelowHalf_ruleEndsAtTheTunersNextStep() {
    AdmissionPolicy p = policy("tuned:threshold=31");
    budget.available = BURST / 4; // not read until the step ends: the guards are not asked per read
    assertEquals(16, readsToAdmit(p));
    clock.advanceMillis(ThresholdTuner.STEP_MILLIS);
    assertEquals(32, readsToAdmit(p));
  }

  @Test
  void onRead_roomRuleAdmits_atItsOwnMargin() {
    AdmissionPolicy p = policy("tuned:threshold=31"); // the rule's threshold: 15
    long key = nextKey++;
    for (int n = 1; n <= 15; n++) {
      assertEquals(AdmissionDecision.REJECT, p.onRead(key));
    }
    // 16 is in (15, 31]: the payback hears this fill and its hits, as it hears the tuner's margin.
    assertEquals(AdmissionDecision.ADMIT_AT_MARGIN, p.onRead(key));
  }

  @Test
  void onRead_marginFallsShortAtTheLastStep_admitsAtTheTunedThreshold() {
    AdmissionPolicy p = policy("tuned:threshold=31");
    MarginalPayback margin = p.tuner().get().payback();
    margin.fill((long) (1e9)); // the margin's fills cost far more than their hits saved
    margin.hit(1);
    assertEquals(16, readsToAdmit(p)); // known only at the tuner's next step
    clock.advanceMillis(ThresholdTuner.STEP_MILLIS);
    p.effectiveThreshold();
    assertEquals(32, readsToAdmit(p));
  }

  @Test
  void onRead_roomRuleOff_admitsAtTheTunedThreshold() {
    AdmissionPolicy p = policy("tuned:threshold=31,room=0");
    assertEquals(32, readsToAdmit(p));
  }

  @Test
  void onRead_noWriteBudget_admitsAtTheConfiguredThreshold() {
    AdmissionPolicy p = policy("tuned:threshold=31", 0);
    assertEquals(32, readsToAdmit(p));
  }

  @Test
  void onRead_roomNeverTold_admitsAtTheTunedThreshold() {
    AdmissionPolicy p = PolicySpec.parse("tuned:threshold=31").create();
    p.bind(PER_DAY, BURST, new FakeBudget(BURST), clock, (from, to, demand, target) -> {});
    assertEquals(32, readsToAdmit(p));
  }

  @Test
  void parse_roomNotZeroOrOne_failsNamingIt() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("tuned:room=2"));
    assertTrue(e.getMessage().startsWith("tuned: room must be"), e.getMessage());
  }

  @Test
  void parse_roomGivenOrNot_nameShowsItOnlyWhenGiven() {
    assertEquals(
        "tuned:threshold=15,buckets=60,bucket=1m", PolicySpec.parse("tuned:threshold=15").name());
    assertEquals(
        "tuned:threshold=15,buckets=60,bucket=1m,room=0",
        PolicySpec.parse("tuned:threshold=15,room=0").name());
  }
}
