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
final class RungScores {
  private final OutcomeParams params;
  private final double keep; // per step: exp(-1 / H)
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

  RungScores(
      int rungs,
      OutcomeParams params,
      double bytesPerStep,
      long burstBytes,
      ThresholdTuner.Budget budget) {
    this.params = params;
    this.keep = Math.exp(-1.0 / params.horizon());
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
    double sustained = sustainedBytesPerStep();
    int best = 0;
    for (int i = 0; i < ghosts.length; i++) {
      ghosts[i].take(stepMs, taken);
      nets[i] = nets[i] * keep + taken[0];
      asked[i] = asked[i] * keep + taken[1];
      paid[i] = paid[i] * keep + taken[2];
      refused[i] = refused[i] * keep + taken[3];
      scores[i] = params.written() ? writtenScore(i, sustained) : askedScore(i, sustained);
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

  /** Whether the law still holds the live rung: its first H / 2 steps (the ghosts are cold). */
  boolean warming() {
    return steps < params.horizon() / 2;
  }

  /**
   * A rung's net, less the cost of the refused fills the live budget would pay, over k: what it
   * writes over what the live budget sustains, at least 1.
   */
  private double writtenScore(int i, double sustained) {
    double ask = perStep(asked[i]);
    double wrote = perStep(paid[i]);
    double net = nets[i];
    if (ask > wrote) {
      net -= refused[i] * Math.max(0, Math.min(ask, sustained) - wrote) / (ask - wrote);
    }
    return wrote > sustained ? net * sustained / wrote : net;
  }

  /** The third round's score: a rung asking k times what the budget sustains keeps 1/k. */
  private double askedScore(int i, double sustained) {
    double ask = perStep(asked[i]);
    return ask > sustained ? nets[i] * sustained / ask : nets[i];
  }

  /** A forgetting sum as its rate per step, whole cache. */
  private double perStep(double sum) {
    return sum * (1 - keep) * params.sample();
  }

  /**
   * Whether moving from the live rung {@code at} down to the hungrier rung {@code to} buys at least
   * as much net saving per extra byte as {@code at} saves per byte, when {@code at} itself asks
   * more than the refill (draws the burst); true when it does not.
   */
  private boolean paysBack(int to, int at) {
    double askAt = perStep(asked[at]);
    double extra = asked[to] - asked[at];
    if (bytesPerStep <= 0 || askAt <= bytesPerStep || extra <= 0) {
      return true;
    }
    return (nets[to] - nets[at]) / extra >= nets[at] / asked[at];
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
   * 1/20 of the burst spread over {@code drain} steps (by default the horizon, 2 hours).
   */
  private double sustainedBytesPerStep() {
    if (bytesPerStep <= 0) {
      return Double.MAX_VALUE;
    }
    return bytesPerStep + (budget.availableBytes() - burstBytes / 20.0) / params.drain();
  }
}
