package io.hdfslocalcache.model.policy;

/**
 * The law of {@link OutcomeAdmission}: each step, what every rung's ghost saved and asked for goes
 * into its scores, and the rung to admit at next comes out. Not thread-safe: the ladder calls it
 * under its monitor.
 *
 * <p><b>The law.</b> Every minute (a step) each rung's net saving of the step is added to a sum
 * that forgets with time constant H ({@code horizon}, 120 steps: two hours, about a block's
 * residency in the measured caches, so the sum answers "which threshold pays on the reads now", not
 * "since the start"); so are the bytes its fills asked for (payback's, below) and those they wrote
 * (paid for by its own budget). A rung writing k times more than the live write budget sustains
 * (its refill, plus its level above a reserve of 1/20 of the burst spread over {@code drain} steps,
 * 120) would keep about 1/k of its fills, so its score is its net saving / k. With {@code drain} =
 * H this is a projection over the horizon: a rung asking more than the refill keeps all its fills
 * until it would run the live level dry, then the refill's share (third round: 120 against the
 * earlier 360, the tuned law's target, measured better on tuning and held-out cells alike once
 * payback guards the burst). A rung that wins by spending the burst early is not followed into an
 * empty budget (measured: without this the threshold followed the lower rung for hours on {@code
 * steep} at 1% and ran the live budget empty, 5 points below the best threshold). The live
 * threshold moves one rung ({@code stride}) a step toward the rung with the highest score, only
 * while that score beats the live rung's by more than {@code dead} percent (1) of its magnitude,
 * and not during the first H / 2 steps (the ghosts start as cold as the cache; until they have seen
 * reads, F).
 *
 * <p><b>Written, not asked</b> ({@code written}, on by default; fourth round). A ghost's net
 * already counts the fills its own budget refused, and once its bucket is dry every refused re-read
 * asks again: dividing by the bytes asked charged it twice (on {@code hourly} at 5% rung 15 asked
 * 15-220 times the refill while writing 4-15 times it, and the live threshold sat at 31: -3.2
 * points against the best fixed threshold). But a live cache that follows a dry ghost with more
 * budget than the ghost has pays for fills the ghost was refused, whose hits the ghost never saw (a
 * fleet's {@code hourly} at 5%: 7's dry ghost led 15 by 10%, fixed 7 saves 2.2 points less). So the
 * refused fills the live budget would pay, the share (min(asked, sustained) - written) / (asked -
 * written) of them, are charged at their cost, with no hits: a rung's score is (net - that cost) /
 * k, k from what it writes. Measured: the single DataNodes' worst tuning cell -1.1 from -3.2, the
 * fleets' {@code hourly} at 5% unchanged (0.0; -4.1 without the charge).
 *
 * <p><b>Payback of the burst</b> ({@code payback}, on by default). While the live rung asks more
 * than the budget's refill, it is drawing down the burst, and a burst byte a hungrier rung spends
 * is one the live rung no longer has later. So the live threshold moves down to a hungrier rung
 * only if that rung's extra net saving per extra byte asked is at least what the live rung saves
 * per byte (the greedy order of a knapsack: the burst goes where it buys most); otherwise the best
 * rung at or above the live one is followed. While the live rung asks no more than the refill, the
 * burst is idle under it and the ranking decides alone. Measured: on {@code fading} at 5% the rung
 * below led by 3-38% over the horizon for 3-4 times the bytes and ran the budget dry by hour 20;
 * with this test the live threshold stays on the best fixed threshold (-1.5 points from -6.7). Its
 * price: where the burst outlasts the trace, it keeps a rung that a cheaper-per-byte hungrier rung
 * would have beaten (fleets of 3 at 1%: -1.5 on {@code interactive} and -1.2 on {@code storms};
 * docs/research/outcome-admission.md, "Third round").
 */
final class RungScores implements RungCurve {
  private final OutcomeParams params;
  private final double keep; // per step: exp(-1 / H)
  private final StepRate rate;
  private final double[] nets; // per rung: net saving, forgetting over H
  private final double[] asked; // per rung: bytes its fills asked for, forgetting over H
  private final double[] paid; // per rung: bytes its fills were paid for, forgetting over H
  private final double[] refused; // per rung: its refused fills' cost, forgetting over H
  private final double[] scores;
  private final double[] taken = new double[4];
  private final double bytesPerStep; // the write budget's refill, whole cache; 0: no budget
  private final long burstBytes;
  private final ThresholdTuner.Budget budget;
  private long steps;
  private double sustained; // the last step's

  RungScores(
      int rungs,
      OutcomeParams params,
      double bytesPerStep,
      long burstBytes,
      ThresholdTuner.Budget budget) {
    this.params = params;
    this.keep = Math.exp(-1.0 / params.horizon());
    this.rate = new StepRate(keep, params.sample(), params.seen());
    this.nets = new double[rungs];
    this.asked = new double[rungs];
    this.paid = new double[rungs];
    this.refused = new double[rungs];
    this.scores = new double[rungs];
    this.bytesPerStep = bytesPerStep;
    this.burstBytes = burstBytes;
    this.budget = budget;
  }

  /**
   * One step at {@code stepMs}: the ghosts' takes scored; the rung to admit at after {@code live}.
   */
  int step(GhostCache[] ghosts, long stepMs, int live) {
    sustained = sustainedBytesPerStep();
    rate.stepped();
    int best = 0;
    for (int i = 0; i < ghosts.length; i++) {
      ghosts[i].take(stepMs, taken);
      nets[i] = nets[i] * keep + taken[0];
      asked[i] = asked[i] * keep + taken[1];
      paid[i] = paid[i] * keep + taken[2];
      refused[i] = refused[i] * keep + taken[3];
      scores[i] = score(nets[i], asked[i], paid[i], refused[i], rate.seenFor(i, nets, refused));
      if (scores[i] > scores[best]) {
        best = i;
      }
    }
    if (++steps < params.horizon() / 2) {
      return live;
    }
    if (params.payback() && best < live && !paysBack(best, live)) {
      best = bestFrom(live);
    }
    if (best != live && scores[best] - scores[live] > params.dead() * Math.abs(scores[live])) {
      return live + Integer.signum(best - live) * Math.min(params.stride(), Math.abs(best - live));
    }
    return live;
  }

  /** Whether the first horizon / 2 steps are past: the ghosts have seen reads, the law moves. */
  @Override
  public boolean warm() {
    return steps >= params.horizon() / 2;
  }

  @Override
  public double score(int i) {
    return scores[i];
  }

  /**
   * A rung's net, less the cost of the refused fills the live budget would pay, over k: what it
   * writes over what the live budget sustains, at least 1.
   */
  private double writtenScore(
      double net, double askSum, double paidSum, double refusedSum, boolean seen) {
    double ask = rate.perStep(askSum, seen);
    double wrote = rate.perStep(paidSum, seen);
    if (ask > wrote) {
      net -= refusedSum * Math.max(0, Math.min(ask, sustained) - wrote) / (ask - wrote);
    }
    return wrote > sustained ? net * sustained / wrote : net;
  }

  /** The third round's score: a rung asking k times what the budget sustains keeps 1/k. */
  private double askedScore(double net, double askSum, boolean seen) {
    double ask = rate.perStep(askSum, seen);
    return ask > sustained ? net * sustained / ask : net;
  }

  /** The score of a ghost with these forgetting sums, on the last step's sustained rate. */
  private double score(double net, double askSum, double paidSum, double refusedSum, boolean seen) {
    return params.written()
        ? writtenScore(net, askSum, paidSum, refusedSum, seen)
        : askedScore(net, askSum, seen);
  }

  /**
   * The score a ghost at {@code x} (a threshold's ln(t + 1)) would have had, its sums read off rung
   * {@code i}'s and its neighbours' at {@code xs} (their ln(t + 1)): the net on the parabola
   * through the three (so a maximum between rungs shows), the bytes log-linear between the two
   * rungs around {@code x} (they fall with the threshold, and cannot overshoot); then scaled by the
   * budget as a rung's score is. At a rung, that rung's score.
   */
  @Override
  public double scoreAt(int i, double[] xs, double x) {
    double[] at = sumsAt(i, xs, x);
    return score(at[0], at[1], at[2], at[3], rate.seenElsewhere());
  }

  /**
   * Whether the live rung {@code i} may move down to a ghost at {@code x} below it, its sums read
   * off as {@link #scoreAt} reads them: payback off, or that ghost pays back.
   */
  @Override
  public boolean mayMoveDownTo(int i, double[] xs, double x) {
    double[] at = sumsAt(i, xs, x);
    return !params.payback() || paysBack(at[0], at[1], i);
  }

  /** The net, asked, paid and refused sums a ghost at {@code x} would have (see scoreAt). */
  private double[] sumsAt(int i, double[] xs, double x) {
    double xm = xs[i - 1];
    double x0 = xs[i];
    double xp = xs[i + 1];
    double net =
        nets[i - 1] * (x - x0) * (x - xp) / ((xm - x0) * (xm - xp))
            + nets[i] * (x - xm) * (x - xp) / ((x0 - xm) * (x0 - xp))
            + nets[i + 1] * (x - xm) * (x - x0) / ((xp - xm) * (xp - x0));
    int lo = x < x0 ? i - 1 : i;
    double w = (x - xs[lo]) / (xs[lo + 1] - xs[lo]);
    return new double[] {
      net, logLinear(asked, lo, w), logLinear(paid, lo, w), logLinear(refused, lo, w)
    };
  }

  private static double logLinear(double[] sums, int lo, double w) {
    return Math.expm1(Math.log1p(sums[lo]) * (1 - w) + Math.log1p(sums[lo + 1]) * w);
  }

  /**
   * A forgetting sum as its rate per step, whole cache, outside a rung's own score ({@link
   * StepRate}).
   */
  private double perStep(double sum) {
    return rate.perStep(sum, rate.seenElsewhere());
  }

  /**
   * Whether moving from the live rung {@code at} down to the hungrier rung {@code to} buys at least
   * as much net saving per extra byte as {@code at} saves per byte, when {@code at} itself asks
   * more than the refill (draws the burst); true when it does not.
   */
  private boolean paysBack(int to, int at) {
    return paysBack(nets[to], asked[to], at);
  }

  /** {@link #paysBack(int, int)} for a ghost with these sums in place of rung {@code to}. */
  private boolean paysBack(double netTo, double askedTo, int at) {
    double askAt = perStep(asked[at]);
    double extra = askedTo - asked[at];
    if (bytesPerStep <= 0 || askAt <= bytesPerStep || extra <= 0) {
      return true;
    }
    return (netTo - nets[at]) / extra >= nets[at] / asked[at];
  }

  /**
   * What rung {@code i}'s ghost saved net per byte its fills asked for, over the horizon (0 before
   * it asked for any): what a byte of the budget buys at that rung, as payback of the burst prices
   * it.
   */
  double netPerByte(int i) {
    return asked[i] > 0 ? nets[i] / asked[i] : 0;
  }

  /** The rung with the highest score among {@code from} and the rungs above it. */
  private int bestFrom(int from) {
    int best = from;
    for (int i = from + 1; i < scores.length; i++) {
      if (scores[i] > scores[best]) {
        best = i;
      }
    }
    return best;
  }

  /**
   * What fills may ask for a step on the live budget: its refill, and its level above a reserve of
   * 1/20 of the burst spread over {@code drain} steps (by default the horizon, 2 hours). At least a
   * thousandth of the refill: below the reserve the level's term is negative, and a negative rate
   * would flip every scaled score's sign, ranking the rung that writes most first (and a rung that
   * writes nothing at minus infinity).
   */
  private double sustainedBytesPerStep() {
    if (bytesPerStep <= 0) {
      return Double.MAX_VALUE;
    }
    double aboveReserve = (budget.availableBytes() - burstBytes / 20.0) / params.drain();
    return Math.max(bytesPerStep / 1000, bytesPerStep + aboveReserve);
  }
}
