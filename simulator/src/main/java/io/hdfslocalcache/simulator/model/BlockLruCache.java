package io.hdfslocalcache.simulator.model;

/** Whole blocks (data + meta) in LRU order: the paper's fill unit. Ids are block indexes. */
final class BlockLruCache implements CacheModel {
  private final long capacity;
  private final long[] size; // bytes on SSD; 0 = not cached (a cached block has a meta header)
  private final LruList lru;
  private long used;
  private long evictions;

  BlockLruCache(long capacity, int blocks) {
    this.capacity = capacity;
    this.size = new long[blocks];
    this.lru = new LruList(blocks);
  }

  @Override
  public boolean holds(int block) {
    return size[block] != 0;
  }

  @Override
  public boolean hit(int block, long offset, long length) {
    if (size[block] == 0) {
      return false;
    }
    lru.moveToFront(block);
    return true;
  }

  @Override
  public long fill(int block, long offset, long length, long blockLength) {
    long bytes = blockLength + MetaFile.length(blockLength);
    if (bytes > capacity) {
      return 0;
    }
    while (used + bytes > capacity) {
      drop(lru.last());
      evictions++;
    }
    size[block] = bytes;
    used += bytes;
    lru.addFirst(block);
    return bytes;
  }

  @Override
  public void drop(int block) {
    if (size[block] != 0) {
      lru.remove(block);
      used -= size[block];
      size[block] = 0;
    }
  }

  @Override
  public long evictions() {
    return evictions;
  }
}
