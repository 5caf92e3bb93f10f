package io.hdfslocalcache.simulator.model;

/**
 * A replay's future-knowing research admission ({@link FutureReadsOracle}) in place of its policy.
 *
 * @param minReads reads within the eviction age the block's next reads must chain to be admitted
 *     (where the tuned cut-off starts)
 * @param cutoff whether that count stays, is tuned to the write budget, or filters a gate
 * @param gate with {@link Cutoff#GATED}: the fixed threshold (production bucket-time, default
 *     window) a block must also pass
 */
public record OracleSpec(int minReads, Cutoff cutoff, int gate) {
  /** How the oracle's cut-off moves. */
  public enum Cutoff {
    /** Admit iff the next reads chain {@code minReads} times. */
    FIXED,
    /** The same, {@code minReads} moved by the tuner to the write budget. */
    TUNED,
    /** Admit what the fixed threshold {@code gate} admits, less the blocks FIXED would refuse. */
    GATED
  }

  public OracleSpec(int minReads, Cutoff cutoff) {
    this(minReads, cutoff, 0);
  }

  public OracleSpec {
    if (minReads < 1) {
      throw new IllegalArgumentException("--oracle: reads must be >= 1, got " + minReads);
    }
  }

  /** The name a report gives the run. */
  public String name() {
    return switch (cutoff) {
      case FIXED -> "oracle:reads=" + minReads;
      case TUNED -> "oracle-tuned:reads=" + minReads;
      case GATED -> "oracle-gated:threshold=" + gate + ",reads=" + minReads;
    };
  }
}
