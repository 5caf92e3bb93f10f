package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.time.FakeClock;
import org.junit.jupiter.api.Test;

/** {@code outcome}'s room rule ({@link OutcomeRoom}, {@code room}), through {@link PolicySpec}. */
class OutcomeRoomTest {
  private static final long BURST = 1L << 40;
  private static final double PER_DAY = BURST / 2.0;
  private static final long MIB = 1 << 20;

  private final FakeClock clock = new FakeClock(1_000_000);
  private final FakeBudget budget = new FakeBudget(BURST);
  private CacheRoom.State room = CacheRoom.State.ROOM;
  private long nextKey = 1;

  /** Bound to a write budget whose level {@link #budget} holds, told {@link #room}. */
  private AdmissionPolicy policy(String spec) {
    AdmissionPolicy p = PolicySpec.parse(spec).create();
    p.bind(PER_DAY, BURST, budget, clock, (from, to, demand, target) -> {});
    p.watch(() -> room);
    return p;
  }

  /** How many reads of a new block in one instant it takes to be admitted (the law steps). */
  private int readsToAdmit(AdmissionPolicy p) {
    long key = nextKey++;
    for (int n = 1; n <= 5_000; n++) {
      if (p.onRead(key, 0, MIB, 128 * MIB).admits()) {
        return n;
      }
    }
    throw new AssertionError("not admitted in 5000 reads");
  }

  /** Lets {@code minutes} of steps pass with no reads but the next one's. */
  private void idle(int minutes) {
    clock.advanceMillis((long) minutes * OutcomeAdmission.STEP_MS);
  }

  @Test
  void onRead_roomDuringTheWarmUp_admitsAboveTheBottomRung() {
    AdmissionPolicy p = policy("outcome:threshold=15,room=1");
    assertEquals(4, readsToAdmit(p)); // the bottom rung, 3 (= 15 / 4)
    assertEquals(3, p.thresholdInEffect());
    assertEquals(15, p.effectiveThreshold()); // the live rung, what a restart keeps
  }

  @Test
  void state_roomHolds_savesTheLiveRungForARestart() {
    AdmissionPolicy p = policy("outcome:threshold=15,room=1");
    assertEquals(3, p.thresholdInEffect());
    assertEquals(15, p.ladder().orElseThrow().state().threshold());
  }

  @Test
  void onRead_roomOff_admitsAboveTheLiveRung() {
    assertEquals(16, readsToAdmit(policy("outcome:threshold=15,room=0")));
  }

  @Test
  void onRead_roomNotGiven_admitsAboveTheBottomRungDuringTheWarmUp() {
    assertEquals(4, readsToAdmit(policy("outcome:threshold=15"))); // room=1, the default
  }

  @Test
  void onRead_roomAfterTheWarmUp_admitsAboveTheLiveRung() {
    AdmissionPolicy p = policy("outcome:threshold=15,room=1");
    idle(61); // the law's first H / 2 = 60 steps run at the next read
    assertEquals(16, readsToAdmit(p));
    assertEquals(15, p.thresholdInEffect());
  }

  @Test
  void onRead_roomAlwaysAfterTheWarmUp_admitsAboveTheBottomRung() {
    AdmissionPolicy p = policy("outcome:threshold=15,room=2");
    idle(61);
    assertEquals(4, readsToAdmit(p));
  }

  @Test
  void onRead_cacheFull_admitsAboveTheLiveRung() {
    room = CacheRoom.State.FULL;
    assertEquals(16, readsToAdmit(policy("outcome:threshold=15,room=1")));
  }

  @Test
  void onRead_budgetBelowTheLevelAtTheLastStep_admitsAboveTheLiveRung() {
    AdmissionPolicy p = policy("outcome:threshold=15,room=1,roomLevel=50");
    budget.available = BURST / 2 - 1;
    assertEquals(4, readsToAdmit(p)); // as of the bind: full
    idle(1);
    assertEquals(16, readsToAdmit(p)); // as of this step: below half
  }

  @Test
  void onRead_budgetAtTheDefaultLevel_admitsAboveTheBottomRung() {
    AdmissionPolicy p = policy("outcome:threshold=15,room=1");
    budget.available = BURST * OutcomeRoom.LEVEL_PERCENT / 100 + 1;
    idle(1);
    assertEquals(4, readsToAdmit(p));
    budget.available -= 1 << 20;
    idle(1);
    assertEquals(16, readsToAdmit(p));
  }

  @Test
  void onRead_noWriteBudget_admitsAboveTheLiveRung() {
    AdmissionPolicy p = PolicySpec.parse("outcome:threshold=15,room=2").create();
    p.bind(0, BURST, budget, clock, (from, to, demand, target) -> {});
    p.watch(() -> room);
    assertEquals(16, readsToAdmit(p));
  }

  /**
   * One block the room rule admits (its fourth read, {@code blockLength} long), then {@code hits}
   * more reads of the same MiB: each a hit, none a fill.
   */
  private void roomBlock(AdmissionPolicy p, long blockLength, int hits) {
    long key = nextKey++;
    for (int n = 1; n <= 4 + hits; n++) {
      boolean admits = p.onRead(key, 0, MIB, blockLength).admits();
      assertEquals(n >= 4, admits, "read " + n);
    }
  }

  @Test
  void onRead_roomBlocksPayForTwoSteps_admitsAboveTheBottomRungBelowTheLevel() {
    AdmissionPolicy p = policy("outcome:threshold=15,roomPay=50");
    roomBlock(p, 128 * MIB, 4); // saved 4 reads' disk time for one read's fill
    budget.available = BURST * 89 / 100; // below roomLevel (95)
    idle(1);
    assertEquals(16, readsToAdmit(p)); // one paying step: 89 + 5 < 95
    idle(1);
    assertEquals(4, readsToAdmit(p)); // two: 89 + 10 >= 95
  }

  /**
   * The reads a new block needs to be admitted under {@code spec}, after one room block read {@code
   * hits} times more and two steps with the budget at 89% of its burst (below roomLevel, 95).
   */
  private int readsToAdmitAfterTwoSteps(String spec, int hits) {
    AdmissionPolicy p = policy(spec);
    roomBlock(p, 128 * MIB, hits);
    budget.available = BURST * 89 / 100;
    idle(1);
    idle(1);
    return readsToAdmit(p);
  }

  @Test
  void onRead_roomBlocksNeverHit_admitsAboveTheLiveRungBelowTheLevel() {
    // wrote, saved nothing
    assertEquals(16, readsToAdmitAfterTwoSteps("outcome:threshold=15,roomPay=50", 0));
  }

  @Test
  void onRead_roomBlocksOweMoreThanEarned_admitsAboveTheLiveRungBelowTheLevel() {
    AdmissionPolicy p = policy("outcome:threshold=15,roomPay=50");
    roomBlock(p, BURST / 4, 4); // pays, but commits a quarter of the burst in later fills
    budget.available = BURST * 89 / 100;
    for (int step = 0; step < 3; step++) {
      idle(1);
      assertEquals(16, readsToAdmit(p)); // 89 - 25 + 5 x steps < 95
    }
  }

  @Test
  void onRead_roomPayNotGiven_admitsAboveTheBottomRungBelowTheLevelWhileTheBlocksPay() {
    // the default spends below roomLevel while they pay
    assertEquals(4, readsToAdmitAfterTwoSteps("outcome:threshold=15", 4));
  }

  @Test
  void onRead_roomPayOff_admitsAboveTheLiveRungBelowTheLevel() {
    assertEquals(16, readsToAdmitAfterTwoSteps("outcome:threshold=15,roomPay=0", 4));
  }

  @Test
  void startRead_roomPay_decidesAsOnReadReadByRead() {
    AdmissionPolicy atOnce = policy("outcome:threshold=15,roomPay=50");
    AdmissionPolicy atEnd = policy("outcome:threshold=15,roomPay=50");
    java.util.Random random = new java.util.Random(7);
    int admitted = 0;
    for (int read = 0; read < 20_000; read++) {
      if (read % 500 == 499) {
        idle(1);
        budget.available = BURST * (80 + random.nextInt(20)) / 100;
      }
      long key = 1 + random.nextInt(400);
      long offset = random.nextInt(64) * MIB;
      long length = (1 + random.nextInt(8)) * MIB;
      AdmissionDecision d = atOnce.onRead(key, offset, length, 128 * MIB);
      PolicyRead r = atEnd.startRead(key);
      assertEquals(d, r.decision(), "read " + read);
      r.ended(offset, length, 128 * MIB);
      admitted += d.admits() ? 1 : 0;
    }
    assertTrue(admitted > 0);
    assertEquals(atOnce.thresholdInEffect(), atEnd.thresholdInEffect());
  }

  @Test
  void parse_roomPayAboveOneHundred_namesTheParameter() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("outcome:roomPay=101"));
    assertTrue(e.getMessage().contains("roomPay"), e.getMessage());
  }

  @Test
  void parse_roomThree_namesTheParameter() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("outcome:room=3"));
    assertTrue(e.getMessage().contains("room"), e.getMessage());
  }

  @Test
  void parse_roomLevelAboveOneHundred_namesTheParameter() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> PolicySpec.parse("outcome:roomLevel=101"));
    assertTrue(e.getMessage().contains("roomLevel"), e.getMessage());
  }
}
