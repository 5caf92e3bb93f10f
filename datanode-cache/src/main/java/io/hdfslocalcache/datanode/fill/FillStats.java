package io.hdfslocalcache.datanode.fill;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.FillOutcome;
import io.hdfslocalcache.metrics.MetricFamily;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.IntSupplier;

/** Metrics of the fill pipeline; named, each with its description, in {@link FillMetrics}. */
public final class FillStats {
  final Counter queued;
  final Counter rejected;
  final Map<FillOutcome, Counter> outcomes = new EnumMap<>(FillOutcome.class);
  final Counter bytesWritten;
  final Map<CacheFailure, Counter> storeFailures = new EnumMap<>(CacheFailure.class);
  final Counter hddFailures;
  final Counter otherFailures;
  final Map<Room, Counter> noRoom = new EnumMap<>(Room.class);
  final Counter pagesWritten;
  final Counter knownCorrupt;

  public FillStats(MetricRegistry registry) {
    queued = registry.counter(FillMetrics.QUEUED);
    rejected = registry.counter(FillMetrics.REJECTED);
    bytesWritten = registry.counter(FillMetrics.BYTES_WRITTEN);
    hddFailures = registry.counter(FillMetrics.FAILED_HDD);
    otherFailures = registry.counter(FillMetrics.FAILED_OTHER);
    for (CacheFailure f : CacheFailure.values()) {
      storeFailures.put(f, registry.counter(MetricFamily.member(FillMetrics.FAILED_BY_STORE, f)));
    }
    pagesWritten = registry.counter(FillMetrics.PAGES_WRITTEN);
    knownCorrupt = registry.counter(FillMetrics.SKIPPED_HDD_CORRUPT_KNOWN);
    for (Room r : Room.values()) {
      if (r != Room.RESERVED) {
        noRoom.put(r, registry.counter(MetricFamily.member(FillMetrics.NO_ROOM_BY_CAUSE, r)));
      }
    }
    for (FillOutcome o : FillOutcome.values()) {
      outcomes.put(o, registry.counter(MetricFamily.member(FillMetrics.OUTCOME, o)));
    }
  }

  /** Exports the scheduler's queue depth and running fills. */
  void register(MetricRegistry registry, IntSupplier queueDepth, IntSupplier active) {
    registry.register(FillMetrics.QUEUE_DEPTH, (Gauge<Integer>) queueDepth::getAsInt);
    registry.register(FillMetrics.ACTIVE, (Gauge<Integer>) active::getAsInt);
  }
}
