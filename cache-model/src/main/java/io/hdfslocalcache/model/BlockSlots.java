package io.hdfslocalcache.model;

import io.hdfslocalcache.model.util.LongIntMap;
import java.util.Arrays;

/**
 * Dense indexes for blocks named by limiter key ({@link io.hdfslocalcache.ratelimit.BlockKey}), as
 * the cache model wants them, with freed indexes reused first: the indexes in use stay about as
 * many as the blocks the model holds, so the model's per-block arrays stop growing. Two blocks
 * whose keys collide share an index (as they share the limiter's count); a 64-bit key makes that
 * rare. Not thread-safe.
 */
final class BlockSlots {
  private final LongIntMap indexes = new LongIntMap(16);
  private long[] keys = new long[16]; // by index: its key while in use
  private final IntStack free = new IntStack();
  private int limit; // indexes handed out so far, in use or free

  /** The index of {@code key}, or {@link LongIntMap#ABSENT}. */
  int find(long key) {
    return indexes.get(key);
  }

  /** The index of {@code key}, a free one (or a new one) if it has none. */
  int acquire(long key) {
    int index = indexes.get(key);
    if (index != LongIntMap.ABSENT) {
      return index;
    }
    if (!free.isEmpty()) {
      index = free.pop();
    } else {
      index = limit++;
      if (index == keys.length) {
        keys = Arrays.copyOf(keys, index + (index >> 1));
      }
    }
    keys[index] = key;
    indexes.put(key, index);
    return index;
  }

  /** Frees {@code index} for another block; an index not in use is left alone. */
  void release(int index) {
    long key = keys[index];
    if (indexes.get(key) != index) {
      return;
    }
    indexes.remove(key);
    free.push(index);
  }

  /** Indexes in use. */
  int size() {
    return indexes.size();
  }

  /** Every index handed out so far is below this. */
  int limit() {
    return limit;
  }
}
