package io.hdfslocalcache.datanode.admission;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.metrics.MetricFamily;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import java.util.EnumMap;
import java.util.Map;

/** Metrics of the admission gate; named, each with its description, in {@link AdmissionMetrics}. */
public final class AdmissionStats {
  private final Counter admits;
  private final Counter rejects;
  private final Counter skippedNoSpace;
  private final Map<AdmissionOutcome, Counter> outcomes = new EnumMap<>(AdmissionOutcome.class);

  /**
   * @param policy the DataNode's admission policy, bound
   * @param startMillis when it was bound: since when a threshold that does not tune is in use
   */
  public AdmissionStats(MetricRegistry registry, AdmissionPolicy policy, long startMillis) {
    admits = registry.counter(AdmissionMetrics.ADMIT);
    rejects = registry.counter(AdmissionMetrics.REJECT);
    skippedNoSpace = registry.counter(AdmissionMetrics.SKIPPED_NO_SPACE);
    for (AdmissionOutcome o : AdmissionOutcome.values()) {
      if (o != AdmissionOutcome.CACHED && o != AdmissionOutcome.REJECTED) {
        outcomes.put(o, registry.counter(MetricFamily.member(AdmissionMetrics.OUTCOME, o)));
      }
    }
    // In effect (the room rule's lower one while it holds) and the tuner's, side by side.
    registry.register(AdmissionMetrics.THRESHOLD, (Gauge<Integer>) policy::thresholdInEffect);
    registry.register(
        AdmissionMetrics.THRESHOLD_TUNED, (Gauge<Integer>) policy::effectiveThreshold);
    registry.register(
        AdmissionMetrics.THRESHOLD_SINCE,
        (Gauge<Long>) () -> policy.thresholdMovedAtMillis().orElse(startMillis));
    registry.register(
        AdmissionMetrics.TRACKED_KEYS, (Gauge<Long>) () -> policy.limiterStats().trackedKeys());
    registry.register(
        AdmissionMetrics.EARLY_BUCKET_DROPS,
        (Gauge<Long>) () -> policy.limiterStats().earlyBucketDrops());
    registry.register(
        AdmissionMetrics.UNTRACKED_ACCESSES,
        (Gauge<Long>) () -> policy.limiterStats().untrackedAccesses());
  }

  void count(AdmissionOutcome o) {
    switch (o) {
      case CACHED:
        return;
      case REJECTED:
        rejects.inc();
        return;
      case NO_SPACE:
        skippedNoSpace.inc();
        break;
      default:
        break;
    }
    admits.inc();
    outcomes.get(o).inc();
  }
}
