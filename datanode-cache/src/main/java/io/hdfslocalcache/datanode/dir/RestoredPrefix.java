package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.model.util.LruList;
import java.util.BitSet;
import java.util.function.IntToLongFunction;

/**
 * Which ids of an eviction order ({@link BlockLru}, {@link PageLru}) were restored at start and not
 * used since, and the merge that lets each block pool's restored ids join them by persisted access
 * time. At restart the pools come back one by one, each once the dataset loaded its replicas, while
 * the first ones already serve; with federation one pool's blocks are not all older than the
 * next's, so appending pool after pool would evict by pool, not by access time.
 *
 * <p>The restored ids not used since are always the oldest end of the order: every other id went to
 * the newest end after them (an add, a read), and only removal takes one out elsewhere. A merge
 * therefore rebuilds the list: that prefix merged with the pool's ids by key, then every id used
 * since, in its order. Linear in the order's length, on int arrays: once per pool and directory.
 *
 * <p>Heap: one bit per slot. Not thread-safe: its owner calls it under the owner's lock.
 */
final class RestoredPrefix {
  private final BitSet unread = new BitSet();

  /** The id was added, read or removed: it is no longer among the restored ids not used since. */
  void used(int id) {
    unread.clear(id);
  }

  /**
   * Merges {@code ids[0..n)}, none in {@code order}, ascending by {@code key} (the persisted access
   * time), into the restored ids not used since, which are ascending by the same key; ties keep
   * those first. The ids used since stay newer than all of them, in their order.
   */
  void merge(LruList order, int[] ids, int n, IntToLongFunction key) {
    int[] old = new int[order.size()];
    int restored = 0;
    int all = 0;
    for (int s = order.oldest(); s != LruList.NIL; s = order.oldest()) {
      if (restored == all && unread.get(s)) {
        restored++;
      }
      old[all++] = s;
      order.remove(s);
    }
    int i = 0;
    int j = 0;
    long oldKey = restored > 0 ? key.applyAsLong(old[0]) : 0;
    long newKey = n > 0 ? key.applyAsLong(ids[0]) : 0;
    while (i < restored || j < n) {
      int s;
      if (j == n || (i < restored && oldKey <= newKey)) {
        s = old[i++];
        oldKey = i < restored ? key.applyAsLong(old[i]) : 0;
      } else {
        s = ids[j++];
        newKey = j < n ? key.applyAsLong(ids[j]) : 0;
      }
      order.addNewest(s);
      unread.set(s);
    }
    for (int k = restored; k < all; k++) {
      order.addNewest(old[k]);
    }
  }
}
