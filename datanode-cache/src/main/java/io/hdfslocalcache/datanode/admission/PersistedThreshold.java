package io.hdfslocalcache.datanode.admission;

import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.ThresholdTuner;
import io.hdfslocalcache.model.policy.TunedThreshold;
import io.hdfslocalcache.model.policy.TunerRestore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the admission threshold in use (the tuned policy's {@link ThresholdTuner}) across restarts,
 * in every cache directory's block index next to that directory's write budget: any directory that
 * survives (an SSD replaced, another taken out) carries it. Restored once at start-up, from the
 * record whose threshold changed last; saved by the maintenance thread whenever the tuner's state
 * moved (at most once per tuner step, a minute) and once more when the cache closes. A kill -9
 * loses at most the last minute's step. Only while admission tunes itself: with {@code
 * admission.tuning fixed} or no write budget the threshold is the configured one and nothing is
 * kept.
 *
 * <p>A directory still opening at start-up {@link #join}s later: its index is kept from then on,
 * and if the tuner had no budget to tune to at start-up (every directory still opening) the restore
 * happens then, from every index joined so far. Nothing is saved before a restore was tried while
 * the tuner tunes, so a late directory's record is read before it could be overwritten.
 *
 * <p>Lock: this object's monitor orders taking a state and queueing its save, so an older state
 * never overwrites a newer one; the tuner's monitor is taken inside it, briefly.
 */
public final class PersistedThreshold {
  private static final Logger LOG = LoggerFactory.getLogger(PersistedThreshold.class);

  private final ThresholdTuner tuner; // null when the policy has none
  private final List<BlockIndex> indexes;
  private boolean restoreTried; // while the tuner tuned
  private TunedThreshold saved;

  /** Keeps the threshold of {@code policy}'s tuner, if it has one that tunes. */
  public PersistedThreshold(AdmissionPolicy policy, List<BlockIndex> indexes) {
    this.tuner = policy.tuner().orElse(null);
    this.indexes = new ArrayList<>(indexes);
  }

  /** Whether the tuner tunes now: a directory that joins may give it its first budget. */
  private boolean tuning() {
    return tuner != null && tuner.tunes();
  }

  /**
   * Keeps the threshold in {@code index} too, a directory that joined after start-up (its guard,
   * and so the tuner's budget, already counting it); restores from it if no restore was tried yet.
   */
  public synchronized void join(BlockIndex index) {
    indexes.add(index);
    saved = null; // the next save writes the joined index too
    if (!restoreTried) {
      restore();
    }
  }

  /** Takes up the newest threshold the indexes hold, if any; one INFO line says what came of it. */
  public synchronized TunerRestore restore() {
    if (!tuning()) {
      return TunerRestore.NOT_TUNING;
    }
    restoreTried = true;
    TunedThreshold newest = null;
    for (BlockIndex index : indexes) {
      Optional<TunedThreshold> t = index.loadTunedThreshold();
      if (t.isPresent()
          && (newest == null || t.get().changedAtMillis() > newest.changedAtMillis())) {
        newest = t.get();
      }
    }
    if (newest == null) {
      return TunerRestore.NONE_SAVED;
    }
    TunerRestore r = tuner.restore(newest);
    switch (r) {
      case RESTORED:
        saved = newest;
        LOG.info(
            "hdfs-local-cache: admission threshold {} restored (configured {}), in use since {}",
            newest.threshold(),
            newest.configured(),
            java.time.Instant.ofEpochMilli(newest.changedAtMillis()));
        break;
      case CONFIGURED_CHANGED:
        LOG.info(
            "hdfs-local-cache: admission threshold {} was tuned from {}; the configured"
                + " threshold is now {}, so admission starts again from it",
            newest.threshold(),
            newest.configured(),
            tuner.configured());
        break;
      default:
        break;
    }
    return r;
  }

  /** Queues the tuner's state to every index if it moved since the last save. */
  public synchronized void save() {
    if (!tuning() || !restoreTried) {
      return;
    }
    TunedThreshold now = tuner.state();
    if (!now.equals(saved)) {
      for (BlockIndex index : indexes) {
        index.putTunedThreshold(now);
      }
      saved = now;
    }
  }
}
