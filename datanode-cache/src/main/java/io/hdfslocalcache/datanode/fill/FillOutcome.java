package io.hdfslocalcache.datanode.fill;

/** How a fill ended; each is counted. */
public enum FillOutcome {
  /** Both files cached and the entry published. */
  COMPLETED,
  /** Invalidated while filling (delete, append, recovery) or the replica changed: not published. */
  ABANDONED,
  /** The store refused or failed a write, or the HDD read failed. */
  FAILED,
  /** The HDD copy did not match its own checksums: left to the block scanner, never cached. */
  HDD_CORRUPT,
  /** No room: evicting every evictable block of the directory (not held open) was not enough. */
  NO_ROOM,
  /** Not cacheable: not FINALIZED, no checksums (NULL type), or larger than the directory. */
  UNSUPPORTED
}
