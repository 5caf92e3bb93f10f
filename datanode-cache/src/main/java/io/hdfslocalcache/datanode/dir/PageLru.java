package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.datanode.block.CacheEntry;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * The data pages of one directory, least recently read first: the order {@code pages} fill mode
 * evicts in. Reads touch the pages they serve, fills add the pages they write, and an entry's pages
 * leave when it is deleted.
 *
 * <p>A doubly linked list threaded through int arrays, so that a page costs 12 bytes of heap
 * (previous and next slot, and its entry), not a map entry and a key object each (some 70): a
 * production directory holds millions of pages. Each entry with pages here owns a range of slots,
 * one per data page ({@link SlotRanges}), taken when its first page is added and given back when
 * its last one leaves; the arrays grow in chunks, so there is no copy of millions of slots and
 * little slack. The order is exactly an access-ordered map's: adding a page already here, or
 * touching one, moves it to the most recently read end.
 *
 * <p>Lock: this object's monitor, for every operation: a touch is one identity-map lookup and a few
 * array writes, taken once per page a reader serves from the SSD (a 64 KB pread, or a whole page of
 * a stream), which is small beside the page's copy and checksum. No other lock is taken while it is
 * held.
 */
public final class PageLru {
  private static final int CHUNK_BITS = 14;
  private static final int CHUNK = 1 << CHUNK_BITS;
  private static final int MASK = CHUNK - 1;

  /** No slot: the end of the list. */
  private static final int NIL = -1;

  /** In a slot's {@code prev}: the page is not in the list. */
  private static final int OUT = -2;

  /** A page of an entry, as {@link #pollOldest} hands it out. */
  public static final class Key {
    public final CacheEntry entry;
    public final int page;

    Key(CacheEntry entry, int page) {
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

    Range(int start, int length) {
      this.start = start;
      this.length = length;
    }
  }

  private final IdentityHashMap<CacheEntry, Range> ranges = new IdentityHashMap<>();
  private final SlotRanges slots = new SlotRanges();
  private int[][] prev = new int[0][];
  private int[][] next = new int[0][];
  private CacheEntry[][] owner = new CacheEntry[0][];

  /** Chunks allocated: slots below {@code chunks * CHUNK} exist. */
  private int chunks;

  private int oldest = NIL;
  private int newest = NIL;
  private int size;

  synchronized void add(CacheEntry e, int page) {
    Range r = ranges.get(e);
    if (r == null) {
      r = newRange(e);
    }
    int s = r.start + page;
    if (prev(s) != OUT) {
      unlink(s);
    } else {
      r.linked++;
      size++;
    }
    append(s);
  }

  /** Moves the page to the most recently read end, if it is tracked. */
  synchronized void touch(CacheEntry e, int page) {
    Range r = ranges.get(e);
    if (r != null && prev(r.start + page) != OUT) {
      unlink(r.start + page);
      append(r.start + page);
    }
  }

  synchronized void remove(CacheEntry e, int page) {
    Range r = ranges.get(e);
    if (r != null && prev(r.start + page) != OUT) {
      leave(e, r, r.start + page);
    }
  }

  /** Forgets every page of the entry (it is being deleted). */
  synchronized void removeAll(CacheEntry e) {
    Range r = ranges.get(e);
    for (int p = 0; r != null && r.linked > 0 && p < r.length; p++) {
      if (prev(r.start + p) != OUT) {
        leave(e, r, r.start + p);
      }
    }
  }

  /** Removes and returns up to {@code max} least recently read pages. */
  public synchronized List<Key> pollOldest(int max) {
    List<Key> out = new ArrayList<>(Math.min(max, size));
    while (out.size() < max && oldest != NIL) {
      int s = oldest;
      CacheEntry e = owner[s >>> CHUNK_BITS][s & MASK];
      Range r = ranges.get(e);
      out.add(new Key(e, s - r.start));
      leave(e, r, s);
    }
    return out;
  }

  public synchronized int size() {
    return size;
  }

  /** Slots handed out so far, in use or free: what the arrays hold. */
  synchronized int slotsHandedOut() {
    return slots.end();
  }

  private Range newRange(CacheEntry e) {
    int length = e.pages.pages();
    Range r = new Range(slots.take(length), length);
    grow(slots.end());
    for (int s = r.start; s < r.start + length; s++) {
      prev[s >>> CHUNK_BITS][s & MASK] = OUT;
      owner[s >>> CHUNK_BITS][s & MASK] = e;
    }
    ranges.put(e, r);
    return r;
  }

  /** Takes the slot out of the list; the entry's range goes back once none of its pages is in. */
  private void leave(CacheEntry e, Range r, int s) {
    unlink(s);
    prev[s >>> CHUNK_BITS][s & MASK] = OUT;
    size--;
    if (--r.linked == 0) {
      ranges.remove(e);
      for (int i = r.start; i < r.start + r.length; i++) {
        owner[i >>> CHUNK_BITS][i & MASK] = null; // the entry may be collected
      }
      slots.give(r.start, r.length);
    }
  }

  private int prev(int s) {
    return prev[s >>> CHUNK_BITS][s & MASK];
  }

  private void unlink(int s) {
    int p = prev[s >>> CHUNK_BITS][s & MASK];
    int n = next[s >>> CHUNK_BITS][s & MASK];
    if (p == NIL) {
      oldest = n;
    } else {
      next[p >>> CHUNK_BITS][p & MASK] = n;
    }
    if (n == NIL) {
      newest = p;
    } else {
      prev[n >>> CHUNK_BITS][n & MASK] = p;
    }
  }

  private void append(int s) {
    prev[s >>> CHUNK_BITS][s & MASK] = newest;
    next[s >>> CHUNK_BITS][s & MASK] = NIL;
    if (newest == NIL) {
      oldest = s;
    } else {
      next[newest >>> CHUNK_BITS][newest & MASK] = s;
    }
    newest = s;
  }

  /** Adds chunks until slots below {@code end} exist. */
  private void grow(int end) {
    int needed = (end + MASK) >>> CHUNK_BITS;
    while (chunks < needed) {
      if (chunks == prev.length) {
        int n = Math.max(4, chunks * 2);
        prev = java.util.Arrays.copyOf(prev, n);
        next = java.util.Arrays.copyOf(next, n);
        owner = java.util.Arrays.copyOf(owner, n);
      }
      prev[chunks] = new int[CHUNK];
      next[chunks] = new int[CHUNK];
      owner[chunks] = new CacheEntry[CHUNK];
      chunks++;
    }
  }
}
