package io.hdfslocalcache.datanode.shadow;

/** What the real cache did with a client read the shadow models also see. */
public enum RealRead {
  /** No real cache: the DataNode runs in shadow mode. */
  NO_CACHE,
  /** Served by the HDD: no usable cached copy. */
  HDD,
  /** Every byte from the SSD. */
  HIT,
  /** Opened on a cached copy, some bytes from the HDD (uncached pages, or a fallback). */
  PARTIAL
}
