package io.hdfslocalcache.datanode.shadow;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.model.LiveModel;
import io.hdfslocalcache.model.ModelTotals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One candidate: its model, which only the feed thread feeds, and the totals it last published for
 * metric readers on other threads (one snapshot per batch, so a metrics snapshot never waits on the
 * model's monitor while it applies a batch).
 */
final class ShadowCandidate {
  private static final Logger LOG = LoggerFactory.getLogger(ShadowCandidate.class);

  /** What came of giving a model one event. */
  enum Applied {
    OK,
    FAILED
  }

  final CandidateSpec spec;
  private final LiveModel model;
  private volatile ModelTotals published;

  /** Feed thread only: the first failure is logged, later ones only counted. */
  private boolean failedBefore;

  /**
   * @throws IllegalArgumentException naming the candidate's key, if its model cannot be built
   */
  ShadowCandidate(CandidateSpec spec) {
    this.spec = spec;
    try {
      this.model = new LiveModel(spec);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          CacheKeys.SHADOW_CANDIDATE_PREFIX + spec.name() + ": " + e.getMessage(), e);
    }
    this.published = model.totals();
  }

  String name() {
    return spec.name();
  }

  /** Feed thread only. A model that throws must not stop the other candidates or later events. */
  Applied apply(ShadowEvent e, long timeMs) {
    try {
      switch (e.kind) {
        case READ:
          ClientRead r = e.read;
          model.read(
              r.block.poolId(),
              r.block.blockId(),
              r.genStamp,
              r.blockLength,
              r.offset,
              r.bytes,
              timeMs);
          break;
        case REWRITTEN:
          model.write(e.block.poolId(), e.block.blockId(), e.genStamp, timeMs);
          break;
        case REMOVED:
          model.delete(e.block.poolId(), e.block.blockId(), timeMs);
          break;
        default:
          throw new IllegalStateException("unknown event " + e.kind);
      }
      return Applied.OK;
    } catch (RuntimeException ex) {
      if (!failedBefore) {
        failedBefore = true;
        LOG.warn(
            "hdfs-local-cache: shadow candidate {} failed on an event (later failures are only"
                + " counted in shadow.feed.errors)",
            spec.name(),
            ex);
      }
      return Applied.FAILED;
    }
  }

  /** Feed thread only: makes the model's totals visible to metric readers. */
  void publish() {
    try {
      published = model.totals();
    } catch (RuntimeException ex) {
      // keep the last totals; apply() has logged the model's trouble
    }
  }

  /** The totals as of the last batch the feed applied. */
  ModelTotals totals() {
    return published;
  }
}
