package io.hdfslocalcache.simulator.trace;

import java.util.Arrays;

/**
 * Interns pairs {@code (int, long)} to dense indexes 0, 1, 2, ... in first-seen order: (pool,
 * block id) to a block index, (block index, generation stamp) to a version index. Open addressing
 * over an int table, pairs kept in primitive arrays.
 */
final class PairIndex {
  private int[] table = new int[1 << 12]; // entry + 1; 0 = empty
  private int[] firsts = new int[1 << 10];
  private long[] seconds = new long[1 << 10];
  private int size;

  int intern(int first, long second) {
    int mask = table.length - 1;
    int i = slot(first, second, mask);
    while (true) {
      int e = table[i];
      if (e == 0) {
        break;
      }
      if (seconds[e - 1] == second && firsts[e - 1] == first) {
        return e - 1;
      }
      i = (i + 1) & mask;
    }
    if (size == firsts.length) {
      firsts = Arrays.copyOf(firsts, size * 2);
      seconds = Arrays.copyOf(seconds, size * 2);
    }
    firsts[size] = first;
    seconds[size] = second;
    table[i] = ++size;
    if (size * 2 > table.length) {
      rehash();
    }
    return size - 1;
  }

  private static int slot(int first, long second, int mask) {
    long h = (second + first * 0xC2B2AE3D27D4EB4FL) * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  private void rehash() {
    table = new int[table.length * 2];
    int mask = table.length - 1;
    for (int e = 0; e < size; e++) {
      int i = slot(firsts[e], seconds[e], mask);
      while (table[i] != 0) {
        i = (i + 1) & mask;
      }
      table[i] = e + 1;
    }
  }

  int size() {
    return size;
  }

  int[] firsts() {
    return Arrays.copyOf(firsts, size);
  }

  long[] seconds() {
    return Arrays.copyOf(seconds, size);
  }
}
