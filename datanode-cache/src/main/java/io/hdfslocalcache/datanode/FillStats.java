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

  FillStats(MetricRegistry registry) {
    queued = registry.counter(PREFIX + "queued");
    rejected = registry.counter(PREFIX + "rejected");
    skippedNoSpace = registry.counter(PREFIX + "skipped.no.space");
    bytesWritten = registry.counter(PREFIX + "bytes.written");
    for (FillOutcome o : FillOutcome.values()) {
      outcomes.put(o, registry.counter(PREFIX + o.name().toLowerCase()));
    }
  }
}
