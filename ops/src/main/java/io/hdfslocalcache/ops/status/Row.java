package io.hdfslocalcache.ops.status;

import java.util.List;
import java.util.Map;

/**
 * One DataNode's line in a reading (figures since it started) or an interval (figures grown in the
 * interval), or why it has none.
 *
 * @param datanode how the line names it: host:port of its web UI
 * @param state whether the figures mean anything
 * @param detail why not, for a state other than OK
 * @param figures the figures; {@link CacheFigures#ZERO} unless OK
 * @param bean the JMX bean read (empty unless OK), for --json of a single DataNode
 */
record Row(
    String datanode, State state, String detail, CacheFigures figures, Map<String, Object> bean) {

  /** What a line holds. */
  enum State {
    /** Figures read (or, in an interval, grown since the previous reading). */
    OK,
    /** The DataNode answered, but has no active cache. */
    NO_CACHE,
    /** The DataNode runs shadow mode: no cache, models of candidates ({@code status} of it). */
    SHADOW,
    /** The DataNode's web UI could not be read. */
    UNREACHABLE,
    /** Its counters went down since the previous reading (it restarted): no rate this time. */
    RESTARTED,
    /** Not in the previous reading (just joined, or unreadable then): rates from the next one. */
    NEW
  }

  static Row ok(String datanode, Map<String, Object> bean) {
    return new Row(datanode, State.OK, "", CacheFigures.of(bean), bean);
  }

  static Row ok(String datanode, CacheFigures figures) {
    return new Row(datanode, State.OK, "", figures, Map.of());
  }

  /** A shadow-mode DataNode: no cache figures; its bean kept for its own status screen. */
  static Row shadow(String datanode, Map<String, Object> bean) {
    int candidates = new ShadowLines(bean).candidates().size();
    long shortCircuit = CacheFigures.of(bean).shortCircuitOpens();
    return new Row(
        datanode,
        State.SHADOW,
        candidates
            + " candidates modelled, nothing cached"
            + (shortCircuit > 0
                ? ", " + StatusReport.count(shortCircuit) + " short-circuit opens no candidate sees"
                : "")
            + " (status --datanode shows them)",
        CacheFigures.ZERO,
        bean);
  }

  static Row without(String datanode, State state, String detail) {
    return new Row(datanode, state, detail, CacheFigures.ZERO, Map.of());
  }

  boolean isOk() {
    return state == State.OK;
  }

  /**
   * The sum of the OK rows, named "TOTAL (n of m)": each figure over the rows that report it
   * ({@link #partial} names those some rows lack).
   */
  static Row total(List<Row> rows) {
    CacheFigures sum = CacheFigures.NONE;
    int ok = 0;
    for (Row r : rows) {
      if (r.isOk()) {
        sum = sum.plus(r.figures);
        ok++;
      }
    }
    return ok(totalName(ok, rows.size()), sum);
  }

  /** The summed figures some OK rows report and others do not (by their --json names). */
  static List<String> partial(List<Row> rows) {
    return CacheFigures.partial(rows.stream().filter(Row::isOk).map(Row::figures).toList());
  }

  static String totalName(int ok, int all) {
    return "TOTAL (" + ok + " of " + all + ")";
  }
}
