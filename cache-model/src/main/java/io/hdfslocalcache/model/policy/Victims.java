package io.hdfslocalcache.model.policy;

import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * What a fill would evict, as a victim-aware admission ({@link FrequencyAdmission}) asks on a read:
 * the cache model's LRU tail in the simulator and shadow mode. Answers at the moment of asking;
 * called from the thread that reads.
 */
public interface Victims {
  /** {@link #victimKey()} while the cache has room: a fill would evict nothing. */
  long NONE = Long.MIN_VALUE;

  /** A cache that always has room: admission at the floor alone. */
  Victims ROOM = of(() -> NONE, () -> 0);

  /** Victims answered by the two functions. */
  static Victims of(LongSupplier victimKey, IntSupplier heldBlocks) {
    return new Victims() {
      @Override
      public long victimKey() {
        return victimKey.getAsLong();
      }

      @Override
      public int heldBlocks() {
        return heldBlocks.getAsInt();
      }
    };
  }

  /** The limiter key of the block the next fill would evict first, or {@link #NONE}. */
  long victimKey();

  /** Blocks the cache holds now: the frequency history's horizon scales with it. */
  int heldBlocks();
}
