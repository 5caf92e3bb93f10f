package io.hdfslocalcache.datanode.fill;

/** What reserving room for a fill found; every refusal is counted by its cause. */
public enum Room {
  /** The bytes are reserved in the directory's budget. */
  RESERVED,
  /**
   * The fill is more than half the directory's effective capacity: it would evict half the cache
   * for one fill unit (or can never fit at all).
   */
  TOO_LARGE_FOR_DIRECTORY,
  /** Evicting every evictable block or page of the directory was not enough. */
  NOTHING_TO_EVICT,
  /** Evicted blocks still open by readers did not come free within the wait. */
  DRAIN_TIMEOUT
}
