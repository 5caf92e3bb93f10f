package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    StepRate rate = new StepRate(KEEP, 1, true);
    assertEquals(1000, rate.perStep(gathered(rate, 60, 1000)), 1e-9);
  }

  @Test
  void perStep_youngSumNotSeen_isLowByTheShareItHasGathered() {
    StepRate rate = new StepRate(KEEP, 1, false);
    double r = rate.perStep(gathered(rate, 60, 1000));
    assertEquals(1000 * (1 - Math.pow(KEEP, 60)), r, 1e-9); // 39% of the rate
  }

  @Test
  void perStep_oldSum_isTheRateEitherWay() {
    StepRate seen = new StepRate(KEEP, 1, true);
    StepRate not = new StepRate(KEEP, 1, false);
    assertEquals(1000, seen.perStep(gathered(seen, 5000, 1000)), 1e-6);
    assertEquals(1000, not.perStep(gathered(not, 5000, 1000)), 1e-6);
  }

  @Test
  void perStep_sampledGhosts_isTheWholeCachesRate() {
    StepRate rate = new StepRate(KEEP, 8, true);
    assertEquals(8000, rate.perStep(gathered(rate, 30, 1000)), 1e-9);
  }
}
