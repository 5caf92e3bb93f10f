package io.hdfslocalcache.simulator.util;

import java.util.random.RandomGenerator;

/**
 * Draws items with Zipf(s) popularity: the item of rank r (0 = hottest) has weight 1 / (r+1)^s, so
 * s = 0 is uniform. The one sampler of the project: the simulator's synthetic trace, the demo's
 * readers and the rate-limiter benchmarks all use it, so their workloads mean the same thing.
 *
 * <p>Inverse-CDF sampling over a table of cumulative probabilities: one {@code nextDouble()} per
 * draw and a binary search. Exact for any s and one draw per sample (a rejection sampler needs no
 * table but a varying number of draws); the draws per seed are what the figures in
 * docs/benchmarks.md were measured with, so changing the algorithm moves those figures.
 *
 * <p>Immutable once built, so one instance can be shared by threads that each bring their own
 * random generator.
 */
public final class ZipfSampler {
  /** cdf[r] = P(rank <= r), normalised so that cdf[items - 1] is exactly 1.0. */
  private final double[] cdf;

  /** Rank to item; null when ranks are the items (no shuffle), to save the array. */
  private final int[] itemOfRank;

  /** Items are their ranks: item 0 is the hottest, item {@code items - 1} the coldest. */
  public ZipfSampler(int items, double exponent) {
    this.cdf = cdf(items, exponent);
    this.itemOfRank = null;
  }

  /**
   * Ranks shuffled onto items (Fisher-Yates with {@code shuffle}'s {@code nextInt} draws), so the
   * hottest items are not simply the first ones, e.g. the first files written or the lowest block
   * ids. {@code shuffle} may be the generator later used for draws; its state moves on.
   */
  public ZipfSampler(int items, double exponent, RandomGenerator shuffle) {
    this.cdf = cdf(items, exponent);
    int[] perm = new int[items];
    for (int i = 0; i < items; i++) {
      perm[i] = i;
    }
    for (int i = items - 1; i > 0; i--) {
      int j = shuffle.nextInt(i + 1);
      int t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    this.itemOfRank = perm;
  }

  private static double[] cdf(int items, double exponent) {
    // !(x >= 0) also rejects NaN; an infinite exponent makes pow(1, s) NaN.
    if (items < 1 || !(exponent >= 0) || Double.isInfinite(exponent)) {
      throw new IllegalArgumentException(
          "need items >= 1 and a finite exponent >= 0, got " + items + " and " + exponent);
    }
    double[] cdf = new double[items];
    double sum = 0;
    for (int r = 0; r < items; r++) {
      sum += 1 / Math.pow(r + 1, exponent);
      cdf[r] = sum;
    }
    // Dividing (not multiplying by 1/sum) makes the last entry sum/sum == 1.0 exactly, so a draw
    // in [0, 1) always lands on a rank.
    for (int r = 0; r < items; r++) {
      cdf[r] /= sum;
    }
    return cdf;
  }

  public int items() {
    return cdf.length;
  }

  /** A rank in [0, items), 0 the most likely; uses exactly one {@code rnd.nextDouble()}. */
  public int nextRank(RandomGenerator rnd) {
    double u = rnd.nextDouble();
    // First rank whose cumulative probability reaches u.
    int lo = 0;
    int hi = cdf.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cdf[mid] < u) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** An item in [0, items): the item of {@link #nextRank}. */
  public int nextItem(RandomGenerator rnd) {
    return itemOfRank(nextRank(rnd));
  }

  /** The item with popularity rank {@code rank} (0 = hottest). */
  public int itemOfRank(int rank) {
    if (rank < 0 || rank >= cdf.length) {
      throw new IndexOutOfBoundsException(rank);
    }
    return itemOfRank == null ? rank : itemOfRank[rank];
  }

  /** The probability that a draw is {@code rank}: (rank+1)^-s over the sum of all weights. */
  public double rankProbability(int rank) {
    return rank == 0 ? cdf[0] : cdf[rank] - cdf[rank - 1];
  }
}
