package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.simulator.util.LongIntMap;
import java.util.Arrays;

/**
 * Fixed-size pages of blocks in LRU order (the page store's unit). A page holds up to {@code
 * pageSize} data bytes (less at the block's end) plus the checksums covering them; the meta header
 * is counted with page 0. Ids in the LRU list are slots; a map finds the slot of (block, page).
 */
final class PageLruCache implements CacheModel {
  private final long capacity;
  private final long pageSize;
  private final LongIntMap slots = new LongIntMap(1 << 12);
  private final LruList lru = new LruList(1 << 12);
  private final int[] held; // pages cached per block
  private final int[] span; // 1 + highest page index ever filled per block, to find its pages
  private long[] keys = new long[1 << 12];
  private long[] bytes = new long[1 << 12];
  private int[] free = new int[16];
  private int freeCount;
  private int slotCount;
  private long used;
  private long evictions;

  PageLruCache(long capacity, long pageSize, int blocks) {
    if (pageSize <= 0 || pageSize % MetaFile.CHUNK != 0) {
      throw new IllegalArgumentException(
          "page size must be a positive multiple of 512 bytes, got " + pageSize);
    }
    this.capacity = capacity;
    this.pageSize = pageSize;
    this.held = new int[blocks];
    this.span = new int[blocks];
  }

  private static long key(int block, long page) {
    return ((long) block << 32) | page;
  }

  private long firstPage(long offset) {
    return offset / pageSize;
  }

  /** A zero-length read still touches the page of its offset. */
  private long lastPage(long offset, long length) {
    return length == 0 ? offset / pageSize : (offset + length - 1) / pageSize;
  }

  @Override
  public boolean holds(int block) {
    return held[block] != 0;
  }

  @Override
  public boolean hit(int block, long offset, long length) {
    if (held[block] == 0) {
      return false;
    }
    long last = lastPage(offset, length);
    for (long p = firstPage(offset); p <= last; p++) {
      if (slots.get(key(block, p)) == LongIntMap.ABSENT) {
        return false;
      }
    }
    for (long p = firstPage(offset); p <= last; p++) {
      lru.moveToFront(slots.get(key(block, p)));
    }
    return true;
  }

  @Override
  public long fill(int block, long offset, long length, long blockLength) {
    long last = lastPage(offset, length);
    long needed = 0;
    for (long p = firstPage(offset); p <= last; p++) {
      int slot = slots.get(key(block, p));
      if (slot == LongIntMap.ABSENT) {
        needed += pageBytes(p, blockLength);
      } else {
        lru.moveToFront(slot); // keep what this read already has while evicting for the rest
      }
    }
    if (needed == 0 || needed > capacity) {
      return 0;
    }
    while (used + needed > capacity) {
      evict(lru.last());
    }
    long written = 0;
    for (long p = firstPage(offset); p <= last; p++) {
      if (slots.get(key(block, p)) == LongIntMap.ABSENT) {
        written += insert(block, p, pageBytes(p, blockLength));
      }
    }
    span[block] = (int) Math.max(span[block], last + 1);
    return written;
  }

  /** Data and checksums of page {@code p}, plus the meta header for page 0. */
  private long pageBytes(long p, long blockLength) {
    long data = Math.max(0, Math.min(pageSize, blockLength - p * pageSize));
    return data + MetaFile.checksumBytes(data) + (p == 0 ? MetaFile.HEADER : 0);
  }

  private long insert(int block, long page, long size) {
    int slot;
    if (freeCount > 0) {
      slot = free[--freeCount];
    } else {
      slot = slotCount++;
      if (slot == keys.length) {
        keys = Arrays.copyOf(keys, slot * 2);
        bytes = Arrays.copyOf(bytes, slot * 2);
      }
      lru.ensure(slotCount);
    }
    keys[slot] = key(block, page);
    bytes[slot] = size;
    slots.put(keys[slot], slot);
    lru.addFirst(slot);
    held[block]++;
    used += size;
    return size;
  }

  private void evict(int slot) {
    remove(slot);
    evictions++;
  }

  private void remove(int slot) {
    slots.remove(keys[slot]);
    lru.remove(slot);
    held[(int) (keys[slot] >>> 32)]--;
    used -= bytes[slot];
    if (freeCount == free.length) {
      free = Arrays.copyOf(free, freeCount * 2);
    }
    free[freeCount++] = slot;
  }

  @Override
  public void drop(int block) {
    for (long p = 0; p < span[block] && held[block] > 0; p++) {
      int slot = slots.get(key(block, p));
      if (slot != LongIntMap.ABSENT) {
        remove(slot);
      }
    }
  }

  @Override
  public long evictions() {
    return evictions;
  }
}
