package io.hdfslocalcache.datanode.read;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.LockFreeExponentiallyDecayingReservoir;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.metrics.Describe;
import io.hdfslocalcache.datanode.store.CacheFailure;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Metrics of the read path, registered on an injected registry (one per DataNode). Every metric is
 * named and documented here once; docs/monitoring.md lists them for operators.
 */
public final class ReadPathStats {
  @Describe("Client block reads (BlockSender opens) served from the cache, since start.")
  public static final String HITS = "read.hits";

  @Describe(
      "Client reads of finalized blocks that found no usable cached copy and went to the HDD.")
  public static final String MISSES = "read.misses";

  @Describe("Data and checksum bytes handed to the DataNode from the SSD (verified), since start.")
  public static final String BYTES_CACHE = "read.bytes.cache";

  @Describe("Bytes of cached reads that switched to the HDD mid-block, since start.")
  public static final String BYTES_FALLBACK_HDD = "read.bytes.fallback.hdd";

  @Describe(
      "Bytes a cached read took from the HDD because their pages were not cached"
          + " (a partly cached block); not a failure.")
  public static final String BYTES_UNCACHED_HDD = "read.bytes.uncached_pages.hdd";

  @Describe("Cached reads that switched to the HDD mid-block, by cause")
  public static final String FALLBACK = "read.fallback.";

  @Describe("Cached copies dropped on open because the replica changed (generation stamp, length).")
  public static final String STALE_ENTRIES = "read.stale.entries";

  @Describe("Read-aheads started for streaming readers, refused ones included, since start.")
  public static final String READAHEAD_PAGES = "read.readahead.pages";

  @Describe(
      "Read-aheads refused because half the directory's I/O threads were in use;"
          + " the reader read that page itself.")
  public static final String READAHEAD_REFUSED = "read.readahead.refused";

  @Describe("Data and checksum bytes of client reads served by the HDD, no cached copy used.")
  public static final String BYTES_HDD = "read.bytes.hdd";

  @Describe("Client block reads served by the HDD, since start.")
  public static final String HDD_READS = "read.hdd.reads";

  @Describe("Block reads sent to the HDD, by reason")
  public static final String HDD_CAUSE = "read.hdd.cause.";

  @Describe(
      "Microseconds per transferTo or read call on a cached block's data stream (transferTo: one"
          + " 64 KB packet, socket send included).")
  public static final String LATENCY_CACHE = "read.latency.cache.micros";

  @Describe("Microseconds per read or transferTo call on a client read's HDD data stream.")
  public static final String LATENCY_HDD = "read.latency.hdd.micros";

  @Describe("Client HDD block streams open now: the HDD read queue as this DataNode sees it.")
  public static final String HDD_STREAMS_OPEN = "read.hdd.streams.open";

  @Describe("Client HDD read calls in progress now.")
  public static final String HDD_INFLIGHT = "read.hdd.inflight";

  @Describe("read.hits / (read.hits + read.misses) since start; 0 before the first read.")
  public static final String HIT_RATIO = "read.hit.ratio";

  @Describe(
      "Share of client read bytes served from the SSD since start (cache / (cache +"
          + " hdd + fallback.hdd + uncached_pages.hdd)); 0 before the first read.")
  public static final String BYTES_CACHE_RATIO = "read.bytes.cache.ratio";

  /** Block reads (BlockSender opens) served from the cache. */
  final Counter hits;

  /**
   * Client block reads of finalized blocks that found no usable cached copy and went to the HDD.
   */
  final Counter misses;

  /** Data and meta bytes handed to BlockSender from the cache (verified). */
  final Counter bytesFromCache;

  /** Data and meta bytes handed to BlockSender from the HDD by a cached read that fell back. */
  final Counter bytesFallbackFromHdd;

  /** Data bytes a cached read took from the HDD because their pages were not cached. */
  final Counter bytesUncachedFromHdd;

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
   * (uncached, not finalized, or not pinnable); cached reads that fell back count in {@link
   * #bytesFallbackFromHdd} instead.
   */
  final Counter bytesFromHdd;

  /** Client block reads served by the HDD (data streams opened through the wrapper). */
  final Counter hddReads;

  /**
   * Microseconds per read call on a cached block's data stream (one call is about one packet, 64
   * KB; a call that fetches a page from the SSD shows in the upper percentiles).
   */
  final Histogram cacheReadMicros;

  /**
   * Microseconds per read or transferTo call on a client read's HDD data stream (one call is about
   * one packet; with transferTo it includes the socket send, as Hadoop's own timings do).
   */
  final Histogram hddReadMicros;

  /** Client HDD data streams open now: the HDD read queue as this DataNode sees it. */
  final AtomicInteger hddStreamsOpen = new AtomicInteger();

  /** Client HDD read calls in progress now (threads inside a read or transferTo). */
  final AtomicInteger hddReadsInFlight = new AtomicInteger();

  /** Block reads sent to the HDD, by reason. */
  final Map<HddReason, Counter> hddReasons = new EnumMap<>(HddReason.class);

  public ReadPathStats(MetricRegistry registry) {
    for (HddReason r : HddReason.values()) {
      hddReasons.put(r, registry.counter(HDD_CAUSE + r.name().toLowerCase(java.util.Locale.ROOT)));
    }
    hits = registry.counter(HITS);
    misses = registry.counter(MISSES);
    bytesFromCache = registry.counter(BYTES_CACHE);
    bytesFallbackFromHdd = registry.counter(BYTES_FALLBACK_HDD);
    bytesUncachedFromHdd = registry.counter(BYTES_UNCACHED_HDD);
    staleEntries = registry.counter(STALE_ENTRIES);
    readAheadPages = registry.counter(READAHEAD_PAGES);
    readAheadRefused = registry.counter(READAHEAD_REFUSED);
    bytesFromHdd = registry.counter(BYTES_HDD);
    hddReads = registry.counter(HDD_READS);
    cacheReadMicros = registry.histogram(LATENCY_CACHE, ReadPathStats::lockFree);
    hddReadMicros = registry.histogram(LATENCY_HDD, ReadPathStats::lockFree);
    registry.register(HDD_STREAMS_OPEN, (Gauge<Integer>) hddStreamsOpen::get);
    registry.register(HDD_INFLIGHT, (Gauge<Integer>) hddReadsInFlight::get);
    /* hits / (hits + misses) since start; 0 before the first read. */
    registry.register(
        HIT_RATIO,
        (Gauge<Double>) () -> ratio(hits.getCount(), hits.getCount() + misses.getCount()));
    /* bytes.cache / (bytes.cache + bytes.hdd + bytes.fallback.hdd) since start; 0 before. */
    registry.register(
        BYTES_CACHE_RATIO,
        (Gauge<Double>)
            () -> {
              long cache = bytesFromCache.getCount();
              return ratio(
                  cache,
                  cache
                      + bytesFromHdd.getCount()
                      + bytesFallbackFromHdd.getCount()
                      + bytesUncachedFromHdd.getCount());
            });
    for (CacheFailure f : CacheFailure.values()) {
      fallbacks.put(f, registry.counter(FALLBACK + f.name().toLowerCase()));
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
