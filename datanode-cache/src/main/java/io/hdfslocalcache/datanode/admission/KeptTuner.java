package io.hdfslocalcache.datanode.admission;

import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.index.OwnRecord;
import io.hdfslocalcache.model.policy.ThresholdTuner;
import io.hdfslocalcache.model.policy.TunedThreshold;
import io.hdfslocalcache.model.policy.TunerRestore;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tuned threshold ({@link ThresholdTuner}) as a restart keeps it: restored from the record
 * whose threshold changed last, saved whenever the tuner's state moved.
 */
final class KeptTuner implements KeptState {
  private static final Logger LOG = LoggerFactory.getLogger(PersistedThreshold.class);

  private final ThresholdTuner tuner;
  private TunedThreshold saved;

  KeptTuner(ThresholdTuner tuner) {
    this.tuner = tuner;
  }

  @Override
  public boolean moves() {
    return tuner.tunes();
  }

  @Override
  public TunerRestore restore(List<BlockIndex> indexes) {
    TunedThreshold newest =
        KeptState.newest(
            indexes, i -> i.loadOwn(OwnRecord.TUNED_THRESHOLD), TunedThreshold::changedAtMillis);
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

  @Override
  public void save(List<BlockIndex> indexes) {
    TunedThreshold now = tuner.state();
    if (!now.equals(saved)) {
      for (BlockIndex index : indexes) {
        index.putOwn(OwnRecord.TUNED_THRESHOLD, now);
      }
      saved = now;
    }
  }

  @Override
  public void forgetSaved() {
    saved = null;
  }
}
