package io.hdfslocalcache.model.util;

/**
 * A primitive {@code long -> int} hash map (open addressing, linear probing). Removal is by
 * backward-shift deletion, so the table holds only live keys and needs no tombstones: the caches
 * and histories using it remove as often as they insert.
 */
public final class LongIntMap {
  public static final int ABSENT = -1;

  private long[] keys;
  private int[] values;
  private boolean[] used;
  private int mask;
  private int size;

  public LongIntMap(int expected) {
    int n = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
    allocate(n);
  }

  private void allocate(int n) {
    keys = new long[n];
    values = new int[n];
    used = new boolean[n];
    mask = n - 1;
  }

  private int home(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  private int find(long key) {
    for (int i = home(key); used[i]; i = (i + 1) & mask) {
      if (keys[i] == key) {
        return i;
      }
    }
    return -1;
  }

  /** The value of {@code key}, or {@link #ABSENT}. */
  public int get(long key) {
    int i = find(key);
    return i < 0 ? ABSENT : values[i];
  }

  public void put(long key, int value) {
    int i = home(key);
    for (; used[i]; i = (i + 1) & mask) {
      if (keys[i] == key) {
        values[i] = value;
        return;
      }
    }
    used[i] = true;
    keys[i] = key;
    values[i] = value;
    if (++size * 2 > keys.length) {
      rehash();
    }
  }

  /** Adds {@code delta} to the key's value (absent counts as 0) and removes it at 0. */
  public void add(long key, int delta) {
    int i = find(key);
    if (i < 0) {
      if (delta != 0) {
        put(key, delta);
      }
      return;
    }
    values[i] += delta;
    if (values[i] == 0) {
      removeAt(i);
    }
  }

  public void remove(long key) {
    int i = find(key);
    if (i >= 0) {
      removeAt(i);
    }
  }

  private void removeAt(int hole) {
    size--;
    for (int i = (hole + 1) & mask; used[i]; i = (i + 1) & mask) {
      int home = home(keys[i]);
      // Move i into the hole unless its home lies cyclically in (hole, i].
      boolean stays = hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
      if (!stays) {
        keys[hole] = keys[i];
        values[hole] = values[i];
        hole = i;
      }
    }
    used[hole] = false;
  }

  private void rehash() {
    long[] oldKeys = keys;
    int[] oldValues = values;
    boolean[] oldUsed = used;
    allocate(oldKeys.length * 2);
    for (int j = 0; j < oldKeys.length; j++) {
      if (oldUsed[j]) {
        int i = home(oldKeys[j]);
        while (used[i]) {
          i = (i + 1) & mask;
        }
        used[i] = true;
        keys[i] = oldKeys[j];
        values[i] = oldValues[j];
      }
    }
  }

  public int size() {
    return size;
  }
}
