package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.model.util.LruList;
import io.hdfslocalcache.model.util.ReadBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.function.Consumer;

/**
 * The data pages of one directory, least recently read first: the order {@code pages} fill mode
 * evicts in. Reads touch the pages they serve, fills add the pages they write, and an entry's pages
 * leave when it is deleted.
 *
 * <p>The order itself is the cache model's {@link LruList}, the one its page and block caches run
 * (so the simulator's order is the DataNode's by construction), over int slots: a page costs 12
 * bytes of heap (the list's previous and next slot, and its entry here), not a map entry and a key
 * object each (some 70): a production directory holds millions of pages. Each entry with pages here
 * owns a range of slots, one per data page ({@link SlotRanges}), taken when its first page is added
 * and given back when its last one leaves; the owner array grows in the list's chunks.
 *
 * <p>Reads do not take the lock. A touch, one per page a reader serves from the SSD, goes into a
 * {@link ReadBuffer} and is replayed under the lock, in the order the touches were made, by the
 * next operation that takes it, before that operation does anything: eviction ({@link #pollOldest})
 * and every change of the order therefore see every touch made before them, and a sequence of
 * events leaves exactly the order the serial list gives (what DecisionParityTest compares with the
 * model). Only a touch that finds the buffer full (256 waiting) takes the lock: it drains and
 * applies itself. Under a lock per touch, hundreds of readers on a few cores queued behind
 * whichever holder the scheduler preempted. A buffered touch keeps its entry reachable until the
 * next drain; a touch replayed after its page left is a no-op, as a touch of an untracked page
 * always is.
 *
 * <p>At restart each block pool's restored pages are merged into the order by their entry's
 * persisted access time ({@link #restore}), so the order starts as those times say across pools;
 * the pages read or filled since stay newer. Heap for that: a long in each entry's range and a bit
 * per slot ({@link RestoredPrefix}).
 *
 * <p>Lock: this object's monitor, for every operation but {@link #touch}'s buffering. No other lock
 * is taken while it is held.
 */
public final class PageLru {
  private static final int CHUNK_BITS = 14;
  private static final int CHUNK = 1 << CHUNK_BITS;
  private static final int MASK = CHUNK - 1;

  /** A page of an entry, as {@link #pollOldest} hands it out. */
  public static final class Key {
    public final CachedReplica entry;
    public final int page;

    Key(CachedReplica entry, int page) {
      this.entry = entry;
      this.page = page;
    }
  }

  /** The slots an entry owns: {@code [start, start + length)}, page {@code p} at start + p. */
  private static final class Range {
    final int start;
    final int length;

    /** Its pages in the list now; the range is given back at 0. */
    int linked;

    /** The entry's persisted access time when it was restored: its restored pages' place. */
    long restoredMillis;

    Range(int start, int length) {
      this.start = start;
      this.length = length;
    }
  }

  /** A touch waiting in the read buffer. */
  private static final class Touch {
    final CachedReplica entry;
    final int page;

    Touch(CachedReplica entry, int page) {
      this.entry = entry;
      this.page = page;
    }
  }

  private final IdentityHashMap<CachedReplica, Range> ranges = new IdentityHashMap<>();
  private final SlotRanges slots = new SlotRanges();
  private final LruList order = new LruList();
  private CachedReplica[][] owner = new CachedReplica[0][];
  private final ReadBuffer<Touch> touches = new ReadBuffer<>();
  private final RestoredPrefix restored = new RestoredPrefix();
  private final Consumer<Touch> replay = t -> apply(t.entry, t.page);

  synchronized void add(CachedReplica e, int page) {
    drain();
    Range r = ranges.get(e);
    if (r == null) {
      r = newRange(e);
    }
    if (!order.contains(r.start + page)) {
      r.linked++;
    }
    order.addNewest(r.start + page);
    restored.used(r.start + page);
  }

  /**
   * Merges a block pool's restored entries' pages into the restored pages not read since ({@link
   * RestoredPrefix}): entries oldest persisted access first, each one's pages in page order, placed
   * by that time, which its range keeps (a read of one page moves the entry's access time, not its
   * other pages' place). Pages already in the order (filled since the restart) stay where they are.
   * Once per pool and directory at start, on int arrays: no object per page.
   */
  synchronized void restore(List<CachedReplica> oldestFirst) {
    drain();
    long total = 0;
    for (CachedReplica e : oldestFirst) {
      total += e.pages.pages();
    }
    int[] ids = new int[Math.toIntExact(total)];
    int n = 0;
    for (CachedReplica e : oldestFirst) {
      Range r = ranges.get(e);
      boolean fresh = r == null;
      if (fresh) {
        r = newRange(e);
      }
      r.restoredMillis = e.lastAccessMillis;
      for (int p = 0; p < r.length; p++) {
        if (e.pages.has(p) && !order.contains(r.start + p)) {
          ids[n++] = r.start + p;
          r.linked++;
        }
      }
      if (fresh && r.linked == 0) {
        release(e, r); // no page on the SSD
      }
    }
    restored.merge(order, ids, n, s -> ranges.get(owner(s)).restoredMillis);
  }

  /**
   * Moves the page to the most recently read end, if it is tracked when the touch is replayed:
   * before the next operation under the lock, or now if the read buffer is full.
   */
  void touch(CachedReplica e, int page) {
    if (touches.offer(new Touch(e, page)) == ReadBuffer.Offer.FULL) {
      synchronized (this) {
        drain();
        apply(e, page);
      }
    }
  }

  private void drain() {
    touches.drainTo(replay);
  }

  private void apply(CachedReplica e, int page) {
    Range r = ranges.get(e);
    if (r != null) {
      order.touch(r.start + page);
      restored.used(r.start + page);
    }
  }

  synchronized void remove(CachedReplica e, int page) {
    drain();
    Range r = ranges.get(e);
    if (r != null && order.contains(r.start + page)) {
      leave(e, r, r.start + page);
    }
  }

  /** Forgets every page of the entry (it is being deleted). */
  synchronized void removeAll(CachedReplica e) {
    drain();
    Range r = ranges.get(e);
    for (int p = 0; r != null && r.linked > 0 && p < r.length; p++) {
      if (order.contains(r.start + p)) {
        leave(e, r, r.start + p);
      }
    }
  }

  /** Removes and returns up to {@code max} least recently read pages. */
  public synchronized List<Key> pollOldest(int max) {
    drain();
    List<Key> out = new ArrayList<>(Math.min(max, order.size()));
    while (out.size() < max && order.oldest() != LruList.NIL) {
      int s = order.oldest();
      CachedReplica e = owner(s);
      Range r = ranges.get(e);
      out.add(new Key(e, s - r.start));
      leave(e, r, s);
    }
    return out;
  }

  public synchronized int size() {
    drain();
    return order.size();
  }

  /** Slots handed out so far, in use or free: what the arrays hold. */
  synchronized int slotsHandedOut() {
    return slots.end();
  }

  private Range newRange(CachedReplica e) {
    int length = e.pages.pages();
    Range r = new Range(slots.take(length), length);
    grow(slots.end());
    for (int s = r.start; s < r.start + length; s++) {
      owner[s >>> CHUNK_BITS][s & MASK] = e;
    }
    ranges.put(e, r);
    return r;
  }

  /** Takes the slot out of the list; the entry's range goes back once none of its pages is in. */
  private void leave(CachedReplica e, Range r, int s) {
    order.remove(s);
    restored.used(s);
    if (--r.linked == 0) {
      release(e, r);
    }
  }

  /** Gives the entry's range back: none of its pages is in the order. */
  private void release(CachedReplica e, Range r) {
    ranges.remove(e);
    for (int i = r.start; i < r.start + r.length; i++) {
      owner[i >>> CHUNK_BITS][i & MASK] = null; // the entry may be collected
    }
    slots.give(r.start, r.length);
  }

  private CachedReplica owner(int s) {
    return owner[s >>> CHUNK_BITS][s & MASK];
  }

  /** Makes slots below {@code end} exist, in the list and in the owner array alike. */
  private void grow(int end) {
    order.ensure(end);
    int chunks = (order.capacity() + MASK) >>> CHUNK_BITS;
    if (owner.length < chunks) {
      int old = owner.length;
      owner = Arrays.copyOf(owner, chunks);
      for (int c = old; c < chunks; c++) {
        owner[c] = new CachedReplica[CHUNK];
      }
    }
  }
}
