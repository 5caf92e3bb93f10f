package io.hdfslocalcache.datanode.admission;

import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.index.OwnRecord;
import io.hdfslocalcache.model.policy.LiveRung;
import io.hdfslocalcache.model.policy.OutcomeLadder;
import io.hdfslocalcache.model.policy.TunerRestore;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Outcome admission's live rung ({@link OutcomeLadder}) as a restart keeps it: restored from the
 * newest saved record, saved whenever the rung moved (at most once a law step, a minute). The
 * ghosts are not kept: why the restored rung holds until they have seen reads, {@link
 * OutcomeLadder}.
 */
final class KeptRung implements KeptState {
  private static final Logger LOG = LoggerFactory.getLogger(PersistedThreshold.class);

  private final OutcomeLadder ladder;
  private LiveRung saved;

  KeptRung(OutcomeLadder ladder) {
    this.ladder = ladder;
  }

  @Override
  public boolean moves() {
    return ladder.moves();
  }

  @Override
  public TunerRestore restore(List<BlockIndex> indexes) {
    LiveRung newest =
        KeptState.newest(indexes, i -> i.loadOwn(OwnRecord.LIVE_RUNG), LiveRung::savedAtMillis);
    if (newest == null) {
      return TunerRestore.NONE_SAVED;
    }
    TunerRestore r = ladder.restore(newest);
    if (r == TunerRestore.RESTORED) {
      saved = newest;
      LOG.info(
          "hdfs-local-cache: admission threshold {} restored (outcome rung, configured {}), "
              + "saved at {}; it holds until the ladder's models have seen reads again",
          newest.threshold(),
          newest.configured(),
          java.time.Instant.ofEpochMilli(newest.savedAtMillis()));
    } else if (r == TunerRestore.CONFIGURED_CHANGED) {
      LOG.info(
          "hdfs-local-cache: outcome rung {} was around the configured threshold {}; the"
              + " configured threshold changed, so admission starts again from it",
          newest.threshold(),
          newest.configured());
    } else if (r == TunerRestore.LADDER_CHANGED) {
      LOG.info(
          "hdfs-local-cache: outcome rung {} is not a rung of the ladder now configured (its split"
              + " was lowered), so admission starts again from the configured threshold {}",
          newest.threshold(),
          newest.configured());
    }
    return r;
  }

  @Override
  public void save(List<BlockIndex> indexes) {
    LiveRung now = ladder.state();
    if (!now.sameRung(saved)) {
      for (BlockIndex index : indexes) {
        index.putOwn(OwnRecord.LIVE_RUNG, now);
      }
      saved = now;
    }
  }

  @Override
  public void forgetSaved() {
    saved = null;
  }
}
