package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.time.FakeClock;
import org.junit.jupiter.api.Test;

/** Admission by measured outcome ({@code outcome}): the ghosts' ranking moves the threshold. */
class OutcomeAdmissionTest {
  private static final long BURST = 1L << 40;
  private static final double PER_DAY = BURST / 2.0;
  private static final long MIB = 1 << 20;
  private static final long BLOCK = 128 * MIB;

  private final FakeClock clock = new FakeClock(1_000_000);

  private AdmissionPolicy policy(String spec, long burst) {
    AdmissionPolicy p = PolicySpec.parse(spec).create();
    p.bind(PER_DAY, burst, new FakeBudget(burst), clock, (from, to, demand, target) -> {});
    return p;
  }

  @Test
  void ladder_configured15_isThreeToOneTwentySeven() {
    assertArrayEquals(new int[] {3, 7, 15, 31, 63, 127}, Rungs.of(15));
    assertArrayEquals(new int[] {0, 0, 1, 3, 7, 15}, Rungs.of(1));
  }

  @Test
  void ladder_configured15SplitTwo_addsTheRungsHalfwayOnALogScale() {
    assertArrayEquals(new int[] {3, 4, 7, 10, 15, 21, 31, 44, 63, 89, 127}, Rungs.of(15, 2));
  }

  @Test
  void ladder_splitTwo_keepsEveryCoarseRungForEveryConfiguredThreshold() {
    // the coarse ladder's own arithmetic (shifts), and a restart from a rung saved under it
    for (int f = 0; f <= 8190; f++) {
      int[] fine = Rungs.of(f, 2);
      for (int k = -2; k <= 3; k++) {
        int coarse = (int) Math.max(0, k < 0 ? ((f + 1L) >> -k) - 1 : ((f + 1L) << k) - 1);
        assertEquals(coarse, Rungs.of(f)[k + 2], "F " + f + ", k " + k);
        assertEquals(coarse, fine[2 * (k + 2)], "F " + f + ", k " + k);
      }
    }
  }

  /** The first threshold the rung moves to from 15 on blocks only the rungs at or below 7 cache. */
  private int firstMove(String spec) {
    AdmissionPolicy p = policy(spec, BURST);
    for (int minute = 0; minute < 8 * 60 && p.effectiveThreshold() == 15; minute++) {
      for (long key = minute % 6; key < 300; key += 6) {
        p.onRead(key, 0, MIB, BLOCK);
      }
      clock.advanceMillis(OutcomeAdmission.STEP_MS);
    }
    return p.effectiveThreshold();
  }

  @Test
  void onRead_splitTwoStrideTwo_movesTwoFineRungsAStep() {
    assertEquals(7, firstMove("outcome:threshold=15,split=2,stride=2"));
  }

  @Test
  void onRead_splitTwo_movesOneFineRungAStep() {
    assertEquals(10, firstMove("outcome:threshold=15,split=2"));
  }

  @Test
  void onRead_blocksReadTenTimesAnHour_movesBelowTheConfiguredThreshold() {
    AdmissionPolicy p = policy("outcome:threshold=15,sample=1", BURST);
    // 50 blocks, each read every 6 minutes, 1 MiB at offset 0: 10 reads in any 1-hour window,
    // never more than 15, so only the rungs below 15 cache them, and their hits pay
    for (int minute = 0; minute < 8 * 60; minute++) {
      for (long key = minute % 6; key < 300; key += 6) {
        p.onRead(key, 0, MIB, BLOCK);
      }
      clock.advanceMillis(OutcomeAdmission.STEP_MS);
    }
    assertTrue(p.effectiveThreshold() < 15, "at " + p.effectiveThreshold());
  }

  /** 50 blocks, each read every 6 minutes, 1 MiB at offset 0: only the rungs below 15 pay. */
  private void readTenTimesAnHour(AdmissionPolicy p, int hours) {
    for (int minute = 0; minute < hours * 60; minute++) {
      for (long key = minute % 6; key < 300; key += 6) {
        p.onRead(key, 0, MIB, BLOCK);
      }
      clock.advanceMillis(OutcomeAdmission.STEP_MS);
    }
  }

  @Test
  void resize_noDirectoryAtBindThenOneJoins_movesFromThen() {
    AdmissionPolicy p = PolicySpec.parse("outcome:threshold=15,sample=1").create();
    FakeBudget budget = new FakeBudget(0); // the DataNode's guards: empty until a directory joins
    p.bind(0, 0, budget, clock, (from, to, demand, target) -> {});
    readTenTimesAnHour(p, 4);
    assertEquals(15, p.effectiveThreshold(), "no capacity known: held at the configured one");
    budget.available = BURST;
    p.resize(PER_DAY, BURST);
    readTenTimesAnHour(p, 8);
    assertTrue(p.effectiveThreshold() < 15, "at " + p.effectiveThreshold());
  }

  @Test
  void thresholdMovedAtMillis_rungMoves_theStepItMovedAt() {
    AdmissionPolicy p = policy("outcome:threshold=15,sample=1", BURST);
    assertFalse(p.thresholdMovedAtMillis().isPresent(), "not moved yet");
    long movedAt = -1;
    int at = p.effectiveThreshold();
    for (int minute = 0; minute < 8 * 60; minute++) {
      for (long key = minute % 6; key < 300; key += 6) {
        p.onRead(key, 0, MIB, BLOCK);
      }
      if (p.effectiveThreshold() != at) {
        at = p.effectiveThreshold();
        movedAt = p.thresholdMovedAtMillis().getAsLong();
        // a step runs at the first read at or past its time: this minute's reads, at its start
        assertEquals(clock.millis(), movedAt);
      }
      clock.advanceMillis(OutcomeAdmission.STEP_MS);
    }
    assertTrue(movedAt > 0, "the rung never moved");
    assertEquals(movedAt, p.thresholdMovedAtMillis().getAsLong());
  }

  @Test
  void onRead_blocksReadSeventeenTimesAtNewOffsetsOnce_movesAboveTheConfiguredThreshold() {
    AdmissionPolicy p = policy("outcome:threshold=15,sample=1", BURST);
    // each minute 5 new blocks, each read 17 times at 17 different offsets and never again:
    // the rungs at or below 15 fill and never hit, the rungs above never fill
    long key = 0;
    for (int minute = 0; minute < 8 * 60; minute++) {
      for (int b = 0; b < 5; b++, key++) {
        for (int r = 0; r < 17; r++) {
          p.onRead(key, r * MIB, MIB, BLOCK);
        }
      }
      clock.advanceMillis(OutcomeAdmission.STEP_MS);
    }
    assertTrue(p.effectiveThreshold() > 15, "at " + p.effectiveThreshold());
  }

  @Test
  void onRead_hungrierRungBuysLittlePerExtraByte_staysAtTheRungDrawingTheBurst() {
    long burst = 8L << 30;
    AdmissionPolicy p = PolicySpec.parse("outcome:threshold=15,sample=1").create();
    // refill 0.5 MiB a minute; the live level stays full, so the burst looks spendable over 6 hours
    p.bind(720.0 * MIB, burst, new FakeBudget(burst), clock, (from, to, demand, target) -> {});
    // each minute: 2 new blocks read 12 times (rung 7 fills them at the 8th read, 3 at the 4th)
    // and 20 new blocks read 5 times (only rung 3 fills them, for one hit each: no gain). Rung 3
    // saves 14 reads a minute for 22 MiB of fills, rung 7 saves 6 for 2 MiB, more than the refill:
    // 3's extra 8 reads for 20 extra MiB buy less per byte than 7 gets, so the burst stays with 7
    long key = 0;
    for (int minute = 0; minute < 3 * 60; minute++) {
      for (int b = 0; b < 22; b++, key++) {
        for (int r = 0; r < (b < 2 ? 12 : 5); r++) {
          p.onRead(key, 0, MIB, BLOCK);
        }
      }
      clock.advanceMillis(OutcomeAdmission.STEP_MS);
    }
    assertEquals(7, p.effectiveThreshold());
  }

  @Test
  void onRead_rungSpendingTheBurstOverTheHorizon_isFollowed() {
    long burst = 7500 * MIB;
    AdmissionPolicy p = PolicySpec.parse("outcome:threshold=15,sample=1").create();
    // refill 12 MiB a minute; the live level stays full
    p.bind(
        12 * 1440.0 * MIB, burst, new FakeBudget(burst), clock, (from, to, demand, target) -> {});
    // each minute: 10 new blocks read 100 times (every rung up to 63 fills them, 3 earliest: it
    // saves the most, 96 reads a block against 92 at 7) and 40 new blocks read 5 times (only 3
    // fills them, for no gain). Rung 3 asks 50 MiB a minute, 7 asks 10 (under the refill): 3
    // spends the burst in about 3 hours, which the law allows over a 2-hour drain and not over 6
    long key = 0;
    for (int minute = 0; minute < 150; minute++) {
      for (int b = 0; b < 50; b++, key++) {
        for (int r = 0; r < (b < 10 ? 100 : 5); r++) {
          p.onRead(key, 0, MIB, BLOCK);
        }
      }
      clock.advanceMillis(OutcomeAdmission.STEP_MS);
    }
    assertEquals(3, p.effectiveThreshold());
  }

  @Test
  void onRead_hungrierRungsOwnBudgetDry_scaledByWhatItWrites() {
    long burst = 120 * MIB;
    AdmissionPolicy p = PolicySpec.parse("outcome:threshold=15,sample=1").create();
    // refill 1.5 MiB a minute; the live level stays full (it sustains 2.45 MiB a minute)
    p.bind(1.5 * 1440 * MIB, burst, new FakeBudget(burst), clock, (from, to, demand, target) -> {});
    // each minute: 1 new block read 12 times (rung 7 fills it at the 8th read: 4 hits; rung 3 at
    // the 4th: 8 hits), then 20 new blocks read 6 times (only rung 3 asks for them: 2 hits each).
    // Rung 3's own bucket is dry after a quarter of an hour: it writes about the refill, the
    // 12-read block and a 6-read one every other minute, and saves 7.5 reads a minute net against
    // 7's 3, but asks 21 MiB a minute. Divided by what it asks (8.6 times what the budget
    // sustains), its score falls below 7's, though its net already counts its refusals; the
    // refused fills the live budget would pay (1 MiB a minute) cost less than its lead
    readHotThenTwentyCold(p, 4, 6);
    assertEquals(3, p.effectiveThreshold());
  }

  @Test
  void onRead_dryRungsRefusedFillsTheLiveBudgetWouldPay_chargedAtTheirCost() {
    long burst = 1200 * MIB;
    AdmissionPolicy p = PolicySpec.parse("outcome:threshold=15,sample=1").create();
    // refill 1.5 MiB a minute; the live level stays full: it sustains 11 MiB a minute
    p.bind(1.5 * 1440 * MIB, burst, new FakeBudget(burst), clock, (from, to, demand, target) -> {});
    // each minute: 1 new block read 12 times (rung 7: 4 hits; rung 3: 8 hits), then 20 new blocks
    // read 4 times (only rung 3 fills them, at the last read: no hit). Rung 3's own bucket is dry
    // after an hour; it then writes the refill and nets 6.5 reads a minute against 7's 3, but the
    // live budget would pay 9.5 MiB a minute of the fills it was refused, for nothing
    readHotThenTwentyCold(p, 6, 4);
    assertEquals(7, p.effectiveThreshold());
  }

  @Test
  void onRead_liveBudgetBelowItsReserve_followsTheRungThatWritesLeast() {
    long burst = 1200 * MIB;
    AdmissionPolicy p = PolicySpec.parse("outcome:threshold=7,sample=1,room=0").create();
    // refill 0.1 MiB a minute and an empty live budget: its level is 60 MiB below the reserve (1/20
    // of the burst), half a MiB a minute over the drain, more than the refill. Each minute the 20
    // hot blocks are read 20 times (every rung holds them after its first fills) and 10 new blocks
    // 10 times (rungs 7 and below fill them: 2 hits each). Rung 15 then nets the hot hits and
    // writes nothing; rung 7 writes 10 MiB a minute. A negative sustained rate scores a rung that
    // writes nothing at minus infinity and keeps the live rung at 7
    p.bind(0.1 * 1440 * MIB, burst, new FakeBudget(0), clock, (from, to, demand, target) -> {});
    long cold = 1000;
    for (int minute = 0; minute < 4 * 60; minute++) {
      for (int r = 0; r < 20; r++) {
        for (long hot = 0; hot < 20; hot++) {
          p.onRead(hot, 0, MIB, BLOCK);
        }
      }
      for (int b = 0; b < 10; b++, cold++) {
        for (int r = 0; r < 10; r++) {
          p.onRead(cold, 0, MIB, BLOCK);
        }
      }
      clock.advanceMillis(OutcomeAdmission.STEP_MS);
    }
    assertTrue(p.effectiveThreshold() > 7, "threshold " + p.effectiveThreshold());
  }

  /** Each minute for {@code hours}: 1 new block read 12 times, then 20 new ones {@code cold}. */
  private void readHotThenTwentyCold(AdmissionPolicy p, int hours, int cold) {
    long key = 0;
    for (int minute = 0; minute < hours * 60; minute++) {
      for (int b = 0; b < 21; b++, key++) {
        for (int r = 0; r < (b == 0 ? 12 : cold); r++) {
          p.onRead(key, 0, MIB, BLOCK);
        }
      }
      clock.advanceMillis(OutcomeAdmission.STEP_MS);
    }
  }

  /**
   * Six hours of: 50 blocks each read every 6 minutes (10 reads in any hour: thresholds up to 9
   * cache them) and each minute 4 new blocks read 9 times at new offsets and never again (only
   * thresholds up to 8 fill them, for nothing). 9 is the best threshold; the rungs are 7 and 15.
   */
  private AdmissionPolicy hotAndNineReadColdBlocks(String spec) {
    AdmissionPolicy p = policy(spec, BURST);
    long key = 1000;
    for (int minute = 0; minute < 6 * 60; minute++) {
      for (long k = minute % 6; k < 300; k += 6) {
        p.onRead(k, 0, MIB, BLOCK);
      }
      for (int b = 0; b < 4; b++, key++) {
        for (int r = 0; r < 9; r++) {
          p.onRead(key, r * MIB, MIB, BLOCK);
        }
      }
      clock.advanceMillis(OutcomeAdmission.STEP_MS);
    }
    return p;
  }

  @Test
  void onRead_betweenBestThresholdBetweenRungs_admitsBetweenThem() {
    assertEquals(7, hotAndNineReadColdBlocks("outcome:threshold=15").effectiveThreshold());
    int t = hotAndNineReadColdBlocks("outcome:threshold=15,between=1").effectiveThreshold();
    assertTrue(t > 7 && t < 15, "at " + t);
  }

  @Test
  void state_betweenRungs_savesTheAnchorRung() {
    OutcomeLadder p =
        hotAndNineReadColdBlocks("outcome:threshold=15,between=1").ladder().orElseThrow();
    assertEquals(7, p.state().threshold());
    AdmissionPolicy restarted = policy("outcome:threshold=15,between=1", BURST);
    assertEquals(TunerRestore.RESTORED, restarted.ladder().orElseThrow().restore(p.state()));
    assertEquals(7, restarted.effectiveThreshold());
  }

  @Test
  void parse_betweenTwo_namesTheParameter() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("outcome:between=2"));
    assertTrue(e.getMessage().contains("between"), e.getMessage());
  }

  @Test
  void parse_hystOverAHundred_namesTheParameter() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("outcome:hyst=101"));
    assertTrue(e.getMessage().contains("hyst"), e.getMessage());
  }

  @Test
  void parse_seenThree_namesTheParameter() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("outcome:seen=3"));
    assertTrue(e.getMessage().contains("seen"), e.getMessage());
  }

  @Test
  void parse_writtenTwo_namesTheParameter() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("outcome:written=2"));
    assertTrue(e.getMessage().contains("written"), e.getMessage());
  }

  @Test
  void onRead_withoutKnownCapacity_staysAtTheConfiguredThreshold() {
    AdmissionPolicy p = policy("outcome:threshold=15,sample=1", 0);
    long key = 0;
    for (int minute = 0; minute < 4 * 60; minute++) {
      for (int r = 0; r < 17; r++) {
        p.onRead(key, r * MIB, MIB, BLOCK);
      }
      key++;
      clock.advanceMillis(OutcomeAdmission.STEP_MS);
    }
    assertEquals(15, p.effectiveThreshold());
  }

  @Test
  void parse_paybackTwo_namesTheParameter() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("outcome:payback=2"));
    assertTrue(e.getMessage().contains("payback"), e.getMessage());
  }

  @Test
  void parse_splitThree_namesTheParameter() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("outcome:split=3"));
    assertTrue(e.getMessage().contains("split"), e.getMessage());
  }

  @Test
  void parse_strideZero_namesTheParameter() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("outcome:stride=0"));
    assertTrue(e.getMessage().contains("stride"), e.getMessage());
  }

  @Test
  void parse_sampleZero_namesTheParameter() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("outcome:sample=0"));
    assertTrue(e.getMessage().contains("sample"), e.getMessage());
  }
}
