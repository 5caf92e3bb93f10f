package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.model.RunOutcome;
import io.hdfslocalcache.simulator.model.RunResult;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** Everything a command prints or writes once its runs are done. */
final class Outputs {
  private Outputs() {}

  /** Which chart --chart draws. */
  enum ChartKind {
    UTILIZATION_OVER_TIME,
    AGAINST_THRESHOLD
  }

  /**
   * One DataNode: its table, JSON (shaped as asked), CSV and chart. Several: a row per DataNode and
   * configuration, then the fleet's rows ("fleet"); JSON and CSV rows carry a "datanode" field; the
   * chart is the fleet's. With replica figures, the fleet's rows carry them and a table of them
   * follows.
   */
  static void write(
      TraceOptions options,
      TraceLoading.Runs runs,
      Reports.JsonShape shape,
      ChartKind chart,
      PrintStream out)
      throws IOException {
    List<TraceLoading.DataNodeRuns> dataNodes = runs.dataNodes();
    if (dataNodes.size() == 1) {
      writeOne(options, dataNodes.get(0).runs(), shape, chart, out);
      return;
    }
    List<RunOutcome> fleet =
        FleetTotals.all(dataNodes.stream().map(TraceLoading.DataNodeRuns::runs).toList());
    List<Reports.FleetRow> rows = new ArrayList<>();
    for (TraceLoading.DataNodeRuns dn : dataNodes) {
      dn.runs().forEach(r -> rows.add(new Reports.FleetRow(dn.name(), r.result(), null)));
    }
    for (int c = 0; c < fleet.size(); c++) {
      rows.add(
          new Reports.FleetRow(
              "fleet (" + dataNodes.size() + ")",
              fleet.get(c).result(),
              runs.replicas().isEmpty() ? null : runs.replicas().get(c)));
    }
    ResultTable.print(
        rows.stream().map(Reports.FleetRow::datanode).toList(),
        rows.stream().map(Reports.FleetRow::result).toList(),
        out);
    if (!runs.replicas().isEmpty()) {
      ReplicaTable.print(fleet.stream().map(RunOutcome::result).toList(), runs.replicas(), out);
    }
    if (options.json != null) {
      Reports.writeFleetJson(options.json, rows);
    }
    if (options.csv != null) {
      Reports.writeFleetCsv(options.csv, rows);
    }
    chart(options, fleet, chart);
  }

  private static void writeOne(
      TraceOptions options,
      List<RunOutcome> runs,
      Reports.JsonShape shape,
      ChartKind chart,
      PrintStream out)
      throws IOException {
    List<RunResult> results = runs.stream().map(RunOutcome::result).toList();
    ResultTable.print(results, out);
    if (options.json != null) {
      Reports.writeJson(options.json, results, shape);
    }
    if (options.csv != null) {
      Reports.writeCsv(options.csv, results);
    }
    chart(options, runs, chart);
  }

  private static void chart(TraceOptions options, List<RunOutcome> runs, ChartKind chart)
      throws IOException {
    if (options.chart != null) {
      if (chart == ChartKind.UTILIZATION_OVER_TIME) {
        Charts.utilization(options.chart, runs);
      } else {
        Charts.sweep(options.chart, runs);
      }
    }
  }
}
