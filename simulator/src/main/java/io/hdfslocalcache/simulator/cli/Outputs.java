package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.model.RoutingType;
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
   * chart is the fleet's (as logged). With replica figures, the fleet's rows carry them and a table
   * of them follows; every row then names its routing, and each routing other than stock adds its
   * DataNodes' and fleet's rows (the table marks them "[owner]").
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
    boolean replicas = !runs.routed().isEmpty();
    String logged = replicas ? RoutingType.STOCK.configName() : null;
    List<Reports.FleetRow> rows = new ArrayList<>();
    for (TraceLoading.DataNodeRuns dn : dataNodes) {
      dn.runs().forEach(r -> rows.add(new Reports.FleetRow(dn.name(), logged, r.result(), null)));
    }
    String fleetName = "fleet (" + dataNodes.size() + ")";
    TraceLoading.Routed stock = routed(runs, RoutingType.STOCK);
    for (int c = 0; c < fleet.size(); c++) {
      rows.add(
          new Reports.FleetRow(
              fleetName,
              logged,
              fleet.get(c).result(),
              stock == null ? null : stock.replicas().get(c)));
    }
    List<List<RunResult>> routedFleets = new ArrayList<>();
    for (TraceLoading.Routed r : runs.routed()) {
      List<RunOutcome> totals =
          r.routing() == RoutingType.STOCK
              ? fleet
              : FleetTotals.all(
                  r.dataNodes().stream().map(TraceLoading.DataNodeRuns::runs).toList());
      routedFleets.add(totals.stream().map(RunOutcome::result).toList());
      if (r.routing() == RoutingType.STOCK) {
        continue; // its rows are the logged ones above
      }
      String name = r.routing().configName();
      for (TraceLoading.DataNodeRuns dn : r.dataNodes()) {
        dn.runs().forEach(o -> rows.add(new Reports.FleetRow(dn.name(), name, o.result(), null)));
      }
      for (int c = 0; c < totals.size(); c++) {
        rows.add(
            new Reports.FleetRow(fleetName, name, totals.get(c).result(), r.replicas().get(c)));
      }
    }
    ResultTable.print(
        rows.stream().map(Reports.FleetRow::label).toList(),
        rows.stream().map(Reports.FleetRow::result).toList(),
        out);
    if (replicas) {
      ReplicaTable.print(
          runs.routed().stream().map(r -> r.routing().configName()).toList(),
          routedFleets,
          runs.routed().stream().map(TraceLoading.Routed::replicas).toList(),
          out);
    }
    if (options.json != null) {
      Reports.writeFleetJson(options.json, rows);
    }
    if (options.csv != null) {
      Reports.writeFleetCsv(options.csv, rows);
    }
    chart(options, fleet, chart);
  }

  private static TraceLoading.Routed routed(TraceLoading.Runs runs, RoutingType routing) {
    return runs.routed().stream().filter(r -> r.routing() == routing).findFirst().orElse(null);
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
