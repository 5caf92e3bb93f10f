package io.hdfslocalcache.namenode.routing;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.RandomAccess;

/**
 * One distance group of a location array, {@code nodes[from, to)}, as the List that
 * DatanodeManager's secondary sorter (considerLoad / considerStorageType: {@code Collections.sort},
 * that is {@link #sort}) takes; it reads and writes the array itself, so nothing is copied: stock's
 * sorter gets a list stock built anyway, and a copy into an ArrayList and back was measured at 5-7%
 * of the whole sort (docs/research/namenode-routing.md, "The sort's cost"). {@link #sort} is the
 * sort stock's ArrayList does ({@code Arrays.sort} on the range: stable, the same order for any
 * consistent comparator). The size is fixed: a sorter that adds or removes gets
 * UnsupportedOperationException.
 */
final class GroupView<T> extends AbstractList<T> implements RandomAccess {
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
    Arrays.sort(nodes, from, from + size, c);
  }

  private int checked(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("index " + index + ", size " + size);
    }
    return index;
  }
}
