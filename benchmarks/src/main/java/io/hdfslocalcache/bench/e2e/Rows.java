package io.hdfslocalcache.bench.e2e;

/** A row from the per-round samples of stock and one cache side (same rounds, same order). */
final class Rows {
  private Rows() {}

  static Row of(int bufferSize, Workload w, Side.Kind kind, Sample[] stock, Sample[] cache) {
    int n = stock.length;
    double[] throughput = new double[n];
    double[] cpu = new double[n];
    double[] stockMib = new double[n];
    double[] stockCpu = new double[n];
    double[] stockPackets = new double[n];
    double[] cachePackets = new double[n];
    int worstRoute = 0;
    int afterSlowRead = 0;
    for (int r = 0; r < n; r++) {
      throughput[r] = cache[r].bytesPerSec() / stock[r].bytesPerSec();
      cpu[r] = cache[r].cpuNanosPerGib() / stock[r].cpuNanosPerGib();
      stockMib[r] = stock[r].bytesPerSec() / (1 << 20);
      stockCpu[r] = stock[r].cpuNanosPerGib() / 1e9;
      stockPackets[r] = stock[r].transferPacketsPerGib();
      cachePackets[r] = cache[r].transferPacketsPerGib();
      worstRoute = Math.max(worstRoute, cache[r].route().code);
      afterSlowRead += cache[r].afterSlowRead() ? 1 : 0;
    }
    return new Row(
        bufferSize,
        w.shape(),
        w.readers(),
        kind.label(),
        n,
        Spread.of(throughput),
        Spread.of(cpu),
        Spread.of(stockMib).median(),
        Spread.of(stockCpu).median(),
        Spread.of(stockPackets).median(),
        Spread.of(cachePackets).median(),
        worstRoute,
        afterSlowRead);
  }
}
