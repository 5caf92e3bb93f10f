package io.hdfslocalcache.datanode.admission;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import java.util.List;

/**
 * Which directory a block's first fill goes to: weighted rendezvous hashing over the directories in
 * service, each weighted by its capacity. Every directory scores the block {@code -capacity /
 * ln(u)}, {@code u} a hash of the block and the directory's path in (0, 1); the highest score wins.
 * So a directory gets blocks in proportion to its capacity (an uneven pair fills both at the same
 * rate, instead of churning the small one while the large one idles, as an even hash did), and the
 * choice depends only on the block and the set of directories: the same after a restart, and a
 * directory leaving service moves only its own blocks.
 *
 * <p>Lookups never depend on it: a cached block is found through the block map, whose entry names
 * its directory (restored from that directory's own index), wherever placement would put it now.
 */
final class Placement {
  private static final double TWO_TO_53 = 0x1.0p53;

  private Placement() {}

  /** The directory for {@code id} among {@code dirs}' in service ones; null when none is. */
  static CacheDirectory of(BlockId id, List<CacheDirectory> dirs) {
    long block = mix(id.admissionKey());
    CacheDirectory best = null;
    double bestScore = 0;
    for (CacheDirectory d : dirs) {
      if (!d.health().inService()) {
        continue;
      }
      double score = score(block, d);
      if (best == null || score > bestScore) {
        best = d;
        bestScore = score;
      }
    }
    return best;
  }

  /** {@code -w / ln(u)}: positive, and larger for a larger capacity. */
  private static double score(long block, CacheDirectory d) {
    long h = mix(block ^ mix(d.path().toString().hashCode()));
    double u = ((h >>> 11) + 0.5) / TWO_TO_53; // in (0, 1), never 0 or 1
    return -(double) d.budget().capacity() / Math.log(u);
  }

  /** SplitMix64's finalizer: a stable 64-bit mix (String.hashCode is fixed by the JLS too). */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
