package io.hdfslocalcache.guard;

import java.util.Arrays;

/**
 * Both sides of the fill guard's ledger over a sliding window: what fills cost the HDDs and what
 * hits saved them, in disk-time micros and raw IOs and bytes, and what all client reads would have
 * cost without the cache (for metrics). A ring of {@code bucketCount} buckets of {@code
 * bucketMillis}; a bucket leaving the window is subtracted from the running sums, so every read of
 * a sum is O(1). Not thread-safe: {@link FillGuard} holds its monitor.
 */
final class CostLedger {
  static final int FILL_MICROS = 0;
  static final int FILL_IOS = 1;
  static final int FILL_BYTES = 2;
  static final int FILL_SSD_BYTES = 3;
  static final int SAVED_MICROS = 4;
  static final int SAVED_IOS = 5;
  static final int SAVED_BYTES = 6;
  static final int READ_MICROS = 7; // what every client read would have cost without the cache
  static final int READS = 8;
  static final int READ_BYTES = 9;
  private static final int FIELDS = 10;

  private final long bucketMillis;
  private final int bucketCount;
  private final long[] buckets; // bucketCount x FIELDS, slot = bucket index mod bucketCount
  private final long[] sums = new long[FIELDS];
  private long current = Long.MIN_VALUE; // newest bucket index seen

  CostLedger(long bucketMillis, int bucketCount) {
    this.bucketMillis = bucketMillis;
    this.bucketCount = bucketCount;
    this.buckets = new long[bucketCount * FIELDS];
  }

  /**
   * Slides the window to {@code nowMillis} and returns the current bucket index. A clock that went
   * backwards is clamped: the newest bucket seen so far stays current.
   */
  long advance(long nowMillis) {
    long bucket = Math.floorDiv(nowMillis, bucketMillis);
    if (current == Long.MIN_VALUE || bucket - current >= bucketCount) {
      Arrays.fill(buckets, 0);
      Arrays.fill(sums, 0);
      current = bucket;
    }
    while (current < bucket) {
      current++;
      int base = slot(current);
      for (int f = 0; f < FIELDS; f++) {
        sums[f] -= buckets[base + f];
        buckets[base + f] = 0;
      }
    }
    return current;
  }

  private int slot(long bucket) {
    return (int) Math.floorMod(bucket, (long) bucketCount) * FIELDS;
  }

  void addFill(long micros, long ios, long bytes, long ssdBytes) {
    add(FILL_MICROS, micros);
    add(FILL_IOS, ios);
    add(FILL_BYTES, bytes);
    add(FILL_SSD_BYTES, ssdBytes);
  }

  void addSaved(long micros, long ios, long bytes) {
    add(SAVED_MICROS, micros);
    add(SAVED_IOS, ios);
    add(SAVED_BYTES, bytes);
  }

  void addRead(long micros, long bytes) {
    add(READ_MICROS, micros);
    add(READS, 1);
    add(READ_BYTES, bytes);
  }

  private void add(int field, long value) {
    buckets[slot(current) + field] += value;
    sums[field] += value;
  }

  /** The window's total of one field. */
  long sum(int field) {
    return sums[field];
  }

  /** The window's totals of every field, a copy indexed by the field constants. */
  long[] sums() {
    return sums.clone();
  }
}
