package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.RateLimitConfig;

/**
 * The moving part of {@code outcome} admission a restart keeps ({@link AdmissionPolicy#ladder}):
 * its live rung, saved and taken up again. Its ghosts are not kept (six caches' worth of entries);
 * they restart cold, and the law holds the restored rung until they have seen reads again (the
 * first {@code horizon} / 2 steps, as at a first start it holds the configured threshold): a cold
 * ghost scores what its fills cost before any hit pays them back, so the lowest rungs would read as
 * losing and the rung would climb for reasons that say nothing about the reads.
 */
public interface OutcomeLadder {
  /**
   * The largest configured threshold outcome admission runs with: its ladder's top rung must be a
   * count the admission counter keeps ({@link RateLimitConfig#MAX_THRESHOLD}; 8190 for rungs up to
   * 8 x (F + 1) - 1). Validated where it is configured, so a DataNode does not start with a
   * threshold its counter would refuse at bind.
   */
  static int maxConfigured() {
    int low = 0; // the ladder's top rung grows with F: the largest F whose top fits
    int high = RateLimitConfig.MAX_THRESHOLD;
    while (low < high) {
      int mid = (low + high + 1) >>> 1;
      int[] ladder = Rungs.of(mid);
      if (ladder[ladder.length - 1] <= RateLimitConfig.MAX_THRESHOLD) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    return low;
  }

  /**
   * Refuses a configured {@code threshold} above {@link #maxConfigured} for outcome admission, in
   * an error naming the setting: {@code "<name> must be at most 8190 <when> (...), got <t>"}.
   */
  static void checkConfigured(int threshold, String name, String when) {
    int max = maxConfigured();
    if (threshold > max) {
      throw new IllegalArgumentException(
          name
              + " must be at most "
              + max
              + " "
              + when
              + " (its ladder counts to 8 x (threshold + 1) - 1), got "
              + threshold);
    }
  }

  /** Whether the rung moves at all: a cache to model (a capacity known at bind). */
  boolean moves();

  /** The live rung now, stamped with the bound clock's time. */
  LiveRung state();

  /**
   * Admits at {@code saved}'s rung from now on, if it was saved under the same configured threshold
   * and the rung moves here; says what came of it.
   */
  TunerRestore restore(LiveRung saved);
}
