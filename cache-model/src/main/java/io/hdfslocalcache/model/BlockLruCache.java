package io.hdfslocalcache.model;

import io.hdfslocalcache.model.policy.CacheRoom;
import io.hdfslocalcache.model.util.LruList;
import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * Whole blocks (data + meta) in LRU order: the paper's fill unit. A held block serves every read in
 * full; a fill reads the data file and the meta file (2 IOs). Ids are block indexes.
 */
final class BlockLruCache implements CacheModel {
  private final long capacity;
  private final IntConsumer released;
  private long[] size; // bytes on SSD; 0 = not cached (a cached block has a meta header)
  private final LruList lru;
  private long used;
  private long evictions;
  private int heldBlocks;

  BlockLruCache(long capacity, int blocks, IntConsumer released) {
    this.capacity = capacity;
    this.released = released;
    this.size = new long[blocks];
    this.lru = new LruList();
    lru.ensure(blocks);
  }

  @Override
  public void ensureBlocks(int blocks) {
    if (blocks > size.length) {
      size = Arrays.copyOf(size, Math.max(blocks, size.length + (size.length >> 1)));
      lru.ensure(size.length);
    }
  }

  @Override
  public boolean holds(int block) {
    return size[block] != 0;
  }

  @Override
  public void lookup(int block, long offset, long length, long blockLength, ReadPlan plan) {
    if (size[block] != 0) {
      lru.touch(block);
      plan.set(length, 0, 0, 0, 0);
    } else {
      plan.set(0, 1, length, 2, blockLength + MetaFile.length(blockLength));
    }
  }

  @Override
  public void planFill(int block, long offset, long length, long blockLength, ReadPlan plan) {
    throw new UnsupportedOperationException("a held block is cached whole");
  }

  @Override
  public boolean fits(int block, ReadPlan plan) {
    return plan.fillBytes <= capacity / 2;
  }

  @Override
  public long fill(int block, long offset, long length, long blockLength, ReadPlan plan) {
    long bytes = plan.fillBytes;
    while (used + bytes > capacity) {
      drop(lru.oldest());
      evictions++;
    }
    size[block] = bytes;
    used += bytes;
    heldBlocks++;
    lru.addNewest(block);
    return bytes;
  }

  @Override
  public void drop(int block) {
    if (size[block] != 0) {
      lru.remove(block);
      used -= size[block];
      size[block] = 0;
      heldBlocks--;
      released.accept(block);
    }
  }

  @Override
  public int victim() {
    return used < capacity * CacheRoom.ROOM_FRACTION ? -1 : lru.oldest();
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
    return size[block] == 0 ? 0 : 1;
  }

  @Override
  public long unitBytes(int block, int unit) {
    return unit == 0 ? size[block] : 0;
  }
}
