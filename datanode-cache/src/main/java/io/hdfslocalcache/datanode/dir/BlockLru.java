package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.model.util.LruList;
import java.util.Arrays;
import java.util.List;

/**
 * The entries of one directory, least recently read first: the order {@code block} fill mode evicts
 * whole blocks in. It is the cache model's {@link LruList}, the list the model's {@code
 * BlockLruCache} runs, touched where the model touches: a publish adds the entry as the most
 * recently read (the model's fill), a read that finds it (the model's lookup of a held block) moves
 * it there, a drop takes it out. A wall-clock sort would disagree with the model whenever reads
 * share a millisecond or the clock steps back.
 *
 * <p>At restart the entries come back block pool by block pool ({@link #restore}): each pool's
 * entries are merged by persisted access time into the restored entries not read since ({@link
 * RestoredPrefix}), so the order starts as the persisted access times say across pools; everything
 * read or filled since the restart stays newer.
 *
 * <p>Heap: each entry in the list owns one int slot ({@link CachedReplica#orderSlot}, a field of
 * the entry, not an object), the list holds 8 bytes a slot and the owner array a reference; freed
 * slots are reused ({@link SlotRanges} of length 1), so the arrays stay about as long as the most
 * entries ever held at once.
 *
 * <p>Lock: this object's monitor, for every operation and every write of {@link
 * CachedReplica#orderSlot}; a touch is a few array writes, once per opened read of a cached block,
 * and checks the volatile slot first, so an entry in no order never takes the lock. No other lock
 * is taken while it is held.
 */
public final class BlockLru {
  private final SlotRanges slots = new SlotRanges();
  private final LruList order = new LruList();
  private CachedReplica[] owner = new CachedReplica[0];

  /** Slots of entries restored and neither read nor added since: the oldest end of the order. */
  private final RestoredPrefix restored = new RestoredPrefix();

  /** Puts the entry at the most recently read end (a publish). */
  synchronized void add(CachedReplica e) {
    order.addNewest(slotOf(e));
    restored.used(e.orderSlot);
  }

  /**
   * Merges a block pool's restored entries, oldest persisted access first, into the restored
   * entries not read since, by {@link CachedReplica#lastAccessMillis} (the persisted time until a
   * read, which takes the entry out of that prefix); ties keep the earlier pool's first ({@link
   * RestoredPrefix}). Once per pool and directory at start.
   */
  synchronized void restore(List<CachedReplica> oldestFirst) {
    int[] ids = new int[oldestFirst.size()];
    int n = 0;
    for (CachedReplica e : oldestFirst) {
      if (e.orderSlot == CachedReplica.NO_SLOT) {
        ids[n++] = slotOf(e);
      }
    }
    restored.merge(order, ids, n, s -> owner[s].lastAccessMillis);
  }

  /**
   * Moves the entry to the most recently read end, if it is in the order. An entry in none (every
   * entry in {@code pages} fill mode) costs the read one volatile read, not the lock.
   */
  void touch(CachedReplica e) {
    if (e.orderSlot == CachedReplica.NO_SLOT) {
      return;
    }
    synchronized (this) {
      if (e.orderSlot != CachedReplica.NO_SLOT) {
        order.touch(e.orderSlot);
        restored.used(e.orderSlot);
      }
    }
  }

  /** Takes the entry out of the order, if it is in it. */
  synchronized void remove(CachedReplica e) {
    if (e.orderSlot != CachedReplica.NO_SLOT) {
      leave(e.orderSlot);
    }
  }

  /** Removes and returns the least recently read entry; null if there is none. */
  public synchronized CachedReplica pollOldest() {
    int s = order.oldest();
    if (s == LruList.NIL) {
      return null;
    }
    CachedReplica e = owner[s];
    leave(s);
    return e;
  }

  public synchronized int size() {
    return order.size();
  }

  /** The entry's slot, taking a free one if it has none. */
  private int slotOf(CachedReplica e) {
    if (e.orderSlot == CachedReplica.NO_SLOT) {
      int s = slots.take(1);
      grow(s + 1);
      owner[s] = e;
      e.orderSlot = s;
    }
    return e.orderSlot;
  }

  private void leave(int s) {
    CachedReplica e = owner[s];
    order.remove(s);
    restored.used(s);
    owner[s] = null; // the entry may be collected
    e.orderSlot = CachedReplica.NO_SLOT;
    slots.give(s, 1);
  }

  /**
   * Makes slots below {@code end} exist, in the list and in the owner array alike. The owner array
   * grows by copying: a directory holds some 128 times fewer entries than pages.
   */
  private void grow(int end) {
    order.ensure(end);
    if (owner.length < order.capacity()) {
      owner = Arrays.copyOf(owner, order.capacity());
    }
  }
}
