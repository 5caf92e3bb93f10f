package io.hdfslocalcache.routing;

import java.nio.charset.StandardCharsets;

/**
 * Rendezvous (highest random weight) hashing of a block over its replicas' DataNodes: every reader
 * of a block goes to the one replica whose {@link #score} is highest (its "owner"), and when that
 * one is gone, to the next in score order. Shared so the NameNode's replica ordering and the
 * simulator's {@code --routing owner} pick the same owner from the same inputs.
 *
 * <p>The function, exactly (Java {@code long} arithmetic, wrapping; {@code >>>} unsigned shift):
 *
 * <pre>
 * mix64(z):    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9
 *              z = (z ^ (z >>> 27)) * 0x94D049BB133111EB
 *              return z ^ (z >>> 31)                       (SplitMix64's finaliser)
 * nodeHash(id) = mix64(FNV-1a 64 of id's UTF-8 bytes)      (offset 0xCBF29CE484222325,
 *                                                          prime 0x100000001B3)
 * score(key, nodeHash) = mix64(key * 0x9E3779B97F4A7C15 ^ nodeHash)
 * </pre>
 *
 * Scores are compared as signed {@code long}s ({@link Long#compare}); equal scores (one in 2^64) go
 * to the smaller node hash, then the earlier candidate. The key is anything that is the same for
 * every reader of a block and varies from block to block: the simulator uses the block id, the
 * NameNode plugin (which does not see the block id where it orders replicas) a hash of the
 * replicas' storage IDs; either spreads blocks' owners evenly over the DataNodes.
 *
 * <p>Java 8: the DataNode-side modules load this class too.
 */
public final class Rendezvous {
  /** 2^64 over the golden ratio, odd: spreads consecutive keys before they meet the node hash. */
  public static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private static final long FNV_OFFSET = 0xCBF29CE484222325L;
  private static final long FNV_PRIME = 0x100000001B3L;

  private Rendezvous() {}

  /**
   * SplitMix64's finaliser (Stafford's mix 13): a bijection whose output bits all depend on all.
   */
  public static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A DataNode's hash from its id (the DataNode UUID, or a storage ID): FNV-1a 64, then mixed. */
  public static long nodeHash(String nodeId) {
    long h = FNV_OFFSET;
    for (byte b : nodeId.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xFF)) * FNV_PRIME;
    }
    return mix64(h);
  }

  /** The weight of node {@code nodeHash} for {@code key}: the highest weight owns the key. */
  public static long score(long key, long nodeHash) {
    return mix64(key * GOLDEN ^ nodeHash);
  }

  /**
   * Whether {@code a} comes before {@code b} in {@code key}'s order: higher score first, then the
   * smaller node hash.
   */
  public static boolean before(long key, long a, long b) {
    int c = Long.compare(score(key, a), score(key, b));
    return c != 0 ? c > 0 : a < b;
  }

  /**
   * The index in {@code nodeHashes} of {@code key}'s owner: the highest score (the first such on a
   * tie of equal hashes). -1 when there is no node.
   */
  public static int owner(long key, long[] nodeHashes) {
    int best = -1;
    for (int i = 0; i < nodeHashes.length; i++) {
      if (best < 0 || before(key, nodeHashes[i], nodeHashes[best])) {
        best = i;
      }
    }
    return best;
  }
}
