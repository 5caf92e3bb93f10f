package io.hdfslocalcache.metrics;

/** How a fill ended; each is counted. */
public enum FillOutcome {
  /** The pages asked for (and the meta, for a new entry) are cached and published. */
  COMPLETED,
  /** Every page asked for was already cached or being filled: nothing to do. */
  NOTHING_MISSING,
  /** Invalidated while filling (delete, append, recovery) or the replica changed: not published. */
  ABANDONED,
  /** The store refused or failed a write, or the HDD read failed. */
  FAILED,
  /**
   * The HDD copy did not match its own checksums: never cached, and not reported (HDFS finds it as
   * it would without the cache).
   */
  HDD_CORRUPT,
  /** No room: see {@code fill.no_room.<cause>} for why. */
  NO_ROOM,
  /**
   * Not cacheable: not FINALIZED, no checksums (NULL type), or a meta file format version other
   * than the one BlockMetadataHeader writes.
   */
  UNSUPPORTED,
  /** The fill guard paused fills: recent fills cost the HDDs more than their hits saved. */
  GUARD_COST,
  /** The fill guard paused fills: the SSD write budget (drive writes per day) is spent. */
  GUARD_WRITE_BUDGET
}
