package io.hdfslocalcache.datanode.admission;

import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.TunerRestore;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the admission threshold in use across restarts: the tuned policy's {@link
 * io.hdfslocalcache.model.policy.ThresholdTuner} ({@link KeptTuner}) or the outcome policy's live
 * rung ({@link KeptRung}), in every cache directory's block index next to that directory's write
 * budget: any directory that survives (an SSD replaced, another taken out) carries it. Restored
 * once at start-up, from the newest record; saved by the maintenance thread whenever the state
 * moved (at most once per step, a minute) and once more when the cache closes. A kill -9 loses at
 * most the last minute's step. Only while the threshold moves: with {@code admission.tuning fixed}
 * or nothing to tune to or model the threshold is the configured one and nothing is kept.
 *
 * <p>A directory still opening at start-up {@link #join}s later: its index is kept from then on,
 * and if the threshold did not move at start-up (every directory still opening) the restore happens
 * then, from every index joined so far. Nothing is saved before a restore was tried while the
 * threshold moves, so a late directory's record is read before it could be overwritten.
 *
 * <p>Lock: this object's monitor orders taking a state and queueing its save, so an older state
 * never overwrites a newer one; the tuner's (or the ladder's) monitor is taken inside it, briefly.
 */
public final class PersistedThreshold {
  private final KeptState kept;
  private final List<BlockIndex> indexes;
  private boolean restoreTried; // while the state moved

  /** Keeps the threshold of {@code policy}'s tuner or outcome ladder, if it has one. */
  public PersistedThreshold(AdmissionPolicy policy, List<BlockIndex> indexes) {
    this.kept =
        policy
            .tuner()
            .<KeptState>map(KeptTuner::new)
            .orElseGet(() -> policy.ladder().<KeptState>map(KeptRung::new).orElse(KeptState.NONE));
    this.indexes = new ArrayList<>(indexes);
  }

  /**
   * Keeps the threshold in {@code index} too, a directory that joined after start-up (its guard,
   * and so the tuner's budget, already counting it); restores from it if no restore was tried yet.
   */
  public synchronized void join(BlockIndex index) {
    indexes.add(index);
    kept.forgetSaved(); // the next save writes the joined index too
    if (!restoreTried) {
      restore();
    }
  }

  /** Takes up the newest threshold the indexes hold, if any; one INFO line says what came of it. */
  public synchronized TunerRestore restore() {
    if (!kept.moves()) {
      return TunerRestore.NOT_TUNING;
    }
    restoreTried = true;
    return kept.restore(indexes);
  }

  /** Queues the state to every index if it moved since the last save. */
  public synchronized void save() {
    if (kept.moves() && restoreTried) {
      kept.save(indexes);
    }
  }
}
