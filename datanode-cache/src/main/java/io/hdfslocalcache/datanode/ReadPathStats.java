package io.hdfslocalcache.datanode;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.LockFreeExponentiallyDecayingReservoir;
import com.codahale.metrics.MetricRegistry;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Metrics of the read path, registered on an injected registry (one per DataNode). Every metric is
 * named and documented here once; docs/monitoring.md lists them for operators.
 */
final class ReadPathStats {
  static final String PREFIX = "read.";

  /** Block reads (BlockSender opens) served from the cache. */
  final Counter hits;
  /**
   * Block reads (client, balancer, replication) of finalized blocks that found no usable cached
   * copy and went to the HDD.
   */
  final Counter misses;
  /** Data and meta bytes handed to BlockSender from the cache (verified). */
  final Counter bytesFromCache;
  /** Data and meta bytes handed to BlockSender from the HDD by a cached read that fell back. */
  final Counter bytesFallbackFromHdd;
  /** Reads that switched to the HDD mid-stream, by cause. */
  final Map<CacheFailure, Counter> fallbacks = new EnumMap<>(CacheFailure.class);
  /** Cached entries dropped on open because the live replica changed (GS, length, state). */
  final Counter staleEntries;
  /** Pages read ahead (and verified) on the I/O pool for streaming readers. */
  final Counter readAheadPages;
  /**
   * Read-aheads refused because every I/O thread of the directory was busy; the reader then read
   * that page itself (it stays on the cache).
   */
  final Counter readAheadRefused;
  /**
   * Data and meta bytes of client reads served by the HDD because no cached copy was used
   * (uncached, not finalized, or not pinnable); cached reads that fell back count in
   * {@link #bytesFallbackFromHdd} instead.
   */
  final Counter bytesFromHdd;
  /** Client block reads served by the HDD (data streams opened through the wrapper). */
  final Counter hddReads;
  /**
   * Microseconds per read call on a cached block's data stream (one call is about one packet,
   * 64 KB; a call that fetches a page from the SSD shows in the upper percentiles).
   */
  final Histogram cacheReadMicros;
  /**
   * Microseconds per read or transferTo call on a client read's HDD data stream (one call is
   * about one packet; with transferTo it includes the socket send, as Hadoop's own timings do).
   */
  final Histogram hddReadMicros;
  /** Client HDD data streams open now: the HDD read queue as this DataNode sees it. */
  final AtomicInteger hddStreamsOpen = new AtomicInteger();
  /** Client HDD read calls in progress now (threads inside a read or transferTo). */
  final AtomicInteger hddReadsInFlight = new AtomicInteger();

  ReadPathStats(MetricRegistry registry) {
    hits = registry.counter(PREFIX + "hits");
    misses = registry.counter(PREFIX + "misses");
    bytesFromCache = registry.counter(PREFIX + "bytes.cache");
    bytesFallbackFromHdd = registry.counter(PREFIX + "bytes.fallback.hdd");
    staleEntries = registry.counter(PREFIX + "stale.entries");
    readAheadPages = registry.counter(PREFIX + "readahead.pages");
    readAheadRefused = registry.counter(PREFIX + "readahead.refused");
    bytesFromHdd = registry.counter(PREFIX + "bytes.hdd");
    hddReads = registry.counter(PREFIX + "hdd.reads");
    cacheReadMicros =
        registry.histogram(PREFIX + "latency.cache.micros", ReadPathStats::lockFree);
    hddReadMicros =
        registry.histogram(PREFIX + "latency.hdd.micros", ReadPathStats::lockFree);
    registry.register(PREFIX + "hdd.streams.open", (Gauge<Integer>) hddStreamsOpen::get);
    registry.register(PREFIX + "hdd.inflight", (Gauge<Integer>) hddReadsInFlight::get);
    /* hits / (hits + misses) since start; 0 before the first read. */
    registry.register(PREFIX + "hit.ratio", (Gauge<Double>) () -> ratio(hits.getCount(),
        hits.getCount() + misses.getCount()));
    /* bytes.cache / (bytes.cache + bytes.hdd + bytes.fallback.hdd) since start; 0 before. */
    registry.register(PREFIX + "bytes.cache.ratio", (Gauge<Double>) () -> {
      long cache = bytesFromCache.getCount();
      return ratio(cache, cache + bytesFromHdd.getCount() + bytesFallbackFromHdd.getCount());
    });
    for (CacheFailure f : CacheFailure.values()) {
      fallbacks.put(f, registry.counter(PREFIX + "fallback." + f.name().toLowerCase()));
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
