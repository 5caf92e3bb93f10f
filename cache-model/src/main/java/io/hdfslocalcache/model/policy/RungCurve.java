package io.hdfslocalcache.model.policy;

/**
 * What {@link BetweenRungs} reads of the rung law's scores ({@link RungScores}): each rung's score,
 * the score a ghost between rungs would have had, and payback's test of a move down.
 */
interface RungCurve {
  /** Whether the law moves yet (its first horizon / 2 steps are past). */
  boolean warm();

  /** Rung {@code i}'s score after the last step. */
  double score(int i);

  /**
   * The score a ghost at {@code x} (a threshold's ln(t + 1)) would have had, read off rung {@code
   * i} and its two neighbours at {@code xs}.
   */
  double scoreAt(int i, double[] xs, double x);

  /** Whether the live rung {@code i} may move down to a ghost at {@code x} below it. */
  boolean mayMoveDownTo(int i, double[] xs, double x);
}
