package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The live threshold between the rungs, read off the law's scores (a curve standing in). */
class BetweenRungsTest {
  private static final int[] LADDER = Rungs.of(15); // 3, 7, 15, 31, 63, 127
  private static final int AT_7 = 1;
  private static final int AT_15 = 2;

  /** Rung scores 1 everywhere; between the rungs, {@code between}; payback as given. */
  private static final class Curve implements RungCurve {
    boolean warm = true;
    boolean paysBackBelow = true;
    DoubleUnaryOperator between = x -> 0;

    @Override
    public boolean warm() {
      return warm;
    }

    @Override
    public double score(int i) {
      return 1;
    }

    @Override
    public double scoreAt(int i, double[] xs, double x) {
      return between.applyAsDouble(x);
    }

    @Override
    public boolean mayMoveDownTo(int i, double[] xs, double x) {
      return paysBackBelow;
    }
  }

  private static BetweenRungs rule(double hyst) {
    return new BetweenRungs(LADDER, 1, hyst, 0.01);
  }

  /** A curve peaking at 2 at threshold t (ln(t + 1)), below 1 a quarter rung away. */
  private static DoubleUnaryOperator peakAt(double t) {
    return x -> 2 - 20 * Math.pow(x - Math.log(t + 1), 2);
  }

  @Test
  void next_curvePeaksBetweenRungs_admitsAtThePeak() {
    Curve c = new Curve();
    c.between = peakAt(5);
    assertEquals(5, rule(0.12).next(7, AT_7, c));
  }

  @Test
  void next_lawHoldingItsFirstSteps_theAnchorRung() {
    Curve c = new Curve();
    c.between = peakAt(5);
    c.warm = false;
    assertEquals(7, rule(0.12).next(5, AT_7, c));
  }

  @Test
  void next_pointBelowDoesNotPayBack_staysAtTheAnchor() {
    Curve c = new Curve();
    c.between = peakAt(5);
    c.paysBackBelow = false;
    assertEquals(7, rule(0.12).next(7, AT_7, c));
  }

  @Test
  void next_anchorBestButWithinHysteresis_staysBetween() {
    Curve c = new Curve(); // nothing between the rungs beats the anchor: the target is 7
    assertEquals(8, rule(0.25).next(8, AT_7, c));
    assertEquals(7, rule(0.12).next(8, AT_7, c), "outside a smaller hysteresis: to the rung");
  }

  @Test
  void next_targetMoreThanARungAway_movesOneRungAStep() {
    Curve c = new Curve();
    c.between = peakAt(21);
    assertEquals(7, rule(0.12).next(3, AT_15, c));
    assertEquals(21, rule(0.12).next(15, AT_15, c));
  }

  @Test
  void next_pointsBeatTheAnchorByLessThanTheDeadBand_staysAtTheAnchor() {
    Curve c = new Curve();
    c.between = x -> 1.005;
    assertEquals(15, rule(0.12).next(15, AT_15, c));
  }
}
