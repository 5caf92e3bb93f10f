package io.hdfslocalcache.model.policy;

/**
 * A forgetting sum of {@link RungScores} read as a rate per step, whole cache: sum x (1 - keep) x
 * the sample. That is the rate only once the sum has seen many horizons; after t steps it is low by
 * the factor 1 - keep^t (39% of the rate at the end of the law's first-hour hold, 63% after two
 * hours). With {@code seen=1} (off by default) the rate is divided by that factor, so a young
 * ghost's bytes a step are what it writes, not what its sum has gathered so far.
 *
 * <p><b>Why.</b> The budget scaling compares a rung's bytes a step with what the live budget
 * sustains, which is not a sum and not low. On {@code rotating} at 1% rung 15's ghost wrote about
 * 22 times the refill at minute 75 while its sum read 10, under the 11 the live level sustained, so
 * it was not scaled, led 31, and the live cache spent 60% of the burst at 15 in 90 minutes
 * (docs/research/outcome-admission.md, "Why outcome climbs past the best rung on rotating").
 * Measured: {@code rotating} 1% -0.2 from -1.3, but {@code hourly} 5% -1.7 from -0.3, where 15, the
 * best fixed threshold, spends the burst and the young sum's low reading let the law follow it; not
 * kept. Not thread-safe: the ladder calls it under its monitor.
 */
final class StepRate {
  private final double keep;
  private final int sample;
  private final boolean seen;
  private long steps;

  StepRate(double keep, int sample, boolean seen) {
    this.keep = keep;
    this.sample = sample;
    this.seen = seen;
  }

  /** One more step gathered into the sums. */
  void stepped() {
    steps++;
  }

  /** {@code sum}, a forgetting sum of the steps so far, as a rate per step, whole cache. */
  double perStep(double sum) {
    double rate = sum * (1 - keep) * sample;
    return seen && steps > 0 ? rate / (1 - Math.pow(keep, steps)) : rate;
  }
}
