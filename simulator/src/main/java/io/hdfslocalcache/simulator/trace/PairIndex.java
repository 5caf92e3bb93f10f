package io.hdfslocalcache.simulator.trace;

import java.util.Arrays;

/**
 * Interns pairs {@code (int, long)} to dense indexes 0, 1, 2, ... in first-seen order: (pool, block
 * id) to a block index, (block index, generation stamp) to a version index. Open addressing over
 * one long array holding the pair and its index side by side, so a lookup touches one cache line
 * (the parse does one or two lookups per line).
 */
final class PairIndex {
  /** Slot i: table[2i] = second, table[2i+1] = first << 32 | (index + 1); 0 = empty. */
  private long[] table = new long[2 << 12];

  private int[] firsts = new int[1 << 10];
  private long[] seconds = new long[1 << 10];
  private int size;

  int intern(int first, long second) {
    int mask = table.length / 2 - 1;
    int i = slot(first, second, mask);
    while (true) {
      long meta = table[2 * i + 1];
      if (meta == 0) {
        break;
      }
      if (table[2 * i] == second && (int) (meta >>> 32) == first) {
        return (int) meta - 1;
      }
      i = (i + 1) & mask;
    }
    if (size == firsts.length) {
      firsts = Arrays.copyOf(firsts, size * 2);
      seconds = Arrays.copyOf(seconds, size * 2);
    }
    firsts[size] = first;
    seconds[size] = second;
    size++;
    table[2 * i] = second;
    table[2 * i + 1] = ((long) first << 32) | size;
    if (size * 2 > mask + 1) {
      rehash();
    }
    return size - 1;
  }

  private static int slot(int first, long second, int mask) {
    long h = (second + first * 0xC2B2AE3D27D4EB4FL) * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  private void rehash() {
    table = new long[table.length * 2];
    int mask = table.length / 2 - 1;
    for (int e = 0; e < size; e++) {
      int i = slot(firsts[e], seconds[e], mask);
      while (table[2 * i + 1] != 0) {
        i = (i + 1) & mask;
      }
      table[2 * i] = seconds[e];
      table[2 * i + 1] = ((long) firsts[e] << 32) | (e + 1);
    }
  }

  long second(int index) {
    return seconds[index];
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
