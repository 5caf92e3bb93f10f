package io.hdfslocalcache.ops.status;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * {@code --json}: the same figures as the text, for scripts. One object per run; with {@code
 * --watch} one object per interval, one per line (JSON Lines). Field names are stable; a ratio with
 * no reads behind it is null, and so is a figure the DataNode does not export.
 */
final class StatusJson {
  private StatusJson() {}

  /** A single DataNode: its line's figures plus every attribute of its JMX bean. */
  static String dataNode(Row r) {
    ObjectNode n = row(r, Double.NaN);
    n.set("jmx", Jmx.JSON.valueToTree(r.bean()));
    return write(n);
  }

  /** The fleet form: each DataNode's line and the total, since the DataNodes started. */
  static String fleet(String nameNode, List<Row> rows) {
    ObjectNode n = Jmx.JSON.createObjectNode();
    n.put("namenode", nameNode);
    n.set("datanodes", rows(rows, Double.NaN));
    n.set("total", total(rows, Double.NaN));
    return write(n);
  }

  /** One --watch interval: what grew in it; {@code total} in the fleet form. */
  static String interval(Watch.Interval iv, boolean total) {
    ObjectNode n = Jmx.JSON.createObjectNode();
    n.put("time", iv.at().toString());
    n.put("seconds", iv.seconds());
    n.set("datanodes", rows(iv.rows(), iv.seconds()));
    if (total) {
      n.set("total", total(iv.rows(), iv.seconds()));
    }
    return write(n);
  }

  private static ArrayNode rows(List<Row> rows, double seconds) {
    ArrayNode a = Jmx.JSON.createArrayNode();
    for (Row r : rows) {
      a.add(row(r, seconds));
    }
    return a;
  }

  /** {@code seconds} NaN: totals since start; otherwise an interval of that length. */
  private static ObjectNode row(Row r, double seconds) {
    ObjectNode n = Jmx.JSON.createObjectNode();
    n.put("datanode", r.datanode());
    n.put("state", r.state().name());
    if (!r.isOk()) {
      n.put("detail", r.detail());
      return n;
    }
    CacheFigures f = r.figures();
    count(n, "hits", f.hits());
    count(n, "misses", f.misses());
    double ratio = f.hitRatio();
    if (Double.isNaN(ratio)) {
      n.putNull("hitRatio");
    } else {
      n.put("hitRatio", ratio);
    }
    if (Double.isNaN(seconds)) {
      count(n, "bytesCache", f.bytesCache());
      count(n, "bytesHdd", f.bytesHdd());
    } else {
      perSecond(n, "bytesCachePerSecond", f.bytesCache(), seconds);
      perSecond(n, "bytesHddPerSecond", f.bytesHdd(), seconds);
    }
    count(n, "shortCircuitOpens", f.shortCircuitOpens());
    count(n, "fills", f.fills());
    count(n, "errors", f.errors());
    n.put("dirs", f.dirs());
    n.put("dirsOutOfService", f.dirsOutOfService());
    n.put("dirsSlow", f.dirsSlow());
    count(n, "bypassed", f.bypassed());
    count(n, "blocks", f.blocks());
    threshold(n, f.threshold());
    return n;
  }

  /** A figure the DataNode does not export is null, never 0 (a 0 says none happened). */
  private static void count(ObjectNode n, String name, long v) {
    if (v == CacheFigures.ABSENT) {
      n.putNull(name);
    } else {
      n.put(name, v);
    }
  }

  private static void perSecond(ObjectNode n, String name, long v, double seconds) {
    if (v == CacheFigures.ABSENT) {
      n.putNull(name);
    } else {
      n.put(name, seconds > 0 ? v / seconds : 0);
    }
  }

  /**
   * The total: {@code partial} lists the figures summed over fewer DataNodes than the total's (the
   * others do not export them), when there are any.
   */
  private static ObjectNode total(List<Row> rows, double seconds) {
    ObjectNode n = row(Row.total(rows), seconds);
    List<String> partial = Row.partial(rows);
    if (!partial.isEmpty()) {
      partial.forEach(n.putArray("partial")::add);
    }
    return n;
  }

  /**
   * {@code admissionThreshold}: one DataNode's threshold in use, or, over DataNodes that differ,
   * null with their range in {@code admissionThresholdMin} and {@code admissionThresholdMax}; null
   * when none reports it. One DataNode's line adds {@code admissionThresholdSince}, when the
   * threshold took its value (ISO-8601, UTC).
   */
  private static void threshold(ObjectNode n, Thresholds t) {
    if (!t.reported() || t.low() != t.high()) {
      n.putNull("admissionThreshold");
    } else {
      n.put("admissionThreshold", t.low());
    }
    if (t.reported() && t.low() != t.high()) {
      n.put("admissionThresholdMin", t.low());
      n.put("admissionThresholdMax", t.high());
    }
    t.sinceText().ifPresent(at -> n.put("admissionThresholdSince", at));
  }

  private static String write(ObjectNode n) {
    try {
      return Jmx.JSON.writeValueAsString(n) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
