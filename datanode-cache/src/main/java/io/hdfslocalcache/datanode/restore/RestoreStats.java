package io.hdfslocalcache.datanode.restore;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/** Metrics of restart restore; each named and documented here once. */
public final class RestoreStats {
  /** Entries from before a restart validated and served again. */
  public static final String RESTORED = "store.restored";

  /** Entries from before a restart dropped by validation (all causes). */
  public static final String DROPPED = "store.restore.dropped";

  /**
   * Entries dropped by validation, by {@link RestoreDrop}: {@code store.restore.dropped.<cause>}.
   */
  public static final String DROPPED_BY_CAUSE = DROPPED + ".";

  /** Milliseconds spent validating restored entries against the dataset, all pools. */
  public static final String MILLIS = "store.restore.millis";

  final Counter restored;
  final Counter dropped;
  final Map<RestoreDrop, Counter> droppedBy = new EnumMap<>(RestoreDrop.class);
  final Counter millis;

  public RestoreStats(MetricRegistry registry) {
    restored = registry.counter(RESTORED);
    dropped = registry.counter(DROPPED);
    millis = registry.counter(MILLIS);
    for (RestoreDrop d : RestoreDrop.values()) {
      droppedBy.put(d, registry.counter(DROPPED_BY_CAUSE + d.name().toLowerCase(Locale.ROOT)));
    }
  }
}
