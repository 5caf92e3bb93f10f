package io.hdfslocalcache.model.policy;

/**
 * The live threshold between the rungs of {@link OutcomeAdmission}'s ladder ({@code between=1}),
 * read off the rungs' ghosts without more ghosts. Not thread-safe: the ladder calls it under its
 * monitor, after {@link RungScores#step}.
 *
 * <p><b>The rule.</b> The rung law picks the anchor rung as ever (a rung a step, dead band,
 * payback). Around it, a ghost at a threshold between the anchor and a neighbour is read off the
 * three rungs' forgetting sums on x = ln(threshold + 1), where the ladder is evenly spaced: its net
 * saving on the parabola through the three nets (so a maximum between rungs shows), the bytes its
 * fills asked for, wrote and were refused log-linear between the two rungs around it (they fall
 * with the threshold; linear cannot overshoot) ({@link RungScores#scoreAt}). Points up to half way
 * to either neighbour are scored; beyond half way the neighbour is the better candidate, and moving
 * there is the rung law's job. The live threshold goes to the best point if it beats the anchor's
 * score by more than {@code bdead} percent of it, else to the anchor.
 *
 * <p><b>What it inherits, and why.</b> The written scaling: a point's score is computed from its
 * interpolated sums by the same formula as a rung's, so a point past the budget's edge is scaled
 * (and charged) as a rung there would be. (Fitting a parabola to the scores instead, measured
 * first, ran into that edge: a rung below the anchor scaled to a loss pulls the vertex up, on
 * {@code fading} at 5% to 8 where 6 is best.) Payback: a point below the anchor is a move toward a
 * hungrier ghost, so payback's test is asked of that point's interpolated sums, as of a rung; above
 * the anchor nothing is asked, as the rung law asks nothing of moves up. While the law holds (its
 * first horizon / 2 steps), the anchor itself.
 *
 * <p><b>Why it cannot jitter.</b> The threshold moves only when the target is more than {@code
 * hyst} percent of a rung's distance from it (on the log scale), and at most one rung's distance a
 * step; the sums forget over H, so a step's reads move the target little.
 *
 * <p><b>Restart.</b> What is saved is the anchor rung ({@link OutcomeAdmission#state}): the offset
 * is the ghosts' evidence, which a restart does not keep, and the law holds the anchor until they
 * have seen reads again, as it holds a restored rung.
 */
final class BetweenRungs {
  private static final int GRID = 8; // points either side of the anchor, to half way
  private final int[] ladder;
  private final double[] x; // ln(rung + 1)
  private final double rung; // a rung's distance on the log scale: ln 2 / split
  private final double hyst; // as a fraction of a rung
  private final double dead; // as a fraction of the anchor's score

  BetweenRungs(int[] ladder, int split, double hyst, double dead) {
    this.ladder = ladder.clone();
    this.x = new double[ladder.length];
    for (int i = 0; i < ladder.length; i++) {
      x[i] = Math.log(ladder[i] + 1.0);
    }
    this.rung = Math.log(2) / split;
    this.hyst = hyst;
    this.dead = dead;
  }

  /** The threshold to admit at after a step that left the law at rung {@code anchor}. */
  int next(int current, int anchor, RungCurve scores) {
    if (!scores.warm()) {
      return ladder[anchor];
    }
    double at = Math.log(current + 1.0);
    double move = target(anchor, scores) - at;
    if (Math.abs(move) <= hyst * rung) {
      return current;
    }
    long t = Math.round(Math.exp(at + Math.max(-rung, Math.min(rung, move)))) - 1;
    int lowest = ladder[Math.max(0, anchor - 1)];
    int highest = ladder[Math.min(ladder.length - 1, anchor + 1)];
    return (int) Math.max(lowest, Math.min(highest, t));
  }

  /**
   * The x, within half the way to either neighbour of {@code anchor}, where a ghost read off the
   * rungs' sums scores best, if it beats the anchor by the dead band; else the anchor's.
   */
  private double target(int anchor, RungCurve scores) {
    if (anchor == 0 || anchor == ladder.length - 1) {
      return x[anchor]; // one neighbour: no parabola
    }
    if (x[anchor - 1] >= x[anchor] || x[anchor] >= x[anchor + 1]) {
      return x[anchor]; // rungs clamped together at 0 (small F): nothing between them
    }
    double best = x[anchor];
    double top = scores.score(anchor) + dead * Math.abs(scores.score(anchor));
    for (int g = -GRID; g <= GRID; g++) {
      double at =
          g < 0
              ? x[anchor] + (x[anchor] - x[anchor - 1]) * g / (2.0 * GRID)
              : x[anchor] + (x[anchor + 1] - x[anchor]) * g / (2.0 * GRID);
      double s = scores.scoreAt(anchor, x, at);
      if (s > top && (g >= 0 || scores.mayMoveDownTo(anchor, x, at))) {
        top = s;
        best = at;
      }
    }
    return best;
  }
}
