package io.hdfslocalcache.ops.status;

import io.hdfslocalcache.metrics.AdminMetrics;
import io.hdfslocalcache.metrics.ByteRatio;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.FillOutcome;
import io.hdfslocalcache.metrics.MetricFamily;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.ReadRoute;
import java.util.Map;
import java.util.Optional;

/**
 * The figures of one DataNode's cache that a fleet line shows, read from its JMX bean: counters
 * (totals since the DataNode started) and gauges (now). Summed over DataNodes for the fleet total,
 * subtracted between two readings for rates.
 *
 * @param hits client block reads served from the cache
 * @param misses client block reads served from the HDD
 * @param bytesCache bytes served from the cache
 * @param bytesHdd bytes served from the HDD as {@link ByteRatio} counts them: misses, fallbacks and
 *     pages-mode gaps
 * @param fills fills completed
 * @param errors SSD errors: failed reads and fills whose cause counts towards taking a directory
 *     out of service (I/O error, timeout, checksum mismatch)
 * @param dirs cache directories configured (gauge)
 * @param dirsOutOfService of those, out of service (gauge)
 * @param dirsSlow of those in service, reading through their I/O threads after a slow read ({@code
 *     read.route} 2: a slow SSD; gauge)
 * @param bypassed DataNodes with the cache bypassed by an operator (gauge: 0 or 1 for one)
 * @param blocks cached blocks (gauge)
 * @param threshold the admission threshold in use (gauge; its range over the DataNodes of a total)
 * @param shortCircuitOpens short-circuit opens served: HDD block files handed to clients on the
 *     DataNode's host, whose reads never reach the cache
 */
record CacheFigures(
    long hits,
    long misses,
    long bytesCache,
    long bytesHdd,
    long fills,
    long errors,
    long dirs,
    long dirsOutOfService,
    long dirsSlow,
    long bypassed,
    long blocks,
    Thresholds threshold,
    long shortCircuitOpens) {

  static final CacheFigures ZERO =
      new CacheFigures(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Thresholds.NONE, 0);

  static CacheFigures of(Map<String, Object> bean) {
    long errors = 0;
    for (CacheFailure f : CacheFailure.values()) {
      if (f.directoryError) {
        errors += num(bean, MetricFamily.member(ReadPathMetrics.FALLBACK, f));
        errors += num(bean, MetricFamily.member(FillMetrics.FAILED_BY_STORE, f));
      }
    }
    long dirs = 0;
    long out = 0;
    long slow = 0;
    String suffix = "." + DirectoryMetrics.IN_SERVICE;
    for (Map.Entry<String, Object> e : bean.entrySet()) {
      String key = e.getKey();
      Optional<Integer> dir = DirectoryNames.index(key);
      if (dir.isPresent() && key.endsWith(suffix)) {
        dirs++;
        if (e.getValue() instanceof Number n && n.longValue() == 1) {
          String route = DirectoryNames.of(dir.get(), DirectoryMetrics.READ_ROUTE);
          slow += num(bean, route) == ReadRoute.IO_THREADS_AFTER_SLOW_READ.code ? 1 : 0;
        } else {
          out++;
        }
      }
    }
    return new CacheFigures(
        num(bean, ReadPathMetrics.HITS),
        num(bean, ReadPathMetrics.MISSES),
        num(bean, ReadPathMetrics.BYTES_CACHE),
        ByteRatio.hddBytes(name -> num(bean, name)),
        num(bean, MetricFamily.member(FillMetrics.OUTCOME, FillOutcome.COMPLETED)),
        errors,
        dirs,
        out,
        slow,
        num(bean, AdminMetrics.BYPASS) == 1 ? 1 : 0,
        num(bean, DirectoryMetrics.BLOCKS),
        Thresholds.of(bean),
        num(bean, ReadPathMetrics.SHORT_CIRCUIT_OPENS));
  }

  /**
   * The counters' growth from {@code earlier} to this reading, gauges as now; empty when a counter
   * went down (the DataNode restarted in between: no rate for this interval).
   */
  Optional<CacheFigures> since(CacheFigures earlier) {
    CacheFigures d =
        new CacheFigures(
            hits - earlier.hits,
            misses - earlier.misses,
            bytesCache - earlier.bytesCache,
            bytesHdd - earlier.bytesHdd,
            fills - earlier.fills,
            errors - earlier.errors,
            dirs,
            dirsOutOfService,
            dirsSlow,
            bypassed,
            blocks,
            threshold,
            shortCircuitOpens - earlier.shortCircuitOpens);
    boolean back = d.hits < 0 || d.misses < 0 || d.bytesCache < 0 || d.bytesHdd < 0 || d.fills < 0;
    return back || d.errors < 0 || d.shortCircuitOpens < 0 ? Optional.empty() : Optional.of(d);
  }

  CacheFigures plus(CacheFigures o) {
    return new CacheFigures(
        hits + o.hits,
        misses + o.misses,
        bytesCache + o.bytesCache,
        bytesHdd + o.bytesHdd,
        fills + o.fills,
        errors + o.errors,
        dirs + o.dirs,
        dirsOutOfService + o.dirsOutOfService,
        dirsSlow + o.dirsSlow,
        bypassed + o.bypassed,
        blocks + o.blocks,
        threshold.plus(o.threshold),
        shortCircuitOpens + o.shortCircuitOpens);
  }

  /** hits / (hits + misses); NaN before the first read. */
  double hitRatio() {
    long reads = hits + misses;
    return reads == 0 ? Double.NaN : (double) hits / reads;
  }

  /**
   * Short-circuit opens over all block opens the DataNode served (short-circuit opens plus the
   * client block reads the cache saw); NaN before the first. A short-circuit open serves every read
   * of its block until the client drops it, so this understates the share of reads.
   */
  double shortCircuitShare() {
    long opens = shortCircuitOpens + hits + misses;
    return opens == 0 ? Double.NaN : (double) shortCircuitOpens / opens;
  }

  /** A counter or gauge of the bean; 0 when absent (an older cache without it). */
  private static long num(Map<String, Object> bean, String key) {
    return bean.get(key) instanceof Number n ? n.longValue() : 0;
  }
}
