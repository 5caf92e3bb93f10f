package io.hdfslocalcache.datanode.read;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.LockFreeExponentiallyDecayingReservoir;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.ByteRatio;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.MetricFamily;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Metrics of the read path, registered on an injected registry (one per DataNode). Every metric is
 * named, with its description, in {@link ReadPathMetrics}; docs/monitoring.md lists them for
 * operators.
 */
public final class ReadPathStats {
  // Each field counts under the name of the same meaning in ReadPathMetrics, described there.
  final Counter hits;

  final Counter misses;

  final Counter bytesFromCache;

  final Counter bytesFallbackFromHdd;

  final Counter bytesUncachedFromHdd;

  final Map<CacheFailure, Counter> fallbacks = new EnumMap<>(CacheFailure.class);

  final Counter staleEntries;

  final Counter aborted;

  final Counter readAheadPages;

  final Counter readAheadRefused;

  final Counter readAheadCancelled;

  final Counter bytesFromHdd;

  final Counter hddReads;

  final Histogram cacheReadMicros;

  final Histogram hddReadMicros;

  final AtomicInteger hddStreamsOpen = new AtomicInteger();

  final AtomicInteger hddReadsInFlight = new AtomicInteger();

  final AtomicLong directWindowBytes = new AtomicLong();

  final Map<HddReason, Counter> hddReasons = new EnumMap<>(HddReason.class);

  public ReadPathStats(MetricRegistry registry) {
    for (HddReason r : HddReason.values()) {
      hddReasons.put(r, registry.counter(MetricFamily.member(ReadPathMetrics.HDD_CAUSE, r)));
    }
    hits = registry.counter(ReadPathMetrics.HITS);
    misses = registry.counter(ReadPathMetrics.MISSES);
    bytesFromCache = registry.counter(ReadPathMetrics.BYTES_CACHE);
    bytesFallbackFromHdd = registry.counter(ReadPathMetrics.BYTES_FALLBACK_HDD);
    bytesUncachedFromHdd = registry.counter(ReadPathMetrics.BYTES_UNCACHED_HDD);
    staleEntries = registry.counter(ReadPathMetrics.STALE_ENTRIES);
    aborted = registry.counter(ReadPathMetrics.ABORTED);
    readAheadPages = registry.counter(ReadPathMetrics.READAHEAD_PAGES);
    readAheadRefused = registry.counter(ReadPathMetrics.READAHEAD_REFUSED);
    readAheadCancelled = registry.counter(ReadPathMetrics.READAHEAD_CANCELLED);
    bytesFromHdd = registry.counter(ReadPathMetrics.BYTES_HDD);
    hddReads = registry.counter(ReadPathMetrics.HDD_READS);
    cacheReadMicros = registry.histogram(ReadPathMetrics.LATENCY_CACHE, ReadPathStats::lockFree);
    hddReadMicros = registry.histogram(ReadPathMetrics.LATENCY_HDD, ReadPathStats::lockFree);
    registry.register(ReadPathMetrics.HDD_STREAMS_OPEN, (Gauge<Integer>) hddStreamsOpen::get);
    registry.register(ReadPathMetrics.HDD_INFLIGHT, (Gauge<Integer>) hddReadsInFlight::get);
    registry.register(ReadPathMetrics.DIRECT_WINDOW_BYTES, (Gauge<Long>) directWindowBytes::get);
    /* hits / (hits + misses) since start; 0 before the first read. */
    registry.register(
        ReadPathMetrics.HIT_RATIO,
        (Gauge<Double>) () -> ratio(hits.getCount(), hits.getCount() + misses.getCount()));
    /* The byte ratio as ByteRatio defines it, since start; 0 before the first read. */
    registry.register(
        ReadPathMetrics.BYTES_CACHE_RATIO,
        (Gauge<Double>)
            () -> {
              long cache = bytesFromCache.getCount();
              return ratio(cache, cache + ByteRatio.hddBytes(n -> registry.counter(n).getCount()));
            });
    for (CacheFailure f : CacheFailure.values()) {
      fallbacks.put(f, registry.counter(MetricFamily.member(ReadPathMetrics.FALLBACK, f)));
    }
  }

  private static double ratio(long part, long whole) {
    return whole == 0 ? 0.0 : (double) part / whole;
  }

  /**
   * Updated on every read call by hundreds of xceiver threads: the default reservoir takes a lock
   * per update, this one does not.
   */
  private static Histogram lockFree() {
    return new Histogram(LockFreeExponentiallyDecayingReservoir.builder().build());
  }
}
