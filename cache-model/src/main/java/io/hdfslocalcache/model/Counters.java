package io.hdfslocalcache.model;

/** The running counts of one model, kept by {@link EventRules}; {@link ModelTotals} snapshots. */
final class Counters {
  long reads;
  long readBytes;
  long hits;
  long partialHits;
  long hitBytes;
  long ssdBytesWritten;
  long hddBytesRead;
  long fillBytesRead;
  long admissions;
  long pageFills;
  long fillsTooLarge;
  long invalidations;
  long deletions;
  long hddMicrosWithCache;
  long hddMicrosWithoutCache;
}
