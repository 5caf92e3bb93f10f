package io.hdfslocalcache.simulator.model;

/**
 * The SSD's contents for one replay: which bytes of which block are cached, in LRU order. Knows
 * nothing of generation stamps or admission; the {@link Replayer} decides when to look up, fill and
 * drop.
 */
interface CacheModel {
  /** True if anything of {@code block} is cached. */
  boolean holds(int block);

  /** True if every byte of the read is cached; a hit becomes most recently used. */
  boolean hit(int block, long offset, long length);

  /**
   * Caches what the read needs that is not cached yet, evicting least recently used data.
   *
   * @return bytes written to SSD (data + meta), 0 if it cannot fit in the whole cache
   */
  long fill(int block, long offset, long length, long blockLength);

  /** Removes everything of {@code block}. */
  void drop(int block);

  /** Units (blocks or pages) evicted to make room so far. */
  long evictions();
}
