package io.hdfslocalcache.model;

/**
 * What one read of a block meets in the cache, as {@link CacheModel#lookup} finds it: the bytes the
 * SSD serves, the IOs and bytes the HDD must serve, and what a fill of the missing part would read
 * from the HDD (and write to the SSD). Mutable and reused for every read of a replay.
 */
final class ReadPlan {
  /** Bytes of the read served from SSD. */
  long cachedBytes;

  /** HDD IOs and bytes of the read itself: 1 and the length for a miss, 0 and 0 for a hit. */
  long hddIos;

  long hddBytes;

  /** HDD IOs and bytes a fill of what is missing reads; the SSD bytes it writes are the same. */
  long fillIos;

  long fillBytes;

  void set(long cached, long ios, long bytes, long fIos, long fBytes) {
    cachedBytes = cached;
    hddIos = ios;
    hddBytes = bytes;
    fillIos = fIos;
    fillBytes = fBytes;
  }

  boolean hit() {
    return hddIos == 0;
  }
}
