package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.model.RunOutcome;
import io.hdfslocalcache.simulator.model.RunResult;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/** Everything a command prints or writes once its runs are done. */
final class Outputs {
  private Outputs() {}

  /** Which chart --chart draws. */
  enum ChartKind {
    UTILIZATION_OVER_TIME,
    AGAINST_THRESHOLD
  }

  static void write(
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
    if (options.chart != null) {
      if (chart == ChartKind.UTILIZATION_OVER_TIME) {
        Charts.utilization(options.chart, runs);
      } else {
        Charts.sweep(options.chart, runs);
      }
    }
  }
}
