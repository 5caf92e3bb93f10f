package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.model.policy.StepRate.Reading;
import org.junit.jupiter.api.Test;

/** A forgetting sum read as a rate per step, over the steps it has seen or as if old. */
class StepRateTest {
  private static final double KEEP = Math.exp(-1.0 / 120);

  /** The forgetting sum of {@code steps} steps of {@code bytes} each, the rate told of each. */
  private static double gathered(StepRate rate, int steps, double bytes) {
    double sum = 0;
    for (int t = 0; t < steps; t++) {
      sum = sum * KEEP + bytes;
      rate.stepped();
    }
    return sum;
  }

  @Test
  void perStep_youngSumSeen_isWhatAStepWrites() {
    StepRate rate = new StepRate(KEEP, 1, Reading.SEEN);
    assertEquals(1000, rate.perStep(gathered(rate, 60, 1000), true), 1e-9);
  }

  @Test
  void perStep_youngSumNotSeen_isLowByTheShareItHasGathered() {
    StepRate rate = new StepRate(KEEP, 1, Reading.AS_OLD);
    double r = rate.perStep(gathered(rate, 60, 1000), false);
    assertEquals(1000 * (1 - Math.pow(KEEP, 60)), r, 1e-9); // 39% of the rate
  }

  @Test
  void perStep_oldSum_isTheRateEitherWay() {
    StepRate rate = new StepRate(KEEP, 1, Reading.SEEN);
    double sum = gathered(rate, 5000, 1000);
    assertEquals(1000, rate.perStep(sum, true), 1e-6);
    assertEquals(1000, rate.perStep(sum, false), 1e-6);
  }

  @Test
  void perStep_sampledGhosts_isTheWholeCachesRate() {
    StepRate rate = new StepRate(KEEP, 8, Reading.SEEN);
    assertEquals(8000, rate.perStep(gathered(rate, 30, 1000), true), 1e-9);
  }

  @Test
  void seenFor_dryRungBelowNetsLess_readsOverTheStepsSeen() {
    // rotating at 1%, minute 88: 3 and 7 dry and far behind 15
    StepRate rate = new StepRate(KEEP, 1, Reading.WHERE_DRY_LOST);
    double[] nets = {53, 65, 116, 96};
    double[] refused = {2974, 1325, 0, 0};
    assertTrue(rate.seenFor(2, nets, refused));
    assertTrue(rate.seenFor(3, nets, refused));
  }

  @Test
  void seenFor_dryRungBelowNetsMore_readsAsOld() {
    // hourly at 5%, minute 150: 3 and 7 dry and ahead of 15
    StepRate rate = new StepRate(KEEP, 1, Reading.WHERE_DRY_LOST);
    double[] nets = {392, 371, 306, 244};
    double[] refused = {2738, 1401, 0, 0};
    assertFalse(rate.seenFor(2, nets, refused));
  }

  @Test
  void seenFor_noDryRungBelow_readsAsOld() {
    StepRate rate = new StepRate(KEEP, 1, Reading.WHERE_DRY_LOST);
    double[] nets = {10, 20, 30};
    double[] refused = {0, 0, 5};
    assertFalse(rate.seenFor(2, nets, refused)); // its own refusals are not a rung below
    assertFalse(rate.seenFor(0, nets, refused));
  }

  @Test
  void seenFor_otherReadings_areTheSameForEveryRung() {
    double[] nets = {53, 65, 116};
    double[] refused = {2974, 1325, 0};
    assertTrue(new StepRate(KEEP, 1, Reading.SEEN).seenFor(2, nets, refused));
    assertFalse(new StepRate(KEEP, 1, Reading.AS_OLD).seenFor(2, nets, refused));
    assertFalse(new StepRate(KEEP, 1, Reading.WHERE_DRY_LOST).seenElsewhere());
  }
}
