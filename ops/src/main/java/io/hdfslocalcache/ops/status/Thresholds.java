package io.hdfslocalcache.ops.status;

import io.hdfslocalcache.metrics.AdmissionMetrics;
import java.util.Map;

/**
 * The admission threshold in use (gauge {@code admission.threshold}: with tuning, the configured
 * threshold raised while the SSD write budget is short), as the lowest and highest over the
 * DataNodes a line covers: one DataNode's line has one value, the fleet total its range. A gauge,
 * so never summed; {@link #NONE} when no DataNode reports it (releases before issue 24).
 *
 * @param low the lowest threshold reported, or -1 for none
 * @param high the highest threshold reported, or -1 for none
 */
record Thresholds(long low, long high) {
  static final Thresholds NONE = new Thresholds(-1, -1);

  static Thresholds of(Map<String, Object> bean) {
    return bean.get(AdmissionMetrics.THRESHOLD) instanceof Number n
        ? new Thresholds(n.longValue(), n.longValue())
        : NONE;
  }

  boolean reported() {
    return low >= 0;
  }

  /** The range over both lines' DataNodes. */
  Thresholds plus(Thresholds o) {
    if (!reported()) {
      return o;
    }
    return !o.reported() ? this : new Thresholds(Math.min(low, o.low), Math.max(high, o.high));
  }

  /** "31", "15-31" over DataNodes that differ, "n/a" when none reports it. */
  String text() {
    if (!reported()) {
      return "n/a";
    }
    return low == high ? Long.toString(low) : low + "-" + high;
  }
}
