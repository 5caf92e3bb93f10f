package io.hdfslocalcache.model.policy;

/**
 * What a fill would evict, as a victim-aware admission ({@link FrequencyAdmission}) asks on a read:
 * the cache model's LRU tail in the simulator and shadow mode. Answers at the moment of asking;
 * called from the thread that reads.
 */
public interface Victims {
  /** {@link #victimKey()} while the cache has room: a fill would evict nothing. */
  long NONE = Long.MIN_VALUE;

  /** A cache that always has room: admission at the floor alone. */
  Victims ROOM =
      new Victims() {
        @Override
        public long victimKey() {
          return NONE;
        }

        @Override
        public int heldBlocks() {
          return 0;
        }
      };

  /** The limiter key of the block the next fill would evict first, or {@link #NONE}. */
  long victimKey();

  /** Blocks the cache holds now: the frequency history's horizon scales with it. */
  int heldBlocks();
}
