package io.hdfslocalcache.model;

/**
 * What one model has counted since it started: reads and what the modelled SSD would have served,
 * written and saved. An immutable snapshot; HDD time in the fill guard's disk model
 * (io.hdfslocalcache.guard.DiskModel), in microseconds.
 */
public final class ModelTotals {
  public final long reads;
  public final long hits;
  public final long partialHits;
  public final long readBytes;
  public final long hitBytes;
  public final long ssdBytesWritten;
  public final long fillBytesRead;
  public final long admissions;
  public final long pageFills;
  public final long evictions;
  public final long fillsDeniedByGuard;
  public final long hddMicrosWithCache;
  public final long hddMicrosWithoutCache;
  public final long trackedBlocks;

  public ModelTotals(
      long reads,
      long hits,
      long partialHits,
      long readBytes,
      long hitBytes,
      long ssdBytesWritten,
      long fillBytesRead,
      long admissions,
      long pageFills,
      long evictions,
      long fillsDeniedByGuard,
      long hddMicrosWithCache,
      long hddMicrosWithoutCache,
      long trackedBlocks) {
    this.reads = reads;
    this.hits = hits;
    this.partialHits = partialHits;
    this.readBytes = readBytes;
    this.hitBytes = hitBytes;
    this.ssdBytesWritten = ssdBytesWritten;
    this.fillBytesRead = fillBytesRead;
    this.admissions = admissions;
    this.pageFills = pageFills;
    this.evictions = evictions;
    this.fillsDeniedByGuard = fillsDeniedByGuard;
    this.hddMicrosWithCache = hddMicrosWithCache;
    this.hddMicrosWithoutCache = hddMicrosWithoutCache;
    this.trackedBlocks = trackedBlocks;
  }

  /** Reads served wholly from the modelled SSD, over all reads; 0 before the first read. */
  public double hitRatio() {
    return reads == 0 ? 0 : (double) hits / reads;
  }

  /** Bytes served from the modelled SSD, over all bytes read. */
  public double byteHitRatio() {
    return readBytes == 0 ? 0 : (double) hitBytes / readBytes;
  }

  /**
   * HDD disk-head time the cache would have saved, net of its fills, as a fraction of the time
   * without it: negative when fills cost more than hits save.
   */
  public double hddTimeSavedFraction() {
    return hddMicrosWithoutCache == 0 ? 0 : 1 - (double) hddMicrosWithCache / hddMicrosWithoutCache;
  }
}
