package io.hdfslocalcache.model;

import java.util.Arrays;

/**
 * An intrusive doubly linked LRU list over int ids, in primitive arrays: the caches keep one node
 * per cached block or page, so an object per node would dominate their memory.
 */
final class LruList {
  private static final int NIL = -1;
  private int[] prev;
  private int[] next;
  private int head = NIL; // most recently used
  private int tail = NIL; // least recently used

  LruList(int capacity) {
    prev = new int[Math.max(capacity, 16)];
    next = new int[prev.length];
  }

  /** Makes room for ids below {@code n}. */
  void ensure(int n) {
    if (n > prev.length) {
      int size = Math.max(n, prev.length + (prev.length >> 1));
      prev = Arrays.copyOf(prev, size);
      next = Arrays.copyOf(next, size);
    }
  }

  void addFirst(int id) {
    prev[id] = NIL;
    next[id] = head;
    if (head != NIL) {
      prev[head] = id;
    } else {
      tail = id;
    }
    head = id;
  }

  void remove(int id) {
    int p = prev[id];
    int n = next[id];
    if (p != NIL) {
      next[p] = n;
    } else {
      head = n;
    }
    if (n != NIL) {
      prev[n] = p;
    } else {
      tail = p;
    }
  }

  void moveToFront(int id) {
    if (head != id) {
      remove(id);
      addFirst(id);
    }
  }

  /** The least recently used id, or -1 if empty. */
  int last() {
    return tail;
  }
}
