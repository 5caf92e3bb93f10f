package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.time.FakeClock;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The seams that run {@code outcome} on a DataNode: a read decided at its start and its range told
 * at its end ({@link AdmissionPolicy#startRead}), and the live rung kept across a restart ({@link
 * OutcomeLadder}).
 */
class OutcomeLadderTest {
  private static final long BURST = 1L << 40;
  private static final long MIB = 1 << 20;
  private static final long BLOCK = 128 * MIB;
  private static final String SPEC = "outcome:threshold=15,sample=3";
  private static final int STEP = OutcomeAdmission.STEP_MS;

  private final FakeClock clock = new FakeClock(1_000_000);

  private AdmissionPolicy policy(String spec, long burst) {
    AdmissionPolicy p = PolicySpec.parse(spec).create();
    p.bind(BURST / 2.0, burst, new FakeBudget(burst), clock, (from, to, demand, target) -> {});
    return p;
  }

  @Test
  void startRead_rangeToldAtTheEnd_decidesAsOnReadWithTheRangeReadByRead() {
    AdmissionPolicy whole = policy(SPEC, BURST);
    AdmissionPolicy halves = policy(SPEC, BURST);
    Random random = new Random(7);
    int moves = 0;
    int last = whole.effectiveThreshold();
    // hot blocks read a few times a minute at random ranges, cold ones read in runs: the rung
    // moves both ways
    for (int read = 0; read < 60_000; read++) {
      boolean hotPhase = read / 15_000 % 2 == 0;
      long key = hotPhase ? random.nextInt(300) : 1_000 + read / 17;
      long offset = MIB * random.nextInt(120);
      long length = MIB * (1 + random.nextInt(8));
      AdmissionDecision expected = whole.onRead(key, offset, length, BLOCK);
      PolicyRead r = halves.startRead(key);
      assertEquals(expected, r.decision(), "read " + read);
      r.ended(offset, length, BLOCK);
      assertEquals(whole.effectiveThreshold(), halves.effectiveThreshold(), "read " + read);
      if (whole.effectiveThreshold() != last) {
        moves++;
        last = whole.effectiveThreshold();
      }
      clock.advanceMillis(random.nextInt(hotPhase ? 1_000 : 100));
    }
    assertTrue(moves >= 2, "the rung moved " + moves + " times");
  }

  @Test
  void startRead_otherPolicies_oneSharedReadPerDecision() {
    AdmissionPolicy gate = policy("bucket-time:threshold=1", BURST);
    PolicyRead first = gate.startRead(5);
    PolicyRead second = gate.startRead(5);
    assertEquals(AdmissionDecision.REJECT, first.decision());
    assertEquals(AdmissionDecision.ADMIT, second.decision());
    assertTrue(second == PolicyRead.decided(AdmissionDecision.ADMIT), "not shared");
  }

  /** Blocks read ten times an hour: the rungs below 15 cache them and their hits pay. */
  private void readTenTimesAnHour(AdmissionPolicy p, int minutes) {
    for (int minute = 0; minute < minutes; minute++) {
      for (long key = minute % 6; key < 300; key += 6) {
        p.onRead(key, 0, MIB, BLOCK);
      }
      clock.advanceMillis(STEP);
    }
  }

  @Test
  void restore_savedRung_admitsAtItAndHoldsItUntilTheGhostsHaveSeenReads() {
    AdmissionPolicy before = policy(SPEC, BURST);
    readTenTimesAnHour(before, 8 * 60);
    LiveRung saved = before.ladder().get().state();
    assertTrue(saved.threshold() < 15, "moved to " + saved.threshold());

    AdmissionPolicy after = policy(SPEC, BURST);
    assertEquals(TunerRestore.RESTORED, after.ladder().get().restore(saved));
    assertEquals(saved.threshold(), after.effectiveThreshold());
    assertEquals(saved.threshold(), after.thresholdInEffect());
    // blocks read 17 times at new offsets and never again: the ranking says higher, but the
    // ghosts restarted cold; the rung holds for the law's first horizon / 2 steps (an hour)
    long key = 1_000_000;
    for (int minute = 0; minute < 8 * 60; minute++) {
      for (int b = 0; b < 5; b++, key++) {
        for (int r = 0; r < 17; r++) {
          after.onRead(key, r * MIB, MIB, BLOCK);
        }
      }
      clock.advanceMillis(STEP);
      if (minute < 58) {
        assertEquals(saved.threshold(), after.effectiveThreshold(), "minute " + minute);
      }
    }
    assertTrue(after.effectiveThreshold() > 15, "at " + after.effectiveThreshold());
  }

  @Test
  void restore_savedWithItsSince_sinceKeptAcrossTheRestart() {
    // admission.threshold.since once reset at every restart: the record kept no since
    AdmissionPolicy first = policy(SPEC, BURST);
    LiveRung saved = first.ladder().get().state();
    assertEquals(1_000_000, saved.sinceMillis(), "in force since the first start");
    clock.advanceMillis(3_600_000);
    AdmissionPolicy after = policy(SPEC, BURST);
    assertEquals(TunerRestore.RESTORED, after.ladder().get().restore(saved));
    assertEquals(1_000_000, after.thresholdMovedAtMillis().getAsLong());
    assertEquals(1_000_000, after.ladder().get().state().sinceMillis(), "and saved again so");
  }

  @Test
  void restore_sinceUnknownOrBetweenRungs_sinceThisStart() {
    AdmissionPolicy p = policy(SPEC, BURST);
    assertEquals(TunerRestore.RESTORED, p.ladder().get().restore(new LiveRung(15, 31, 1)));
    assertTrue(!p.thresholdMovedAtMillis().isPresent(), "the gauge then shows this start");
    AdmissionPolicy between = policy(SPEC + ",between=1", BURST);
    between.ladder().get().restore(new LiveRung(15, 31, 1, 5));
    assertTrue(!between.thresholdMovedAtMillis().isPresent());
    assertEquals(-1, between.ladder().get().state().sinceMillis());
  }

  @Test
  void restore_underAnotherConfiguredThreshold_startsAtTheNewOne() {
    AdmissionPolicy p = policy("outcome:threshold=7", BURST);
    assertEquals(TunerRestore.CONFIGURED_CHANGED, p.ladder().get().restore(new LiveRung(15, 3, 1)));
    assertEquals(7, p.effectiveThreshold());
  }

  @Test
  void restore_coarseRungOntoTheFineLadder_restored() {
    for (int f : new int[] {0, 1, 5, 15, 100, 8190}) {
      for (int rung : Rungs.of(f)) {
        AdmissionPolicy p = policy("outcome:split=2,threshold=" + f, BURST);
        assertEquals(
            TunerRestore.RESTORED,
            p.ladder().get().restore(new LiveRung(f, rung, 1)),
            "F " + f + ", rung " + rung);
        assertEquals(rung, p.effectiveThreshold());
      }
    }
  }

  @Test
  void restore_fineRungOntoTheCoarseLadder_ladderChangedAtTheConfiguredThreshold() {
    AdmissionPolicy p = policy(SPEC, BURST);
    assertEquals(TunerRestore.LADDER_CHANGED, p.ladder().get().restore(new LiveRung(15, 21, 1)));
    assertEquals(15, p.effectiveThreshold());
  }

  @Test
  void restore_withoutKnownCapacity_notTuning() {
    AdmissionPolicy p = policy(SPEC, 0);
    assertEquals(TunerRestore.NOT_TUNING, p.ladder().get().restore(new LiveRung(15, 3, 1)));
    assertEquals(15, p.effectiveThreshold());
  }

  @Test
  void ladder_otherPolicies_empty() {
    assertTrue(!policy("tuned", BURST).ladder().isPresent());
    assertNotEquals(null, policy(SPEC, BURST).ladder().orElse(null));
  }

  @Test
  void liveRung_thresholdOffTheLadder_namesTheLadder() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new LiveRung(15, 16, 1));
    assertTrue(
        e.getMessage().contains("[3, 4, 7, 10, 15, 21, 31, 44, 63, 89, 127]"), e.getMessage());
  }

  @Test
  void maxConfigured_theLargestThresholdWhoseLadderTheCounterKeeps() {
    assertEquals(8190, OutcomeLadder.maxConfigured());
    assertEquals(8190, policy("outcome:threshold=8190", BURST).effectiveThreshold());
    assertThrows(IllegalArgumentException.class, () -> policy("outcome:threshold=8191", BURST));
    assertEquals(8190, policy("outcome:threshold=8190,split=2", BURST).effectiveThreshold());
    assertThrows(
        IllegalArgumentException.class, () -> policy("outcome:threshold=8191,split=2", BURST));
  }
}
