package io.hdfslocalcache.namenode.routing;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.RandomAccess;

/**
 * One distance group of a location array, {@code nodes[from, to)}, as the List that
 * DatanodeManager's secondary sorter (considerLoad / considerStorageType: {@code Collections.sort},
 * that is {@link #sort}) takes; it reads and writes the array itself, so nothing is copied.
 *
 * <p>Why {@link #sort} is an insertion sort and not {@code Arrays.sort}: stock sorts each group, an
 * ArrayList, with TimSort, which for fewer than 32 elements is a stable binary insertion sort; a
 * stable insertion sort gives the same order for any comparator that is a consistent order. But
 * TimSort.sort is one method the whole NameNode shares: once it has its own compiled body the JIT
 * will not inline it into another caller ("already compiled into a big method"), and whichever
 * caller was compiled first keeps it inlined. Measured with -XX:+PrintInlining, stock's
 * sortByDistance had it inlined and this topology called it out of line, which made the
 * considerLoad sort 5-7% slower than stock's; here the sort is this class's own small method. A
 * group of 32 or more (not a replica set in practice) still goes to Arrays.sort, which stays O(n
 * log n). The size is fixed: a sorter that adds or removes gets UnsupportedOperationException.
 */
final class GroupView<T> extends AbstractList<T> implements RandomAccess {
  /** TimSort's own MIN_MERGE: below it TimSort insertion-sorts too. */
  private static final int INSERTION_SORT_LIMIT = 32;

  private final T[] nodes;
  private final int from;
  private final int size;

  GroupView(T[] nodes, int from, int to) {
    this.nodes = nodes;
    this.from = from;
    this.size = to - from;
  }

  @Override
  public T get(int index) {
    return nodes[from + checked(index)];
  }

  @Override
  public T set(int index, T element) {
    int at = from + checked(index);
    T old = nodes[at];
    nodes[at] = element;
    return old;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public void sort(Comparator<? super T> c) {
    modCount++;
    if (c == null || size >= INSERTION_SORT_LIMIT) {
      // null: natural order, which a Node does not have; Arrays.sort throws as ArrayList's does.
      Arrays.sort(nodes, from, from + size, c);
      return;
    }
    int to = from + size;
    for (int i = from + 1; i < to; i++) {
      T node = nodes[i];
      int j = i - 1;
      // strictly greater: equal elements keep their order (stable, as TimSort)
      while (j >= from && c.compare(nodes[j], node) > 0) {
        nodes[j + 1] = nodes[j];
        j--;
      }
      nodes[j + 1] = node;
    }
  }

  private int checked(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("index " + index + ", size " + size);
    }
    return index;
  }
}
