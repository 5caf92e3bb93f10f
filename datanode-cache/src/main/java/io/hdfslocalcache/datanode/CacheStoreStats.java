package io.hdfslocalcache.datanode;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Metrics of what the cache holds; each named and documented here once. */
final class CacheStoreStats {
  static final String PREFIX = "store.";

  /** Entries removed other than by LRU, by cause. */
  final Map<InvalidationCause, Counter> invalidations = new EnumMap<>(InvalidationCause.class);
  /** Whole blocks evicted, least recently read first, to make room for a fill. */
  final Counter evictions;

  /** Entries from before a restart validated and served again. */
  final Counter restored;
  /** Entries from before a restart dropped by validation. */
  final Counter restoreDropped;
  /** Milliseconds spent validating restored entries against the dataset, all pools. */
  final Counter restoreMillis;

  /** {@code configured}: how many directories {@code dirs} lists, opened or not. */
  CacheStoreStats(MetricRegistry registry, BlockMap map, List<CacheDirectory> dirs,
      int configured) {
    restored = registry.counter(PREFIX + "restored");
    evictions = registry.counter(PREFIX + "evictions");
    restoreDropped = registry.counter(PREFIX + "restore.dropped");
    restoreMillis = registry.counter(PREFIX + "restore.millis");
    for (InvalidationCause c : InvalidationCause.values()) {
      invalidations.put(c, registry.counter(PREFIX + "invalidations." + c.name().toLowerCase()));
    }
    /* Published blocks (servable). */
    registry.register(PREFIX + "blocks", (Gauge<Integer>) () -> map.entries().size());
    for (CacheDirectory d : dirs) {
      String p = PREFIX + "dir" + d.index() + ".";
      /* Bytes of pages on the directory, as the page store counts them. */
      registry.register(p + "used", (Gauge<Long>) () -> d.store().usedBytes());
      /* Milliseconds to open the directory at start-up, page restore included. */
      registry.register(p + "open.millis", (Gauge<Long>) () -> d.openMillis());
      /* Bytes the directory may hold: the configured capacity less Alluxio's 5% overhead. */
      registry.register(p + "capacity", (Gauge<Long>) () -> d.budget().capacity());
      /* Bytes of the blocks on the directory or being filled into it (its space budget). */
      registry.register(p + "reserved", (Gauge<Long>) () -> d.budget().reserved());
      /* 1 while its file system is below dir.reserved.percent free: no fills, early eviction. */
      registry.register(p + "fs.low", (Gauge<Integer>) () -> d.budget().fileSystemLow() ? 1 : 0);
      /* 1 while the directory serves and fills, 0 once taken out of service. */
      registry.register(p + "in.service", (Gauge<Integer>) () -> d.health().inService() ? 1 : 0);
    }
    for (int i = 0; i < configured; i++) {
      int n = i;
      if (dirs.stream().noneMatch(d -> d.index() == n)) {
        /* A configured directory that could not be opened at start-up: 0, like one taken out. */
        registry.register(PREFIX + "dir" + i + ".in.service", (Gauge<Integer>) () -> 0);
      }
    }
  }
}
