package io.hdfslocalcache.namenode.routing;

/**
 * Rendezvous (highest random weight) scores: for one key, every node gets a score and the highest
 * wins; take a node away and the others keep their relative order, so the next-highest takes over.
 * A private copy of the mixing the simulator uses ({@code io.hdfslocalcache.routing.Rendezvous}):
 * this jar runs inside the NameNode and carries nothing but its own classes, so it does not depend
 * on cache-api. The two must agree; the formula is the one line in {@link #score}.
 */
final class Rendezvous {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private Rendezvous() {}

  /** The score of a node for a key: higher is preferred. */
  static long score(long key, long nodeHash) {
    return mix64(key * GOLDEN ^ nodeHash);
  }

  /** SplitMix64's finalizer: every input bit flips about half of the output bits. */
  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
