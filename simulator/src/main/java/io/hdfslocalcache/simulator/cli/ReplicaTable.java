package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.model.ReplicaResult;
import io.hdfslocalcache.simulator.model.RunResult;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The fleet's replica figures on stdout, after the results table: one row per configuration and
 * routing, the duplicated SSD bytes (mean of the samples, peak, at the end, and the mean as a share
 * of the fleet's SSD), then the fleet's byte hit ratio and disk-head time beside those of one cache
 * of the fleet's combined capacity.
 */
final class ReplicaTable {
  private static final String[] HEADER = {
    "policy",
    "fill",
    "guard",
    "cache",
    "routing",
    "dupMean",
    "dupPeak",
    "dupEnd",
    "dupMean%",
    "byteHit%",
    "pooledByteHit%",
    "hddTime",
    "pooledHddTime"
  };

  private ReplicaTable() {}

  /**
   * Per routing ({@code routings}), the fleet's results and replica figures, one per configuration
   * in the same order; printed configuration by configuration, its routings side by side.
   */
  static void print(
      List<String> routings,
      List<List<RunResult>> fleet,
      List<List<ReplicaResult>> replicas,
      PrintStream out) {
    ReplicaResult any = replicas.get(0).get(0);
    out.println();
    out.println(
        "replicas, "
            + any.dataNodes()
            + " DataNodes: dup = SSD bytes holding a block version another DataNode's cache also"
            + " holds (every copy but one; mean of 15-minute samples, peak, end; mean as % of the"
            + " fleet's SSD); pooled = one cache of the fleet's combined capacity over all reads;"
            + " routing = which replica served each read (stock: as logged; owner: one per block)");
    List<String[]> rows = new ArrayList<>();
    rows.add(HEADER);
    for (int c = 0; c < fleet.get(0).size(); c++) {
      for (int k = 0; k < routings.size(); k++) {
        RunResult f = fleet.get(k).get(c);
        ReplicaResult r = replicas.get(k).get(c);
        rows.add(
            new String[] {
              f.policy(),
              f.fill(),
              f.guard(),
              Sizes.format(f.cacheSizeBytes()),
              routings.get(k),
              Sizes.format(r.duplicatedBytesMean()),
              Sizes.format(r.duplicatedBytesPeak()),
              Sizes.format(r.duplicatedBytesEnd()),
              ResultTable.percent((double) r.duplicatedBytesMean() / r.pooledCacheSizeBytes()),
              ResultTable.percent(f.byteHitRatio()),
              ResultTable.percent(r.pooledByteHitRatio()),
              ResultTable.change(f.diskHeadSecondsWithCache(), f.diskHeadSecondsWithoutCache()),
              ResultTable.change(
                  r.pooledDiskHeadSecondsWithCache(), r.pooledDiskHeadSecondsWithoutCache())
            });
      }
    }
    ResultTable.printAligned(rows, 3, out);
  }
}
