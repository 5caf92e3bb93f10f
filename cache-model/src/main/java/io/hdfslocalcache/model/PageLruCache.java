package io.hdfslocalcache.model;

import io.hdfslocalcache.model.policy.CacheRoom;
import io.hdfslocalcache.model.util.LongIntMap;
import io.hdfslocalcache.model.util.LruList;
import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * The DataNode's {@code pages} fill mode. An entry is a block version's meta file, cached whole
 * when the entry is created, plus the data pages reads touched ({@code pageSize} data bytes each,
 * the last one short). One LRU list holds the pages of all blocks; a read touches the cached pages
 * it reads. When a block's last page is evicted its meta goes too, unless that block is the one
 * being filled. Meta bytes count against the capacity but are not in the LRU list.
 *
 * <p>A read of a held block costs the HDD one IO per maximal run of missing pages in its range and
 * only the bytes of its range in them; a fill of those pages reads the whole pages, one IO per run
 * (plus one for the meta when the entry is new). Ids in the LRU list are slots; a map finds the
 * slot of (block, page).
 */
final class PageLruCache implements CacheModel {
  private static final int NOBODY = -1;

  private final long capacity;
  private final long pageSize;
  private final IntConsumer released;
  private final LongIntMap slots = new LongIntMap(1 << 12);
  private final LruList lru = new LruList();
  private int[] held; // data pages cached per block
  private long[] meta; // meta bytes on SSD per block; 0 = no entry
  private int[] span; // 1 + highest page index cached since the entry began, to find pages
  private long[] keys = new long[1 << 12];
  private long[] bytes = new long[1 << 12];
  private final IntStack free = new IntStack();
  private int slotCount;
  private long used;
  private long evictions;
  private int heldBlocks;
  private int filling = NOBODY; // its entry survives losing its last page to its own fill
  private long[] pending = new long[16]; // the pages a fill adds
  private long runs; // scan's results
  private long fillMissing;

  PageLruCache(long capacity, long pageSize, int blocks, IntConsumer released) {
    MetaFile.checkPageSize(pageSize);
    this.capacity = capacity;
    this.pageSize = pageSize;
    this.released = released;
    this.held = new int[blocks];
    this.meta = new long[blocks];
    this.span = new int[blocks];
  }

  @Override
  public void ensureBlocks(int blocks) {
    if (blocks > meta.length) {
      int n = Math.max(blocks, meta.length + (meta.length >> 1));
      held = Arrays.copyOf(held, n);
      meta = Arrays.copyOf(meta, n);
      span = Arrays.copyOf(span, n);
    }
  }

  private static long key(int block, long page) {
    return ((long) block << 32) | page;
  }

  private long firstPage(long offset) {
    return offset / pageSize;
  }

  /** The last page the read touches (a zero-length read touches its offset's page), clamped. */
  private long lastPage(long offset, long length, long blockLength) {
    long last = length == 0 ? offset / pageSize : (offset + length - 1) / pageSize;
    return Math.min(last, (blockLength + pageSize - 1) / pageSize - 1);
  }

  /** Data bytes of page {@code p}: the page size, less at the block's end. */
  private long pageData(long p, long blockLength) {
    return Math.max(0, Math.min(pageSize, blockLength - p * pageSize));
  }

  @Override
  public boolean holds(int block) {
    return meta[block] != 0;
  }

  @Override
  public void lookup(int block, long offset, long length, long blockLength, ReadPlan plan) {
    long readMissing = scan(block, offset, length, blockLength, true);
    if (meta[block] == 0) {
      long fill = runs == 0 ? 0 : fillMissing + MetaFile.length(blockLength);
      plan.set(0, 1, length, runs == 0 ? 0 : runs + 1, fill);
    } else {
      plan.set(length - readMissing, runs, readMissing, runs, fillMissing);
    }
  }

  @Override
  public void planFill(int block, long offset, long length, long blockLength, ReadPlan plan) {
    scan(block, offset, length, blockLength, false);
    plan.fillIos = runs;
    plan.fillBytes = fillMissing;
  }

  /**
   * Walks the pages of a range: sets {@link #runs} (maximal runs of missing pages) and {@link
   * #fillMissing} (their whole bytes); returns the range's bytes in missing pages. {@code touch}:
   * cached pages become most recently used, in page order.
   */
  private long scan(int block, long offset, long length, long blockLength, boolean touch) {
    long last = lastPage(offset, length, blockLength);
    long readMissing = 0;
    boolean inRun = false;
    runs = 0;
    fillMissing = 0;
    for (long p = firstPage(offset); p <= last; p++) {
      int slot = slots.get(key(block, p));
      if (slot != LongIntMap.ABSENT) {
        if (touch) {
          lru.touch(slot);
        }
        inRun = false;
        continue;
      }
      if (!inRun) {
        runs++;
        inRun = true;
      }
      long start = p * pageSize;
      long end = start + pageData(p, blockLength);
      readMissing += Math.max(0, Math.min(end, offset + length) - Math.max(start, offset));
      fillMissing += end - start;
    }
    return readMissing;
  }

  @Override
  public boolean fits(int block, ReadPlan plan) {
    return plan.fillBytes <= capacity / 2 && plan.fillBytes + meta[block] <= capacity;
  }

  @Override
  public long fill(int block, long offset, long length, long blockLength, ReadPlan plan) {
    // The pages missing now are the plan's; eviction below may take more of this block's pages
    // (even ones this read touched), which stay out.
    int count = 0;
    long last = lastPage(offset, length, blockLength);
    for (long p = firstPage(offset); p <= last; p++) {
      if (slots.get(key(block, p)) == LongIntMap.ABSENT) {
        if (count == pending.length) {
          pending = Arrays.copyOf(pending, count * 2);
        }
        pending[count++] = p;
      }
    }
    filling = block;
    while (used + plan.fillBytes > capacity) {
      evict(lru.oldest());
    }
    filling = NOBODY;
    long written = 0;
    if (meta[block] == 0) {
      meta[block] = MetaFile.length(blockLength);
      used += meta[block];
      heldBlocks++;
      written += meta[block];
    }
    for (int i = 0; i < count; i++) {
      written += insert(block, pending[i], pageData(pending[i], blockLength));
    }
    span[block] = (int) Math.max(span[block], last + 1);
    return written;
  }

  private long insert(int block, long page, long size) {
    int slot;
    if (!free.isEmpty()) {
      slot = free.pop();
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
    lru.addNewest(slot);
    held[block]++;
    used += size;
    return size;
  }

  private void evict(int slot) {
    int block = remove(slot);
    evictions++;
    if (held[block] == 0 && block != filling) {
      dropMeta(block);
    }
  }

  /** Removes one page; returns its block. */
  private int remove(int slot) {
    int block = (int) (keys[slot] >>> 32);
    slots.remove(keys[slot]);
    lru.remove(slot);
    held[block]--;
    used -= bytes[slot];
    free.push(slot);
    return block;
  }

  private void dropMeta(int block) {
    used -= meta[block];
    meta[block] = 0;
    span[block] = 0;
    heldBlocks--;
    released.accept(block);
  }

  @Override
  public void drop(int block) {
    for (long p = 0; p < span[block] && held[block] > 0; p++) {
      int slot = slots.get(key(block, p));
      if (slot != LongIntMap.ABSENT) {
        remove(slot);
      }
    }
    dropMeta(block);
  }

  @Override
  public int victim() {
    int slot = lru.oldest();
    return used < capacity * CacheRoom.ROOM_FRACTION || slot == LruList.NIL
        ? -1
        : (int) (keys[slot] >>> 32);
  }

  @Override
  public int heldBlocks() {
    return heldBlocks;
  }

  @Override
  public long evictions() {
    return evictions;
  }

  @Override
  public int unitSpan(int block) {
    return meta[block] == 0 ? 0 : 1 + span[block];
  }

  @Override
  public long unitBytes(int block, int unit) {
    if (unit == 0) {
      return meta[block];
    }
    int slot = slots.get(key(block, unit - 1));
    return slot == LongIntMap.ABSENT ? 0 : bytes[slot];
  }
}
