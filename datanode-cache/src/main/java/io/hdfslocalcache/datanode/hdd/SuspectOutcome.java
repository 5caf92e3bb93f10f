package io.hdfslocalcache.datanode.hdd;

/** What became of an HDD replica a fill found failing its own checksums; each is counted. */
public enum SuspectOutcome {
  /** Queued for a priority rescan; the scanner reports it to the NameNode if it is bad. */
  HANDED_TO_SCANNER,
  /**
   * Kept from the NameNode: the block scanner is off, and stock HDFS learns of such a replica only
   * from a client that has a good replica to compare with (a client finding every replica bad
   * reports none), never from a DataNode re-reading it. The fill refuses to cache it, nothing more.
   */
  SCANNER_OFF,
  /** Could not be handed over (no volume holds it, or the call failed); logged at WARN. */
  FAILED
}
