package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.time.FakeClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThresholdTunerTest {
  private static final long GIB = 1L << 30;
  private static final long CAPACITY = 100 * GIB;
  private static final double PER_DAY = 0.5 * CAPACITY; // 0.5 drive writes per day
  private static final double PER_STEP = PER_DAY * ThresholdTuner.STEP_MILLIS / 86_400_000.0;

  private final FakeClock clock = new FakeClock(1_000_000);
  private long level = (long) (ThresholdTuner.RESERVE * CAPACITY); // at the reserve: target = r
  private long asked;
  private final List<String> changes = new ArrayList<>();

  private ThresholdTuner tuner(int configured, double perDay) {
    return new ThresholdTuner(
        configured,
        perDay,
        CAPACITY,
        new ThresholdTuner.Budget() {
          @Override
          public long availableBytes() {
            return level;
          }

          @Override
          public long bytesAsked() {
            return asked;
          }
        },
        clock,
        (from, to, demand, target) -> changes.add(from + "->" + to),
        new MarginalPayback(0));
  }

  /** Fills that ask for c x (T + 1)^-a bytes a step, as the threshold admits fewer blocks. */
  private static double demand(int threshold, double c, double a) {
    return c * Math.pow(threshold + 1, -a);
  }

  private void step(ThresholdTuner t, double bytes) {
    asked += (long) bytes;
    clock.advanceMillis(ThresholdTuner.STEP_MILLIS);
    t.threshold(); // reads come all the time: each step ends on time
  }

  @Test
  void threshold_noWriteBudget_staysAtTheConfigured() {
    ThresholdTuner t = tuner(15, 0);
    for (int i = 0; i < 600; i++) {
      step(t, 100 * PER_STEP);
    }
    assertEquals(15, t.threshold());
  }

  @Test
  void threshold_demandAboveBudget_convergesWhereDemandMeetsTheBudgetWithoutSwings() {
    for (double a : new double[] {1.0, 1.5, 2.0}) {
      clock.setMillis(1_000_000);
      double c = PER_STEP * Math.pow(64, a); // demand equals the budget's rate at T = 63
      ThresholdTuner t = tuner(15, PER_DAY);
      int previous = t.threshold();
      int highest = previous;
      for (int i = 0; i < 240; i++) {
        step(t, demand(t.threshold(), c, a));
        int th = t.threshold();
        // At most GAIN x ln 4 in ln(T + 1) a step, and a whole number rounds once more.
        assertTrue(
            Math.log(th + 1.0) - Math.log(previous + 1.0) <= 0.0416 + Math.log(1 + 1.0 / th),
            "a=" + a + " step " + i + ": " + previous + " -> " + th);
        previous = th;
        highest = Math.max(highest, th);
      }
      assertEquals(63, t.threshold(), 3, "a=" + a);
      assertTrue(highest <= 63 * 1.10, "a=" + a + ": overshoot to " + highest);
    }
  }

  @Test
  void threshold_budgetIdle_fallsToHalfTheConfigured() {
    double c = PER_STEP * 64;
    ThresholdTuner t = tuner(15, PER_DAY);
    for (int i = 0; i < 240; i++) {
      step(t, demand(t.threshold(), c, 1));
    }
    assertTrue(t.threshold() > 50, "raised first: " + t.threshold());
    for (int i = 0; i < 240; i++) {
      step(t, 0); // nothing admitted asks for writes any more
    }
    assertEquals(7, t.threshold());
    assertEquals(7, ThresholdTuner.lowest(15));
  }

  @Test
  void threshold_budgetIdleFromTheStart_admitsBelowTheConfiguredWhereDemandMeetsTheBudget() {
    // Fills at the configured 15 ask for 3/4 of the budget's rate; at T + 1 = 12 they meet it.
    double c = PER_STEP * 12;
    ThresholdTuner t = tuner(15, PER_DAY);
    for (int i = 0; i < 240; i++) {
      step(t, demand(t.threshold(), c, 1));
    }
    assertEquals(11, t.threshold(), 1);
  }

  @Test
  void threshold_budgetIdle_staysAtTheConfiguredForTheWindowsFirstHour() {
    ThresholdTuner t = tuner(15, PER_DAY);
    for (int i = 0; i < ThresholdTuner.WARM_STEPS; i++) {
      step(t, 0);
    }
    assertEquals(15, t.threshold());
    for (int i = 0; i < 120; i++) {
      step(t, 0);
    }
    assertEquals(7, t.threshold());
  }

  @Test
  void lowest_smallConfiguredThresholds_neverBelowZero() {
    assertEquals(0, ThresholdTuner.lowest(0));
    assertEquals(0, ThresholdTuner.lowest(1));
    assertEquals(1, ThresholdTuner.lowest(4));
    assertEquals(3, ThresholdTuner.lowest(7));
    assertEquals(31, ThresholdTuner.lowest(63));
  }

  @Test
  void threshold_fullBudget_spentFasterThanItsRate() {
    level = CAPACITY; // a cold cache: the whole burst unspent
    double c = PER_STEP * 64;
    ThresholdTuner t = tuner(15, PER_DAY);
    for (int i = 0; i < 240; i++) {
      step(t, demand(t.threshold(), c, 1));
    }
    // The target is r + 0.95 capacity over 6 hours, 8.6x r; the configured 15 asks for 4x r, more
    // than the refill rate: a cold burst is no reason to go below it.
    assertEquals(15, t.threshold());
  }

  /**
   * The whole loop on a cold cache: the budget's level follows what it allows (a token bucket that
   * refills at r and denies what it does not hold), and fills at the configured threshold ask for
   * 8x r.
   */
  @Test
  void threshold_coldBudget_spentOverHoursDownToTheReserveNeverEmptied() {
    level = CAPACITY;
    double a = 1.5;
    double c = PER_STEP * Math.pow(64, a); // demand equals the budget's rate at T = 63
    ThresholdTuner t = tuner(15, PER_DAY);
    double written = 0;
    double denied = 0;
    int highest = t.threshold();
    double afterSixHours = 0;
    for (int i = 0; i < 2 * 1440; i++) {
      double d = demand(t.threshold(), c, a);
      double allowed = Math.min(d, level);
      written += i < 1440 ? allowed : 0;
      denied += d - allowed;
      level = (long) Math.min(CAPACITY, level - allowed + PER_STEP);
      step(t, d);
      highest = Math.max(highest, t.threshold());
      afterSixHours = i == 359 ? level : afterSixHours;
    }
    // Spent over hours: after 6 of them the level above the reserve is still about 1/e of it.
    double excess0 = (1 - ThresholdTuner.RESERVE) * CAPACITY;
    double excess6 = afterSixHours - ThresholdTuner.RESERVE * CAPACITY;
    assertTrue(excess6 > 0.2 * excess0 && excess6 < 0.6 * excess0, "after 6 h: " + excess6);
    // The first day writes nearly all it allows (one capacity + r a day), the budget never empties.
    assertTrue(written >= 0.95 * (CAPACITY + PER_DAY), written / (CAPACITY + PER_DAY) + "");
    assertEquals(0, denied);
    // It settles where fills ask for r, at the reserve, without overshoot.
    assertEquals(63, t.threshold(), 3);
    assertTrue(highest <= 63 * 1.10, "overshoot to " + highest);
    assertEquals(ThresholdTuner.RESERVE * CAPACITY, level, 0.1 * ThresholdTuner.RESERVE * CAPACITY);
  }

  @Test
  void threshold_budgetBelowItsReserve_asksForFarLessThanItsRate() {
    level = 0; // empty: only the refill, which fills ask for at T = 63
    double c = PER_STEP * 64;
    ThresholdTuner t = tuner(15, PER_DAY);
    for (int i = 0; i < 240; i++) {
      step(t, demand(t.threshold(), c, 1));
    }
    // The target is r / 8 (the reserve refilled within about an hour), met at T + 1 = 8 x 64.
    assertEquals(511, t.threshold(), 511 * 0.05);
  }

  @Test
  void changed_eachDoublingOnce() {
    ThresholdTuner t = tuner(15, PER_DAY);
    for (int i = 0; i < 400; i++) {
      step(t, 1000 * PER_STEP); // far above the budget: up to the ceiling
    }
    assertEquals(ThresholdTuner.ceiling(15), t.threshold());
    // Announced at each factor of 2 in T + 1 since the last announcement, and only then.
    assertEquals(5, changes.size(), changes.toString());
    assertEquals("15->31", changes.get(0));
    for (String c : changes) {
      int from = Integer.parseInt(c.substring(0, c.indexOf('-')));
      int to = Integer.parseInt(c.substring(c.indexOf('>') + 1));
      assertTrue(to + 1 >= 2 * (from + 1) && to + 1 < 2.2 * (from + 1), c);
    }
    assertEquals(5, t.largeChanges());
  }

  @Test
  void threshold_clockBackwards_changesNothing() {
    ThresholdTuner t = tuner(15, PER_DAY);
    step(t, 1000 * PER_STEP);
    step(t, 1000 * PER_STEP);
    int before = t.threshold();
    clock.setMillis(clock.millis() - 10 * ThresholdTuner.STEP_MILLIS);
    asked += (long) (1000 * PER_STEP);
    assertEquals(before, t.threshold());
  }

  /** A tuner driven by demand the configured threshold cannot meet, until its threshold rose. */
  private ThresholdTuner raised(int configured) {
    ThresholdTuner t = tuner(configured, PER_DAY);
    for (int i = 0; i < 120; i++) {
      step(t, demand(t.threshold(), 40 * PER_STEP, 1.5));
    }
    assertTrue(t.threshold() > configured, "the demand must have raised it: " + t.threshold());
    return t;
  }

  @Test
  void restore_stateOfARaisedTuner_goesOnAtItsThresholdSinceItsTime() {
    ThresholdTuner before = raised(3);
    TunedThreshold saved = before.state();
    clock.advanceMillis(3_600_000); // down an hour

    ThresholdTuner after = tuner(3, PER_DAY);
    assertEquals(3, after.threshold(), "a new tuner starts at the configured one");
    assertEquals(TunerRestore.RESTORED, after.restore(saved));
    assertEquals(saved.threshold(), after.threshold());
    assertEquals(saved.changedAtMillis(), after.changedAtMillis());
    assertEquals(saved, after.state());
  }

  @Test
  void restore_restoredDemand_firstStepsDoNotDropTheThreshold() {
    ThresholdTuner before = raised(3);
    double perStep = demand(before.threshold(), 40 * PER_STEP, 1.5);
    int t0 = before.threshold();
    ThresholdTuner after = tuner(3, PER_DAY);
    after.restore(before.state());
    for (int i = 0; i < 5; i++) {
      step(after, perStep);
    }
    // With the demand forgotten, five steps at the fastest pace down would take T + 1 down ~19%.
    assertTrue(after.threshold() >= t0 - 1, t0 + " -> " + after.threshold());
  }

  @Test
  void restore_anotherConfiguredThreshold_startsAtTheNewOne() {
    TunedThreshold saved = raised(3).state();
    ThresholdTuner after = tuner(7, PER_DAY);
    assertEquals(TunerRestore.CONFIGURED_CHANGED, after.restore(saved));
    assertEquals(7, after.threshold());
  }

  @Test
  void restore_notTuning_staysAtTheConfigured() {
    TunedThreshold saved = raised(3).state();
    ThresholdTuner fixed = tuner(3, 0);
    assertEquals(TunerRestore.NOT_TUNING, fixed.restore(saved));
    assertEquals(3, fixed.threshold());
  }

  @Test
  void changedAtMillis_thresholdMoves_isTheTimeOfTheStepThatMovedIt() {
    ThresholdTuner t = tuner(3, PER_DAY);
    long start = clock.millis();
    assertEquals(start, t.changedAtMillis());
    int last = t.threshold();
    long lastChange = start;
    for (int i = 0; i < 120; i++) {
      step(t, demand(t.threshold(), 40 * PER_STEP, 1.5));
      if (t.threshold() != last) {
        last = t.threshold();
        lastChange = clock.millis();
      }
    }
    assertTrue(lastChange > start);
    assertEquals(lastChange, t.changedAtMillis());
  }

  @Test
  void tunedThreshold_outsideItsRange_refused() {
    assertThrows(IllegalArgumentException.class, () -> new TunedThreshold(15, 2, 0, 0));
    new TunedThreshold(15, 7, 0, 0); // half the configured: in range
    assertThrows(
        IllegalArgumentException.class,
        () -> new TunedThreshold(3, ThresholdTuner.ceiling(3) + 1, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> new TunedThreshold(3, 5, Double.NaN, 0));
    assertThrows(IllegalArgumentException.class, () -> new TunedThreshold(3, 5, -1, 0));
    assertThrows(IllegalArgumentException.class, () -> new TunedThreshold(3, 5, 0, -1));
    assertThrows(IllegalArgumentException.class, () -> new TunedThreshold(-1, 5, 0, 0));
  }
}
