package io.hdfslocalcache.ratelimit;

import java.util.Arrays;

/** The accesses of one bucket in one segment: an append-only list of (key, count). */
final class BucketLog {
  private static final int MIN_CAPACITY = 8;
  long[] keys = new long[0];

  /** Per-bucket counts saturate at threshold + 1 <= 65535, so a char holds them. */
  char[] counts = new char[0];

  int size;

  /** Appends {@code key} with count 1 and returns its position. */
  int append(long key) {
    if (size == keys.length) {
      int n = Math.max(MIN_CAPACITY, keys.length * 2);
      keys = Arrays.copyOf(keys, n);
      counts = Arrays.copyOf(counts, n);
    }
    keys[size] = key;
    counts[size] = 1;
    return size++;
  }

  /** Called when the bucket stops being the newest: it never grows again, so drop the slack. */
  void trim() {
    if (keys.length != size) {
      keys = Arrays.copyOf(keys, size);
      counts = Arrays.copyOf(counts, size);
    }
  }

  /** Empties the log; its next bucket grows it again from a small array. */
  void clear() {
    size = 0;
    keys = new long[0];
    counts = new char[0];
  }
}
