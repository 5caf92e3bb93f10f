package io.hdfslocalcache.simulator.model;

/**
 * The SSD's contents for one replay: which bytes of which block are cached, in LRU order. Knows
 * nothing of generation stamps, admission or the guard; the {@link Replayer} decides when to look
 * up, fill and drop. A block with an entry is "held".
 */
interface CacheModel {
  /** True if {@code block} has an entry (its meta and at least one data unit). */
  boolean holds(int block);

  /**
   * Fills {@code plan} for a read of {@code [offset, offset + length)} and makes the cached units
   * it touches most recently used.
   */
  void lookup(int block, long offset, long length, long blockLength, ReadPlan plan);

  /** True if the fill {@code plan} describes fits in the cache once everything else is evicted. */
  boolean fits(int block, ReadPlan plan);

  /**
   * Caches what the read in {@code plan} was missing (and the entry's meta if it is new), evicting
   * least recently used units until it fits. The plan must come from {@link #lookup} of this read
   * with nothing changed since, and {@link #fits}.
   *
   * @return bytes written to SSD
   */
  long fill(int block, long offset, long length, long blockLength, ReadPlan plan);

  /** Removes everything of {@code block}. */
  void drop(int block);

  /** Units (blocks or pages) evicted to make room so far. */
  long evictions();
}
