package io.hdfslocalcache.demo;

import java.util.Random;

/**
 * Draws item indexes with Zipf(s) popularity: rank r has weight 1 / r^s. Ranks are shuffled onto
 * items with a seed, so the hottest files are not simply the first ones written.
 */
final class ZipfSampler {
  private final double[] cdf;
  private final int[] itemOfRank;

  ZipfSampler(int items, double s, long seed) {
    if (items < 1 || s < 0) {
      throw new IllegalArgumentException("need items >= 1 and exponent >= 0");
    }
    cdf = new double[items];
    double sum = 0;
    for (int r = 0; r < items; r++) {
      sum += 1 / Math.pow(r + 1, s);
      cdf[r] = sum;
    }
    for (int r = 0; r < items; r++) {
      cdf[r] /= sum;
    }
    itemOfRank = new int[items];
    for (int i = 0; i < items; i++) {
      itemOfRank[i] = i;
    }
    Random rnd = new Random(seed);
    for (int i = items - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = itemOfRank[i];
      itemOfRank[i] = itemOfRank[j];
      itemOfRank[j] = t;
    }
  }

  int next(Random rnd) {
    double u = rnd.nextDouble();
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
    return itemOfRank[lo];
  }

  /** The item with popularity rank {@code r} (0 = hottest). */
  int itemOfRank(int r) {
    return itemOfRank[r];
  }
}
