package io.hdfslocalcache.datanode;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import java.util.EnumMap;
import java.util.Map;

/** Metrics of the fill pipeline; each named and documented here once. */
final class FillStats {
  static final String PREFIX = "fill.";

  /** Fills queued after an ADMIT. */
  final Counter queued;
  /** Fills not queued because the queue was full (the block stays uncached for now). */
  final Counter rejected;
  /** Fills finished, by outcome. */
  final Map<FillOutcome, Counter> outcomes = new EnumMap<>(FillOutcome.class);
  /** Admitted blocks not filled because the directory's file system was below its reserve. */
  final Counter skippedNoSpace;
  /** Data + meta bytes written to the SSD by completed and partial fills. */
  final Counter bytesWritten;
  /** Failed fills whose cause was the SSD, by cause (the breakdown of {@code fill.failed}). */
  final Map<CacheFailure, Counter> storeFailures = new EnumMap<>(CacheFailure.class);
  /** Failed fills whose cause was reading the HDD replica. */
  final Counter hddFailures;
  /** Failed fills with an unexpected error (logged with its stack trace). */
  final Counter otherFailures;

  FillStats(MetricRegistry registry) {
    queued = registry.counter(PREFIX + "queued");
    rejected = registry.counter(PREFIX + "rejected");
    skippedNoSpace = registry.counter(PREFIX + "skipped.no.space");
    bytesWritten = registry.counter(PREFIX + "bytes.written");
    hddFailures = registry.counter(PREFIX + "failed.hdd");
    otherFailures = registry.counter(PREFIX + "failed.other");
    for (CacheFailure f : CacheFailure.values()) {
      storeFailures.put(f, registry.counter(PREFIX + "failed." + f.name().toLowerCase()));
    }
    for (FillOutcome o : FillOutcome.values()) {
      outcomes.put(o, registry.counter(PREFIX + o.name().toLowerCase()));
    }
  }
}
