package io.hdfslocalcache.datanode.restore;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.metrics.Describe;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/** Metrics of restart restore; each named and documented here once. */
public final class RestoreStats {
  @Describe("Cached blocks from before a restart validated and served again.")
  public static final String RESTORED = "store.restored";

  @Describe("Cached blocks from before a restart dropped by validation, all causes.")
  public static final String DROPPED = "store.restore.dropped";

  @Describe("Cached blocks from before a restart dropped by validation, by cause")
  public static final String DROPPED_BY_CAUSE = DROPPED + ".";

  @Describe("Microseconds spent validating cached blocks from before a restart, all block pools.")
  public static final String MICROS = "store.restore.micros";

  final Counter restored;
  final Counter dropped;
  final Map<RestoreDrop, Counter> droppedBy = new EnumMap<>(RestoreDrop.class);
  final Counter micros;

  public RestoreStats(MetricRegistry registry) {
    restored = registry.counter(RESTORED);
    dropped = registry.counter(DROPPED);
    micros = registry.counter(MICROS);
    for (RestoreDrop d : RestoreDrop.values()) {
      droppedBy.put(d, registry.counter(DROPPED_BY_CAUSE + d.name().toLowerCase(Locale.ROOT)));
    }
  }
}
