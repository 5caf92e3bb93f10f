package io.hdfslocalcache.model.policy;

/**
 * The thresholds {@code outcome} admission picks among (its ladder): around the configured F, (F +
 * 1) x 2^k - 1 for k = -2..3 (3, 7, 15, 31, 63, 127 for F = 15), and with {@code split=2} the rungs
 * halfway between on a log scale ({@link OutcomeAdmission}).
 */
final class Rungs {
  /** Rungs below the configured threshold, per doubling of the split. */
  static final int BELOW = 2;

  /** Rungs above the configured threshold, per doubling of the split. */
  static final int ABOVE = 3;

  private Rungs() {}

  /** The candidate thresholds of the coarse ladder (split 1): (F + 1) x 2^k - 1, k = -2..3. */
  static int[] of(int f) {
    return of(f, 1);
  }

  /**
   * The candidate thresholds: floor((F + 1) x 2^(k / split)) - 1, k = -2 split..3 split, at least
   * 0. Floor: split 1 gives the coarse shifts exactly and a finer split keeps a coarser one's rungs
   * (a saved rung stays valid); the top is 8 (F + 1) - 1 ({@link OutcomeLadder#maxConfigured}).
   */
  static int[] of(int f, int split) {
    int[] l = new int[(BELOW + 1 + ABOVE - 1) * split + 1];
    for (int k = -BELOW * split; k <= ABOVE * split; k++) {
      double t = Math.floor((f + 1.0) * Math.pow(2, k / (double) split)) - 1;
      l[k + BELOW * split] = (int) Math.max(0, Math.min(Integer.MAX_VALUE / 2, t));
    }
    return l;
  }
}
