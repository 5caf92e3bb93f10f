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
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The figures of one DataNode's cache that a fleet line shows, read from its JMX bean: counters
 * (totals since the DataNode started) and gauges (now). Summed over DataNodes for the fleet total,
 * subtracted between two readings for rates.
 *
 * <p>A figure the bean does not export (an older release, a metric not registered yet) is {@link
 * #ABSENT}, shown as n/a, never 0: a 0 says "none happened". A total sums the DataNodes that report
 * a figure ({@link #partial} names the figures some DataNodes lack, so the total can say so); a
 * difference with an absent side is absent.
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

  /** A figure the bean does not export; {@link StatusReport#count} shows it as n/a. */
  static final long ABSENT = Long.MIN_VALUE;

  static final CacheFigures ZERO =
      new CacheFigures(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Thresholds.NONE, 0);

  /** Nothing reported: the start of a total. */
  static final CacheFigures NONE =
      new CacheFigures(
          ABSENT,
          ABSENT,
          ABSENT,
          ABSENT,
          ABSENT,
          ABSENT,
          0,
          0,
          0,
          ABSENT,
          ABSENT,
          Thresholds.NONE,
          ABSENT);

  /** The figures a total sums, by their {@code --json} names, in that order. */
  static final Map<String, ToLongFunction<CacheFigures>> SUMMED = summed();

  private static Map<String, ToLongFunction<CacheFigures>> summed() {
    Map<String, ToLongFunction<CacheFigures>> m = new LinkedHashMap<>();
    m.put("hits", CacheFigures::hits);
    m.put("misses", CacheFigures::misses);
    m.put("bytesCache", CacheFigures::bytesCache);
    m.put("bytesHdd", CacheFigures::bytesHdd);
    m.put("shortCircuitOpens", CacheFigures::shortCircuitOpens);
    m.put("fills", CacheFigures::fills);
    m.put("errors", CacheFigures::errors);
    m.put("bypassed", CacheFigures::bypassed);
    m.put("blocks", CacheFigures::blocks);
    return Collections.unmodifiableMap(m);
  }

  static CacheFigures of(Map<String, Object> bean) {
    long errors = ABSENT;
    for (CacheFailure f : CacheFailure.values()) {
      if (f.directoryError) {
        errors = add(errors, num(bean, MetricFamily.member(ReadPathMetrics.FALLBACK, f)));
        errors = add(errors, num(bean, MetricFamily.member(FillMetrics.FAILED_BY_STORE, f)));
      }
    }
    long hdd = ABSENT;
    for (String name : ByteRatio.HDD_BYTES) {
      hdd = add(hdd, num(bean, name));
    }
    long bypass = num(bean, AdminMetrics.BYPASS);
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
        hdd,
        num(bean, MetricFamily.member(FillMetrics.OUTCOME, FillOutcome.COMPLETED)),
        errors,
        dirs,
        out,
        slow,
        bypass == ABSENT ? ABSENT : bypass == 1 ? 1 : 0,
        num(bean, DirectoryMetrics.BLOCKS),
        Thresholds.of(bean),
        num(bean, ReadPathMetrics.SHORT_CIRCUIT_OPENS));
  }

  /**
   * The counters' growth from {@code earlier} to this reading, gauges as now; empty when a counter
   * went down (the DataNode restarted in between: no rate for this interval). A counter absent from
   * either reading is absent from the growth.
   */
  Optional<CacheFigures> since(CacheFigures earlier) {
    CacheFigures d =
        new CacheFigures(
            minus(hits, earlier.hits),
            minus(misses, earlier.misses),
            minus(bytesCache, earlier.bytesCache),
            minus(bytesHdd, earlier.bytesHdd),
            minus(fills, earlier.fills),
            minus(errors, earlier.errors),
            dirs,
            dirsOutOfService,
            dirsSlow,
            bypassed,
            blocks,
            threshold,
            minus(shortCircuitOpens, earlier.shortCircuitOpens));
    boolean back = wentBack(d.hits) || wentBack(d.misses) || wentBack(d.bytesCache);
    back = back || wentBack(d.bytesHdd) || wentBack(d.fills) || wentBack(d.errors);
    return back || wentBack(d.shortCircuitOpens) ? Optional.empty() : Optional.of(d);
  }

  private static long minus(long now, long before) {
    return now == ABSENT || before == ABSENT ? ABSENT : now - before;
  }

  private static boolean wentBack(long growth) {
    return growth != ABSENT && growth < 0;
  }

  /** The sum over the sides that report it; absent when neither does. */
  private static long add(long a, long b) {
    return a == ABSENT ? b : b == ABSENT ? a : a + b;
  }

  /** The {@link #SUMMED} figures some of {@code parts} report and others do not, by name. */
  static List<String> partial(List<CacheFigures> parts) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, ToLongFunction<CacheFigures>> e : SUMMED.entrySet()) {
      long absent = parts.stream().filter(f -> e.getValue().applyAsLong(f) == ABSENT).count();
      if (absent > 0 && absent < parts.size()) {
        out.add(e.getKey());
      }
    }
    return out;
  }

  CacheFigures plus(CacheFigures o) {
    return new CacheFigures(
        add(hits, o.hits),
        add(misses, o.misses),
        add(bytesCache, o.bytesCache),
        add(bytesHdd, o.bytesHdd),
        add(fills, o.fills),
        add(errors, o.errors),
        dirs + o.dirs,
        dirsOutOfService + o.dirsOutOfService,
        dirsSlow + o.dirsSlow,
        add(bypassed, o.bypassed),
        add(blocks, o.blocks),
        threshold.plus(o.threshold),
        add(shortCircuitOpens, o.shortCircuitOpens));
  }

  /** hits / (hits + misses); NaN before the first read, or when either is absent. */
  double hitRatio() {
    if (hits == ABSENT || misses == ABSENT) {
      return Double.NaN;
    }
    long reads = hits + misses;
    return reads == 0 ? Double.NaN : (double) hits / reads;
  }

  /**
   * Short-circuit opens over all block opens the DataNode served (short-circuit opens plus the
   * client block reads the cache saw); NaN before the first. A short-circuit open serves every read
   * of its block until the client drops it, so this understates the share of reads. NaN when a
   * count is absent.
   */
  double shortCircuitShare() {
    if (shortCircuitOpens == ABSENT || hits == ABSENT || misses == ABSENT) {
      return Double.NaN;
    }
    long opens = shortCircuitOpens + hits + misses;
    return opens == 0 ? Double.NaN : (double) shortCircuitOpens / opens;
  }

  /** A counter or gauge of the bean; {@link #ABSENT} when absent (an older cache without it). */
  private static long num(Map<String, Object> bean, String key) {
    return bean.get(key) instanceof Number n ? n.longValue() : ABSENT;
  }
}
