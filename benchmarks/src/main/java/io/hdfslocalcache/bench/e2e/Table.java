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
            + " transferTo packets/GiB stock, cache | cache read.route |\n");
    b.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      b.append(
          String.format(
              "| %d | %s | %d | %s | %s | %s | %s | %s | %.0f | %.2f | %.0f, %.0f | %s |%n",
              r.bufferSize(),
              r.shape().label(),
              r.readers(),
              r.mode(),
              r.throughput().format(),
              r.cpu().format(),
              r.target().format(),
              met(r),
              r.stockMibPerSec(),
              r.stockCpuSecPerGib(),
              r.stockTransferPacketsPerGib(),
              r.cacheTransferPacketsPerGib(),
              r.formatRoute()));
    }
    b.append(
        "\nread.route: 0 page reads on the readers' threads, 1 on the I/O threads (strict), 2 on"
            + " them after a page read slower than 50 ms (adaptive): a row measured on route 2"
            + " measures that hand-off, not the hit path readers get on a healthy SSD.\n");
    return b.toString();
  }

  private static String met(Row r) {
    String met = r.meetsTarget() ? "yes" : "**no**";
    return r.roundsAfterSlowRead() == 0 ? met : met + " (on route 2)";
  }
}
