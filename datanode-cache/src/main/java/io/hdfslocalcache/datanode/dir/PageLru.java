package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.datanode.block.CacheEntry;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The data pages of one directory, least recently read first: the order {@code pages} fill mode
 * evicts in. Reads touch the pages they serve, fills add the pages they write, and an entry's pages
 * leave when it is deleted.
 *
 * <p>One access-ordered map under this object's lock: a touch is one hash lookup and two pointer
 * moves, taken once per page a reader serves from the SSD (a 64 KB pread, or a whole page of a
 * stream), which is small beside the page's copy and checksum. No other lock is taken while it is
 * held.
 */
public final class PageLru {
  private final LinkedHashMap<Key, Key> order = new LinkedHashMap<>(256, 0.75f, true);

  /** A page of an entry; entries compare by identity (two fills of one version are distinct). */
  public static final class Key {
    public final CacheEntry entry;
    public final int page;

    Key(CacheEntry entry, int page) {
      this.entry = entry;
      this.page = page;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key && ((Key) o).entry == entry && ((Key) o).page == page;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(entry) * 31 + page;
    }
  }

  synchronized void add(CacheEntry e, int page) {
    Key k = new Key(e, page);
    order.put(k, k);
  }

  /** Moves the page to the most recently read end, if it is tracked. */
  synchronized void touch(CacheEntry e, int page) {
    order.get(new Key(e, page));
  }

  synchronized void remove(CacheEntry e, int page) {
    order.remove(new Key(e, page));
  }

  /** Forgets every page of the entry (it is being deleted). */
  synchronized void removeAll(CacheEntry e) {
    for (int p = 0; p < e.pages.pages(); p++) {
      order.remove(new Key(e, p));
    }
  }

  /** Removes and returns up to {@code max} least recently read pages. */
  public synchronized List<Key> pollOldest(int max) {
    List<Key> out = new ArrayList<>(Math.min(max, order.size()));
    Iterator<Key> it = order.keySet().iterator();
    while (out.size() < max && it.hasNext()) {
      out.add(it.next());
      it.remove();
    }
    return out;
  }

  public synchronized int size() {
    return order.size();
  }
}
