package io.hdfslocalcache.datanode;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import java.util.EnumMap;
import java.util.Map;

/**
 * Metrics of the read path, registered on an injected registry (one per DataNode). Every metric is
 * named and documented here once; docs/monitoring.md lists them for operators.
 */
final class ReadPathStats {
  static final String PREFIX = "read.";

  /** Block reads (BlockSender opens) served from the cache. */
  final Counter hits;
  /** Client block reads that found no usable cached copy and went to the HDD. */
  final Counter misses;
  /** Data and meta bytes handed to BlockSender from the cache (verified). */
  final Counter bytesFromCache;
  /** Data and meta bytes handed to BlockSender from the HDD by a cached read that fell back. */
  final Counter bytesFallbackFromHdd;
  /** Reads that switched to the HDD mid-stream, by cause. */
  final Map<CacheFailure, Counter> fallbacks = new EnumMap<>(CacheFailure.class);
  /** Cached entries dropped on open because the live replica changed (GS, length, state). */
  final Counter staleEntries;

  ReadPathStats(MetricRegistry registry) {
    hits = registry.counter(PREFIX + "hits");
    misses = registry.counter(PREFIX + "misses");
    bytesFromCache = registry.counter(PREFIX + "bytes.cache");
    bytesFallbackFromHdd = registry.counter(PREFIX + "bytes.fallback.hdd");
    staleEntries = registry.counter(PREFIX + "stale.entries");
    for (CacheFailure f : CacheFailure.values()) {
      fallbacks.put(f, registry.counter(PREFIX + "fallback." + f.name().toLowerCase()));
    }
  }
}
