package io.hdfslocalcache.model;

import java.util.Arrays;

/** Freed ids for reuse, last freed first, in a growing int array. Not thread-safe. */
final class IntStack {
  private int[] ids = new int[16];
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  void push(int id) {
    if (size == ids.length) {
      ids = Arrays.copyOf(ids, size * 2);
    }
    ids[size++] = id;
  }

  int pop() {
    return ids[--size];
  }
}
