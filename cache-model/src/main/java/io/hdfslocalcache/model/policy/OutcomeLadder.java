package io.hdfslocalcache.model.policy;

/**
 * The moving part of {@code outcome} admission a restart keeps ({@link AdmissionPolicy#ladder}):
 * its live rung, saved and taken up again. Its ghosts are not kept (six caches' worth of entries);
 * they restart cold, and the law holds the restored rung until they have seen reads again (the
 * first {@code horizon} / 2 steps, as at a first start it holds the configured threshold): a cold
 * ghost scores what its fills cost before any hit pays them back, so the lowest rungs would read as
 * losing and the rung would climb for reasons that say nothing about the reads.
 */
public interface OutcomeLadder {
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
