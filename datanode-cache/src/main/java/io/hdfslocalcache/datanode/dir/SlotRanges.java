package io.hdfslocalcache.datanode.dir;

import java.util.Map;
import java.util.TreeMap;

/**
 * Hands out ranges of consecutive int slots, one range per cached block (a slot per data page), and
 * takes them back for reuse: a freed range goes to the free ranges of its length, a request takes a
 * free range of its length, else splits a longer one, else extends the slots. Blocks of one size
 * (nearly all: only a file's last block is shorter) reuse each other's ranges exactly, so the slots
 * stay about as many as the pages ever cached at once.
 *
 * <p>Not thread-safe: its owner ({@link PageLru}) calls it under its lock.
 */
final class SlotRanges {
  /** Free range starts by range length. */
  private final TreeMap<Integer, IntStack> free = new TreeMap<>();

  /** Slots handed out so far, free or not: the next new range starts here. */
  private int end;

  /** The first slot of a range of {@code length} slots. */
  int take(int length) {
    IntStack exact = free.get(length);
    if (exact != null) {
      return pop(length, exact);
    }
    Map.Entry<Integer, IntStack> longer = free.higherEntry(length);
    if (longer != null) {
      int start = pop(longer.getKey(), longer.getValue());
      give(start + length, longer.getKey() - length);
      return start;
    }
    if (end > Integer.MAX_VALUE - length) {
      throw new IllegalStateException("more than 2^31 cached pages in one directory");
    }
    int start = end;
    end += length;
    return start;
  }

  /** Takes back the range of {@code length} slots starting at {@code start}. */
  void give(int start, int length) {
    if (length > 0) {
      free.computeIfAbsent(length, k -> new IntStack()).push(start);
    }
  }

  /** Slots handed out so far: every slot is below this. */
  int end() {
    return end;
  }

  private int pop(int length, IntStack s) {
    int start = s.pop();
    if (s.isEmpty()) {
      free.remove(length);
    }
    return start;
  }

  /** A growable stack of ints. */
  private static final class IntStack {
    private int[] items = new int[4];
    private int size;

    void push(int v) {
      if (size == items.length) {
        items = java.util.Arrays.copyOf(items, size * 2);
      }
      items[size++] = v;
    }

    int pop() {
      return items[--size];
    }

    boolean isEmpty() {
      return size == 0;
    }
  }
}
