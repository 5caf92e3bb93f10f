package io.hdfslocalcache.datanode.restore;

/** Why an entry from before a restart was not served again; each is counted. */
public enum RestoreDrop {
  /** Its directory is out of service. */
  DIRECTORY_OUT_OF_SERVICE,
  /** The replica is gone, not FINALIZED, or has another generation stamp or length. */
  REPLICA_CHANGED,
  /** The dataset lists the replica but its block or meta file is not on disk. */
  REPLICA_FILES_MISSING,
  /**
   * A page of the cached data or meta file is missing (lost in a crash, or evicted) or shorter than
   * it should be (torn by a power loss: nothing is synced).
   */
  PAGES_MISSING,
  /** The block already has a slot (filled again before its pool came back). */
  ALREADY_PRESENT
}
