package io.hdfslocalcache.bench.e2e;

import java.util.List;

/** The rows as the Markdown table docs/benchmarks.md records. */
final class Table {
  private Table() {}

  static String format(List<Row> rows) {
    StringBuilder b = new StringBuilder();
    b.append(
        "| io.file.buffer.size | read | readers | fill | throughput cache/stock | CPU per GiB"
            + " cache/stock | target (throughput, CPU) | met | stock MiB/s | stock CPU s/GiB |"
            + " transferTo packets/GiB stock, cache |\n");
    b.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      b.append(
          String.format(
              "| %d | %s | %d | %s | %s | %s | %s | %s | %.0f | %.2f | %.0f, %.0f |%n",
              r.bufferSize(),
              r.shape().label(),
              r.readers(),
              r.mode(),
              r.throughput().format(),
              r.cpu().format(),
              r.target().format(),
              r.meetsTarget() ? "yes" : "**no**",
              r.stockMibPerSec(),
              r.stockCpuSecPerGib(),
              r.stockTransferPacketsPerGib(),
              r.cacheTransferPacketsPerGib()));
    }
    return b.toString();
  }
}
