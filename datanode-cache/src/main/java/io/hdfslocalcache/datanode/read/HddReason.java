package io.hdfslocalcache.datanode.read;

/** Why a block read went to the HDD; each is counted ({@code read.hdd.cause.<reason>}). */
public enum HddReason {
  /** An operator bypassed the cache ({@code hdfs-local-cache admin bypass}). */
  BYPASS,
  /**
   * The caller must see the HDD copy: block scanner, short-circuit, balancer copy, re-replication,
   * or an unknown caller.
   */
  CALLER,
  /** The replica is being written or recovered: never cached. */
  NOT_FINALIZED,
  /** No cached copy of the block. */
  NOT_CACHED,
  /** A cached copy of an older version (generation stamp or length) was found and dropped. */
  STALE,
  /** The cached copy was being retired (evicted or invalidated) as the read opened. */
  RETIRED
}
