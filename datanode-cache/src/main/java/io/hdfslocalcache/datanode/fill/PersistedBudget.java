package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.index.OwnRecord;
import io.hdfslocalcache.guard.FillGuard;
import io.hdfslocalcache.guard.WriteBudgetState;
import java.util.Optional;

/**
 * Keeps a directory's SSD write budget in its block index: restored when the guard is built, saved
 * after each fill the budget decided (taken, or refused into a pause) whenever its level changed.
 * Refills need no save: the restore adds them for the time since. A kill -9 loses at most the saves
 * still queued to the index writer (a few fills' worth), never the whole budget.
 *
 * <p>Lock: this object's monitor orders taking a level and queueing its save, so an older level
 * never overwrites a newer one in the index; the guard's monitor is taken inside it, briefly.
 */
final class PersistedBudget {
  private final FillGuard guard;
  private final BlockIndex index;
  private WriteBudgetState saved;

  PersistedBudget(FillGuard guard, BlockIndex index) {
    this.guard = guard;
    this.index = index;
  }

  /** Takes up the level the index holds, if any. */
  synchronized void restore() {
    Optional<WriteBudgetState> s = index.loadOwn(OwnRecord.WRITE_BUDGET);
    if (s.isPresent()) {
      guard.restoreWriteBudget(s.get());
      saved = s.get();
    }
  }

  /** Queues the level now to the index if it differs from the last saved. */
  synchronized void save() {
    Optional<WriteBudgetState> s = guard.writeBudgetState();
    if (s.isPresent() && !s.get().sameLevel(saved)) {
      index.putOwn(OwnRecord.WRITE_BUDGET, s.get());
      saved = s.get();
    }
  }
}
