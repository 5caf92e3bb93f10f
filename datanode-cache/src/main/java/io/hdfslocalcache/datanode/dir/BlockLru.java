package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.model.util.LruList;
import java.util.Arrays;

/**
 * The entries of one directory, least recently read first: the order {@code block} fill mode evicts
 * whole blocks in. It is the cache model's {@link LruList}, the list the model's {@code
 * BlockLruCache} runs, touched where the model touches: a publish adds the entry as the most
 * recently read (the model's fill), a read that finds it (the model's lookup of a held block) moves
 * it there, a drop takes it out. A wall-clock sort would disagree with the model whenever reads
 * share a millisecond or the clock steps back. At restart the entries come back oldest access first
 * ({@code Restorer}), so the order starts as the persisted access times say.
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

  /** Puts the entry at the most recently read end (a publish, or a restore, oldest first). */
  synchronized void add(CachedReplica e) {
    if (e.orderSlot == CachedReplica.NO_SLOT) {
      int s = slots.take(1);
      grow(s + 1);
      owner[s] = e;
      e.orderSlot = s;
    }
    order.addNewest(e.orderSlot);
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

  private void leave(int s) {
    CachedReplica e = owner[s];
    order.remove(s);
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
