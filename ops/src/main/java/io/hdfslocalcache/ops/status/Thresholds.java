package io.hdfslocalcache.ops.status;

import io.hdfslocalcache.metrics.AdmissionMetrics;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;

/**
 * The admission threshold the tuner set (gauge {@code admission.threshold.tuned}, the one its
 * {@code since} belongs to; {@code admission.threshold} from a release without it), as the lowest
 * and highest over the DataNodes a line covers: one DataNode's line has one value, the fleet total
 * its range. A gauge, so never summed; {@link #NONE} when no DataNode exports the gauge (one
 * without admission tuning support), so the column shows that nothing was reported rather than a
 * threshold of 0.
 *
 * @param low the lowest threshold reported, or -1 for none
 * @param high the highest threshold reported, or -1 for none
 * @param since when one DataNode's threshold took its value (gauge {@code
 *     admission.threshold.since}, epoch ms), or -1: not reported, or a range over DataNodes
 */
record Thresholds(long low, long high, long since) {
  static final Thresholds NONE = new Thresholds(-1, -1, -1);

  static Thresholds of(Map<String, Object> bean) {
    long since =
        bean.get(AdmissionMetrics.THRESHOLD_SINCE) instanceof Number n ? n.longValue() : -1;
    return tuned(bean) instanceof Number n
        ? new Thresholds(n.longValue(), n.longValue(), since)
        : NONE;
  }

  /** The tuned threshold's gauge; the threshold in effect from a release that has only that. */
  static Object tuned(Map<String, Object> bean) {
    Object t = bean.get(AdmissionMetrics.THRESHOLD_TUNED);
    return t != null ? t : bean.get(AdmissionMetrics.THRESHOLD);
  }

  /** When one DataNode's threshold took its value, as ISO-8601 UTC to the second; empty if none. */
  Optional<String> sinceText() {
    return since < 0
        ? Optional.empty()
        : Optional.of(Instant.ofEpochMilli(since).truncatedTo(ChronoUnit.SECONDS).toString());
  }

  boolean reported() {
    return low >= 0;
  }

  /** The range over both lines' DataNodes. */
  Thresholds plus(Thresholds o) {
    if (!reported()) {
      return o;
    }
    return !o.reported() ? this : new Thresholds(Math.min(low, o.low), Math.max(high, o.high), -1);
  }

  /** "31", "15-31" over DataNodes that differ, "n/a" when none reports it. */
  String text() {
    if (!reported()) {
      return "n/a";
    }
    return low == high ? Long.toString(low) : low + "-" + high;
  }
}
