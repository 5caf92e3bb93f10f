package io.hdfslocalcache.bench;

import java.util.Random;

/** A precomputed stream of block-id-like keys with Zipf-distributed popularity. */
final class ZipfKeys {
  private ZipfKeys() {}

  /** First block id HDFS hands out (2^30 + 1); real ids are sequential from here. */
  static final long FIRST_BLOCK_ID = 1_073_741_825L;

  /**
   * {@code length} draws (a power of two) over {@code distinct} keys with exponent {@code s};
   * ranks are shuffled onto block ids so popularity is not correlated with id order.
   */
  static long[] stream(int distinct, double s, int length, long seed) {
    double[] cdf = new double[distinct];
    double sum = 0;
    for (int i = 0; i < distinct; i++) {
      sum += 1.0 / Math.pow(i + 1, s);
      cdf[i] = sum;
    }
    Random rnd = new Random(seed);
    long[] idOfRank = new long[distinct];
    for (int i = 0; i < distinct; i++) {
      idOfRank[i] = FIRST_BLOCK_ID + i;
    }
    for (int i = distinct - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      long t = idOfRank[i];
      idOfRank[i] = idOfRank[j];
      idOfRank[j] = t;
    }
    long[] out = new long[length];
    for (int i = 0; i < length; i++) {
      double u = rnd.nextDouble() * sum;
      int lo = 0;
      int hi = distinct - 1;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (cdf[mid] < u) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      out[i] = idOfRank[lo];
    }
    return out;
  }
}
