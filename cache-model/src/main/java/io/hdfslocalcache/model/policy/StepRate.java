package io.hdfslocalcache.model.policy;

/**
 * How {@link RungScores} reads a forgetting sum as a rate per step, whole cache ({@code seen}, 0 by
 * default). As the law always has: sum x (1 - keep) x the sample. That is the rate only once the
 * sum has seen many horizons; after t steps it is low by the factor 1 - keep^t (39% of the rate at
 * the end of the law's first-hour hold, 63% after two hours). Read over the steps seen, the rate is
 * divided by that factor, so a young ghost's bytes a step are what it writes.
 *
 * <p><b>Why, and why not everywhere.</b> The budget scaling compares a rung's bytes a step with
 * what the live budget sustains, which is not a sum and not low. On {@code rotating} at 1% rung
 * 15's ghost wrote about 20 times the refill at minutes 60-90 while its sum read 8-10, under the
 * 10-14 the live level sustained: it was not scaled, led 31, and the live cache spent 60% of the
 * burst at 15 in 90 minutes; from there the scaling on an empty level ranked 63 and 127 above 31
 * (-2.4 points). Read over the steps seen everywhere ({@link Reading#SEEN}), {@code hourly} at 5%
 * loses instead (-1.7 from -0.3): there 15 is best because spending the burst early pays, and the
 * low reading had let the law follow it. What tells the two apart is on the ladder: the rungs below
 * that ran their own budget dry. On {@code rotating} they net less than 15 (a dry cache holds a hot
 * set that has moved on); on {@code hourly} they net more (running dry costs little there). So
 * {@link Reading#WHERE_DRY_LOST} reads a rung's rates over the steps seen only when a rung below it
 * ran dry (refused fills) and every such rung nets less than it
 * (docs/research/outcome-admission.md, "Why outcome climbs past the best rung on rotating").
 * Measured against {@code room=1} alone: single DataNodes better (held out -0.32 from -0.36 on the
 * mean), fleets worse (-0.33 from -0.29: a barely dry rung below is taken at face value); off by
 * default. Not thread-safe: the ladder calls it under its monitor.
 */
final class StepRate {
  /** How the sums are read ({@code seen}). */
  enum Reading {
    /** As if every sum had seen many horizons ({@code seen=0}). */
    AS_OLD,
    /** Over the steps seen, every rung ({@code seen=1}; measured worse). */
    SEEN,
    /** Over the steps seen where a rung below ran dry and nets less ({@code seen=2}). */
    WHERE_DRY_LOST;

    /** The reading a {@code seen} setting names; anything but 0-2 names the setting. */
    static Reading of(int setting) {
      if (setting < 0 || setting >= values().length) {
        throw new IllegalArgumentException(
            "outcome: seen must be 0 (off), 1 (every rung) or 2 (where a dry rung below nets"
                + " less), got "
                + setting);
      }
      return values()[setting];
    }
  }

  private final double keep;
  private final int sample;
  private final Reading reading;
  private long steps;

  StepRate(double keep, int sample, Reading reading) {
    this.keep = keep;
    this.sample = sample;
    this.reading = reading;
  }

  /** One more step gathered into the sums. */
  void stepped() {
    steps++;
  }

  /**
   * Whether rung {@code i}'s sums are read over the steps seen when it is scored, given every
   * rung's net and refused-fill sums (the rungs below {@code i} already updated this step).
   */
  boolean seenFor(int i, double[] nets, double[] refused) {
    if (reading != Reading.WHERE_DRY_LOST) {
      return reading == Reading.SEEN;
    }
    boolean dryBelow = false;
    for (int j = 0; j < i; j++) {
      if (refused[j] > 0) {
        if (nets[j] >= nets[i]) {
          return false; // a rung that ran dry still nets as much: running dry costs little here
        }
        dryBelow = true;
      }
    }
    return dryBelow;
  }

  /** Whether sums are read over the steps seen outside a rung's own score (payback, between). */
  boolean seenElsewhere() {
    return reading == Reading.SEEN;
  }

  /** {@code sum}, a forgetting sum of the steps so far, as a rate per step, whole cache. */
  double perStep(double sum, boolean seen) {
    double rate = sum * (1 - keep) * sample;
    return seen && steps > 0 ? rate / (1 - Math.pow(keep, steps)) : rate;
  }
}
