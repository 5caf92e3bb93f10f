package io.hdfslocalcache.bench;

import io.hdfslocalcache.simulator.util.ZipfSampler;
import java.util.Random;

/** A precomputed stream of block-id-like keys with Zipf-distributed popularity. */
final class ZipfKeys {
  private ZipfKeys() {}

  /** First block id HDFS hands out (2^30 + 1); real ids are sequential from here. */
  static final long FIRST_BLOCK_ID = 1_073_741_825L;

  /**
   * {@code length} draws (a power of two) over {@code distinct} keys with exponent {@code s}; ranks
   * are shuffled onto block ids so popularity is not correlated with id order. One random generator
   * serves the shuffle and then the draws, as when the figures in docs/benchmarks.md were measured.
   */
  static long[] stream(int distinct, double s, int length, long seed) {
    Random rnd = new Random(seed);
    ZipfSampler popularity = new ZipfSampler(distinct, s, rnd);
    long[] out = new long[length];
    for (int i = 0; i < length; i++) {
      out[i] = FIRST_BLOCK_ID + popularity.nextItem(rnd);
    }
    return out;
  }
}
