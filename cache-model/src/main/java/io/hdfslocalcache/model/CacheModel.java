package io.hdfslocalcache.model;

/**
 * The SSD's contents for one model: which bytes of which block are cached, in LRU order. Knows
 * nothing of generation stamps, admission or the guard; {@link EventRules} decides when to look up,
 * fill and drop. A block with an entry is "held". Blocks are dense indexes below the count of the
 * last {@link #ensureBlocks}; the listener given at construction hears of every block that stops
 * being held (evicted or dropped), so a caller that recycles indexes can free it.
 */
interface CacheModel {
  /** Makes room for block indexes below {@code blocks}. */
  void ensureBlocks(int blocks);

  /** True if {@code block} has an entry (its meta and at least one data unit). */
  boolean holds(int block);

  /**
   * Fills {@code plan} for a read of {@code [offset, offset + length)} and makes the cached units
   * it touches most recently used.
   */
  void lookup(int block, long offset, long length, long blockLength, ReadPlan plan);

  /**
   * Sets {@code plan}'s fill part to the missing pages of {@code [offset, offset + length)} of a
   * held block, touching nothing (pages mode: a read's missing pages, or the whole block's).
   */
  void planFill(int block, long offset, long length, long blockLength, ReadPlan plan);

  /**
   * True if the DataNode would reserve room for the fill {@code plan} describes: no more than half
   * the capacity (SpaceKeeper's TOO_LARGE_FOR_DIRECTORY), everything else evicted as needed.
   */
  boolean fits(int block, ReadPlan plan);

  /**
   * Caches what {@code [offset, offset + length)} is missing (and the entry's meta if it is new),
   * evicting least recently used units until it fits. The plan must come from {@link #lookup} or
   * {@link #planFill} of this range with nothing changed since, and {@link #fits}.
   *
   * @return bytes written to SSD
   */
  long fill(int block, long offset, long length, long blockLength, ReadPlan plan);

  /** Removes everything of {@code block}, which is held. */
  void drop(int block);

  /**
   * The block the next fill would evict a unit of first (the LRU tail's owner), or -1 while the
   * cache has room: less than {@link io.hdfslocalcache.model.policy.CacheRoom#ROOM_FRACTION} of its
   * capacity in use.
   */
  int victim();

  /** Blocks with an entry now. */
  int heldBlocks();

  /** Units (blocks or pages) evicted to make room so far. */
  long evictions();

  /**
   * How many units of {@code block} {@link #unitBytes} answers for: 0 when it is not held. Unit 0
   * is the entry's meta (pages) or the whole entry (block), unit {@code i > 0} data page {@code i -
   * 1}; units of one block version have the same size in every model of the same fill mode.
   */
  int unitSpan(int block);

  /** SSD bytes of unit {@code unit} of {@code block}; 0 when that unit is not cached. */
  long unitBytes(int block, int unit);
}
