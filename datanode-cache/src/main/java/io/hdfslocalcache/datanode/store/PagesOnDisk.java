package io.hdfslocalcache.datanode.store;

import java.util.BitSet;

/**
 * A cached file's pages as the store finds them, by index: whole (page {@code p} of a file of
 * {@code length} bytes holds {@code min(page, length - p * page)}) or torn (present with another
 * size: a write cut off by a crash). A page in neither set is not on disk.
 */
public final class PagesOnDisk {
  public final BitSet whole = new BitSet();
  public final BitSet torn = new BitSet();

  /** Files page {@code p}, found holding {@code bytes}, under whole or torn. */
  void add(long p, long bytes, long pageSize, long fileLength) {
    long expected = Math.min(pageSize, fileLength - p * pageSize);
    (expected > 0 && bytes == expected ? whole : torn).set((int) p);
  }
}
