package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.time.FakeClock;
import org.junit.jupiter.api.Test;

class FrequencyAdmissionTest {
  private static final long CANDIDATE = 1001;
  private static final long VICTIM = 2002;
  private static final long BURST = 1000;

  private final FakeClock clock = new FakeClock(1_000_000);
  private long victim = Victims.NONE;
  private final FakeBudget budget = new FakeBudget(BURST);

  /** Bound to a write budget of {@link #BURST} bytes that {@link #budget} holds now. */
  private FrequencyAdmission policy(String spec) {
    FrequencyAdmission p = (FrequencyAdmission) PolicySpec.parse(spec).create();
    p.bind(BURST / 2.0, BURST, budget, clock, (from, to, demand, target) -> {});
    p.watch(
        new Victims() {
          @Override
          public long victimKey() {
            return victim;
          }

          @Override
          public int heldBlocks() {
            return 100;
          }
        });
    p.watch(() -> victim == Victims.NONE ? CacheRoom.State.ROOM : CacheRoom.State.FULL);
    return p;
  }

  private static AdmissionDecision reads(FrequencyAdmission p, long key, int n) {
    AdmissionDecision d = null;
    for (int i = 0; i < n; i++) {
      d = p.onRead(key);
    }
    return d;
  }

  @Test
  void onRead_victimReadMoreOften_rejectsUntilTheCandidateBeatsIt() {
    FrequencyAdmission p = policy("frequency:threshold=8,floorDiv=4"); // floor 2
    reads(p, VICTIM, 6);
    victim = VICTIM;
    assertEquals(
        AdmissionDecision.REJECT, reads(p, CANDIDATE, 5)); // past the floor, not past the victim
    assertEquals(AdmissionDecision.REJECT, p.onRead(CANDIDATE)); // 6 against 6: the victim stays
    assertEquals(AdmissionDecision.ADMIT, p.onRead(CANDIDATE)); // 7 against 6
  }

  @Test
  void onRead_victimTestOff_admitsPastTheFloorWhateverTheVictim() {
    FrequencyAdmission p = policy("frequency:threshold=8,floorDiv=4,victim=0");
    reads(p, VICTIM, 6);
    victim = VICTIM;
    assertEquals(AdmissionDecision.REJECT, reads(p, CANDIDATE, 2));
    assertEquals(AdmissionDecision.ADMIT, p.onRead(CANDIDATE));
  }

  @Test
  void onRead_fullCacheColdVictim_admitsPastTheTunedThresholdOnly() {
    FrequencyAdmission p = policy("frequency:threshold=8");
    victim = VICTIM; // never read
    assertEquals(AdmissionDecision.REJECT, reads(p, CANDIDATE, 8));
    assertEquals(AdmissionDecision.ADMIT, p.onRead(CANDIDATE));
  }

  @Test
  void onRead_cacheWithRoom_admitsAtAQuarterOfTheThreshold() {
    FrequencyAdmission p = policy("frequency:threshold=8,roomLowest=0");
    assertEquals(AdmissionDecision.REJECT, reads(p, CANDIDATE, 2));
    assertEquals(AdmissionDecision.ADMIT, p.onRead(CANDIDATE)); // 3 > 8 / 4, room and a full budget
    victim = VICTIM; // full now: the threshold itself
    assertEquals(AdmissionDecision.REJECT, reads(p, CANDIDATE, 5)); // 8 reads, not more than 8
    assertEquals(AdmissionDecision.ADMIT, p.onRead(CANDIDATE));
  }

  @Test
  void onRead_cacheWithRoom_admitsNoLowerThanTheTunersLowest() {
    FrequencyAdmission p = policy("frequency:threshold=31"); // 31 / 4 = 7, below lowest(31)
    assertEquals(15, ThresholdTuner.lowest(31));
    assertEquals(AdmissionDecision.REJECT, reads(p, CANDIDATE, 15));
    assertEquals(AdmissionDecision.ADMIT, p.onRead(CANDIDATE));
  }

  @Test
  void onRead_roomButBudgetBelowHalf_admitsAtTheThreshold() {
    budget.available = BURST / 2 - 1; // the budget's level as the tuner read it at its start
    FrequencyAdmission p = policy("frequency:threshold=8");
    assertEquals(AdmissionDecision.REJECT, reads(p, CANDIDATE, 8));
    assertEquals(AdmissionDecision.ADMIT, p.onRead(CANDIDATE));
  }

  @Test
  void parse_badParameter_failsNamingIt() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> PolicySpec.parse("frequency:floorDiv=0"));
    assertTrue(e.getMessage().startsWith("frequency:"), e.getMessage());
    assertTrue(e.getMessage().contains("floorDiv"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("frequency:roomLevel=101"));
  }

  @Test
  void effectiveThreshold_atStart_isTheConfiguredOneOverFloorDiv() {
    assertEquals(8, policy("frequency:threshold=8").effectiveThreshold());
    assertEquals(2, policy("frequency:threshold=8,floorDiv=4").effectiveThreshold());
  }
}
