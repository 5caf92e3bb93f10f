package io.hdfslocalcache.model.util;

import java.util.Arrays;

/**
 * The least-recently-used order over int ids, the one the model's caches and the DataNode's page
 * order both run: a doubly linked list threaded through int arrays, so a node costs 8 bytes of heap
 * (previous and next id), not an object and a map entry each; a DataNode directory holds millions
 * of pages, a replay millions of blocks. The arrays grow in chunks of 16,384 ids, so there is no
 * copy of millions of ids and little slack; the first chunk grows from 16 ids by copying.
 *
 * <p>Adding an id already in the list, or touching one, moves it to the most recently used end: the
 * order of an access-ordered map. Not thread-safe: its owner locks.
 */
public final class LruList {
  private static final int CHUNK_BITS = 14;
  private static final int CHUNK = 1 << CHUNK_BITS;
  private static final int MASK = CHUNK - 1;

  /** No id: an end of the list. */
  public static final int NIL = -1;

  /** In an id's {@code prev}: the id is not in the list. */
  private static final int OUT = -2;

  private int[][] prev = new int[0][];
  private int[][] next = new int[0][];
  private int chunks;
  private int capacity; // ids below it exist: the first chunk may be short
  private int oldest = NIL;
  private int newest = NIL;
  private int size;

  /** Makes room for ids below {@code n}; new ids are not in the list. */
  public void ensure(int n) {
    if (n <= capacity) {
      return;
    }
    if (capacity < CHUNK) {
      // The first chunk grows by copying, so a small list (a shadow candidate's) stays small.
      int first = (int) Math.min(CHUNK, Math.max(n, Math.max(16, capacity + (capacity >> 1))));
      if (chunks == 0) {
        prev = new int[4][];
        next = new int[4][];
        prev[0] = new int[0];
        next[0] = new int[0];
        chunks = 1;
      }
      prev[0] = Arrays.copyOf(prev[0], first);
      next[0] = Arrays.copyOf(next[0], first);
      Arrays.fill(prev[0], capacity, first, OUT);
      capacity = first;
    }
    while (capacity < n) {
      if (chunks == prev.length) {
        prev = Arrays.copyOf(prev, chunks * 2);
        next = Arrays.copyOf(next, chunks * 2);
      }
      prev[chunks] = new int[CHUNK];
      Arrays.fill(prev[chunks], OUT);
      next[chunks] = new int[CHUNK];
      chunks++;
      capacity += CHUNK;
    }
  }

  /** Ids below this exist ({@link #ensure}). */
  public int capacity() {
    return capacity;
  }

  /** True if {@code id} is in the list. */
  public boolean contains(int id) {
    return prev[id >>> CHUNK_BITS][id & MASK] != OUT;
  }

  /** Puts {@code id} at the most recently used end, moving it there if it is in the list. */
  public void addNewest(int id) {
    if (contains(id)) {
      unlink(id);
    } else {
      size++;
    }
    append(id);
  }

  /** Moves {@code id} to the most recently used end if it is in the list. */
  public void touch(int id) {
    if (contains(id) && id != newest) {
      unlink(id);
      append(id);
    }
  }

  /** Takes {@code id} out of the list, if it is in it. */
  public void remove(int id) {
    if (contains(id)) {
      unlink(id);
      prev[id >>> CHUNK_BITS][id & MASK] = OUT;
      size--;
    }
  }

  /** The least recently used id, or {@link #NIL} if the list is empty. */
  public int oldest() {
    return oldest;
  }

  /** Ids in the list. */
  public int size() {
    return size;
  }

  private void unlink(int id) {
    int p = prev[id >>> CHUNK_BITS][id & MASK];
    int n = next[id >>> CHUNK_BITS][id & MASK];
    if (p == NIL) {
      oldest = n;
    } else {
      next[p >>> CHUNK_BITS][p & MASK] = n;
    }
    if (n == NIL) {
      newest = p;
    } else {
      prev[n >>> CHUNK_BITS][n & MASK] = p;
    }
  }

  private void append(int id) {
    prev[id >>> CHUNK_BITS][id & MASK] = newest;
    next[id >>> CHUNK_BITS][id & MASK] = NIL;
    if (newest == NIL) {
      oldest = id;
    } else {
      next[newest >>> CHUNK_BITS][newest & MASK] = id;
    }
    newest = id;
  }
}
