package io.hdfslocalcache.model;

import java.util.Arrays;

/**
 * What one model has counted since it started: reads and what the modelled SSD would have served,
 * written and saved. An immutable snapshot; HDD time in the fill guard's disk model
 * (io.hdfslocalcache.guard.DiskModel), in microseconds, each batch of IOs rounded on its own.
 */
public final class ModelTotals {
  /** Client reads, and those served wholly ({@code hits}) or partly from the modelled SSD. */
  public final long reads;

  public final long hits;
  public final long partialHits;

  /** Bytes read, and those served from the modelled SSD (partial hits included). */
  public final long readBytes;

  public final long hitBytes;

  /** Bytes fills would write to the SSD, and would read from the HDD for it (equal). */
  public final long ssdBytesWritten;

  public final long fillBytesRead;

  /** Fills that created an entry (admitted), and that added pages to a held block. */
  public final long admissions;

  public final long pageFills;

  /** Blocks (block mode) or pages (pages mode) evicted to make room. */
  public final long evictions;

  /** Fills the guard denied, for cost and for the write budget together. */
  public final long fillsDeniedByGuard;

  /** HDD disk-head time with the modelled cache (reads it did not serve, and fills) and without. */
  public final long hddMicrosWithCache;

  public final long hddMicrosWithoutCache;

  /** Blocks the model holds an index for: the blocks its SSD holds (its per-block heap). */
  public final long trackedBlocks;

  /** Bytes of reads the HDD served plus bytes fills read from it. */
  public final long hddBytesRead;

  /** Fills skipped as larger than half the capacity. */
  public final long fillsTooLarge;

  /** Of {@link #fillsDeniedByGuard}, those denied for the SSD write budget. */
  public final long fillsDeniedForWriteBudget;

  /** Cached versions dropped for a newer generation stamp, and cached blocks deleted. */
  public final long invalidations;

  public final long deletions;

  /** Keys the admission policy keeps history for (bounded by its maxTrackedKeys). */
  public final long limiterKeys;

  /** The model's clock: the newest read time seen, in epoch ms (0 before the first read). */
  public final long newestReadMillis;

  /** Nothing counted yet: a model before its first event. */
  static final ModelTotals EMPTY = new ModelTotals(new Counters(), 0, 0, 0, 0, 0, 0);

  ModelTotals(
      Counters c,
      long evictions,
      long deniedCost,
      long deniedBudget,
      long tracked,
      long keys,
      long newestReadMillis) {
    this.reads = c.reads;
    this.hits = c.hits;
    this.partialHits = c.partialHits;
    this.readBytes = c.readBytes;
    this.hitBytes = c.hitBytes;
    this.ssdBytesWritten = c.ssdBytesWritten;
    this.fillBytesRead = c.fillBytesRead;
    this.admissions = c.admissions;
    this.pageFills = c.pageFills;
    this.evictions = evictions;
    this.fillsDeniedByGuard = deniedCost + deniedBudget;
    this.hddMicrosWithCache = c.hddMicrosWithCache;
    this.hddMicrosWithoutCache = c.hddMicrosWithoutCache;
    this.trackedBlocks = tracked;
    this.hddBytesRead = c.hddBytesRead;
    this.fillsTooLarge = c.fillsTooLarge;
    this.fillsDeniedForWriteBudget = deniedBudget;
    this.invalidations = c.invalidations;
    this.deletions = c.deletions;
    this.limiterKeys = keys;
    this.newestReadMillis = newestReadMillis;
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

  /** Every field, in declaration order: equality, hash and text all read this one list. */
  private long[] values() {
    return new long[] {
      reads,
      hits,
      partialHits,
      readBytes,
      hitBytes,
      ssdBytesWritten,
      fillBytesRead,
      admissions,
      pageFills,
      evictions,
      fillsDeniedByGuard,
      hddMicrosWithCache,
      hddMicrosWithoutCache,
      trackedBlocks,
      hddBytesRead,
      fillsTooLarge,
      fillsDeniedForWriteBudget,
      invalidations,
      deletions,
      limiterKeys,
      newestReadMillis
    };
  }

  private static final String[] NAMES = {
    "reads",
    "hits",
    "partialHits",
    "readBytes",
    "hitBytes",
    "ssdBytesWritten",
    "fillBytesRead",
    "admissions",
    "pageFills",
    "evictions",
    "fillsDeniedByGuard",
    "hddMicrosWithCache",
    "hddMicrosWithoutCache",
    "trackedBlocks",
    "hddBytesRead",
    "fillsTooLarge",
    "fillsDeniedForWriteBudget",
    "invalidations",
    "deletions",
    "limiterKeys",
    "newestReadMillis"
  };

  @Override
  public boolean equals(Object o) {
    return o instanceof ModelTotals && Arrays.equals(values(), ((ModelTotals) o).values());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values());
  }

  /** {@code reads=..., hits=..., ...}: every field, for logs and test failures. */
  @Override
  public String toString() {
    long[] v = values();
    StringBuilder sb = new StringBuilder("ModelTotals[");
    for (int i = 0; i < v.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(NAMES[i]).append('=').append(v[i]);
    }
    return sb.append(']').toString();
  }
}
