package io.hdfslocalcache.ops.status;

import io.hdfslocalcache.metrics.CandidateNames;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.ShadowMetrics;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The status screen's lines for shadow candidates, from a DataNode's flattened bean ({@code
 * shadow.candidate.<name>.<metric>}): one per candidate with what its model would have done, and
 * the feed's health. Pure, like {@link StatusReport}.
 */
final class ShadowLines {
  private final Map<String, Object> bean;

  ShadowLines(Map<String, Object> bean) {
    this.bean = bean;
  }

  /**
   * A DataNode in shadow mode: it has the shadow feed's metrics and none of the cache's read path.
   */
  boolean shadowMode() {
    return bean.containsKey(ShadowMetrics.FEED_EVENTS) && !bean.containsKey(ReadPathMetrics.HITS);
  }

  /** The candidates' names, sorted; none when the DataNode runs no shadow model. */
  TreeSet<String> candidates() {
    TreeSet<String> out = new TreeSet<>();
    for (String k : bean.keySet()) {
      CandidateNames.candidate(k).ifPresent(out::add);
    }
    return out;
  }

  /** Appends the feed's line and one per candidate; nothing without candidates. */
  void render(StringBuilder b) {
    if (candidates().isEmpty()) {
      return;
    }
    StatusReport.line(
        b,
        "shadow feed",
        StatusReport.count(num(ShadowMetrics.FEED_EVENTS))
            + " events fed, "
            + StatusReport.count(num(ShadowMetrics.FEED_DROPPED))
            + " dropped"
            + (num(ShadowMetrics.FEED_ERRORS) > 0
                ? ", " + StatusReport.count(num(ShadowMetrics.FEED_ERRORS)) + " MODEL ERRORS"
                : ""));
    for (String c : candidates()) {
      String text =
          "hit "
              + StatusReport.pct(dbl(c, ShadowMetrics.HIT_RATIO))
              + ", bytes "
              + StatusReport.pct(dbl(c, ShadowMetrics.BYTE_HIT_RATIO))
              + " of "
              + StatusReport.count(num(CandidateNames.of(c, ShadowMetrics.READS)))
              + " reads; SSD writes "
              + StatusReport.bytes(num(CandidateNames.of(c, ShadowMetrics.SSD_BYTES_WRITTEN)))
              + "; HDD time saved "
              + StatusReport.pct(dbl(c, ShadowMetrics.HDD_SAVED_RATIO));
      double delta = dbl(c, ShadowMetrics.CALIBRATION_HIT_RATIO_DELTA);
      if (!Double.isNaN(delta)) {
        text +=
            String.format(
                Locale.ROOT,
                "; vs the real cache: hit %+.1f, bytes %+.1f points",
                100 * delta,
                100 * dbl(c, ShadowMetrics.CALIBRATION_BYTE_HIT_RATIO_DELTA));
      }
      StatusReport.line(b, "  " + c, text);
    }
  }

  private long num(String key) {
    Object v = bean.get(key);
    return v instanceof Number ? ((Number) v).longValue() : Long.MIN_VALUE;
  }

  private double dbl(String candidate, String name) {
    Object v = bean.get(CandidateNames.of(candidate, name));
    return v instanceof Number ? ((Number) v).doubleValue() : Double.NaN;
  }
}
