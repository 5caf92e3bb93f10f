package io.hdfslocalcache.datanode.admission;

import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.model.policy.TunerRestore;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * One kind of moving admission state a restart keeps ({@link PersistedThreshold}): the tuned
 * threshold ({@link KeptTuner}) or outcome's live rung ({@link KeptRung}). Called under {@link
 * PersistedThreshold}'s monitor only.
 */
interface KeptState {
  /** Nothing moves: the configured threshold, nothing kept. */
  KeptState NONE =
      new KeptState() {
        @Override
        public boolean moves() {
          return false;
        }

        @Override
        public TunerRestore restore(List<BlockIndex> indexes) {
          return TunerRestore.NOT_TUNING;
        }

        @Override
        public void save(List<BlockIndex> indexes) {}

        @Override
        public void forgetSaved() {}
      };

  /** Whether the state moves now: a directory that joins may give it its first budget. */
  boolean moves();

  /** Takes up the newest state {@code indexes} hold, if any; one INFO line says what came of it. */
  TunerRestore restore(List<BlockIndex> indexes);

  /** Queues the state to every index if it moved since the last save or restore. */
  void save(List<BlockIndex> indexes);

  /** The next save writes every index, even if the state did not move (an index joined). */
  void forgetSaved();

  /** The record of {@code indexes} that {@code time} says is newest; null if none holds one. */
  static <T> T newest(
      List<BlockIndex> indexes, Function<BlockIndex, Optional<T>> load, ToLongFunction<T> time) {
    T newest = null;
    for (BlockIndex index : indexes) {
      Optional<T> t = load.apply(index);
      if (t.isPresent()
          && (newest == null || time.applyAsLong(t.get()) > time.applyAsLong(newest))) {
        newest = t.get();
      }
    }
    return newest;
  }
}
