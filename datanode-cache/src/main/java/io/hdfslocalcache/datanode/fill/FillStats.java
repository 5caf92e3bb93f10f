package io.hdfslocalcache.datanode.fill;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.metrics.Describe;
import io.hdfslocalcache.datanode.store.CacheFailure;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntSupplier;

/** Metrics of the fill pipeline; each named and documented here once. */
public final class FillStats {
  @Describe("Fills queued after an admit, since start.")
  public static final String QUEUED = "fill.queued";

  @Describe("Fills not queued because the queue was full (the block stays uncached for now).")
  public static final String REJECTED = "fill.rejected";

  @Describe("Fills finished, by outcome")
  public static final String OUTCOME = "fill.";

  @Describe("Bytes written to the SSD by fills, since start.")
  public static final String BYTES_WRITTEN = "fill.bytes.written";

  @Describe("Failed fills whose cause was the SSD, by cause")
  public static final String FAILED_BY_STORE = "fill.failed.";

  @Describe("Failed fills whose cause was reading the HDD replica.")
  public static final String FAILED_HDD = "fill.failed.hdd";

  @Describe("Failed fills with an unexpected error (each logged at WARN with its stack trace).")
  public static final String FAILED_OTHER = "fill.failed.other";

  @Describe("HDD replicas failing their own checksums handed to the block scanner as suspect.")
  public static final String HDD_CORRUPT_REPORTED = "fill.hdd_corrupt.reported";

  @Describe(
      "HDD replicas failing their own checksums not reported: the block scanner is off (stock"
          + " HDFS would not learn of them either).")
  public static final String HDD_CORRUPT_SCANNER_OFF = "fill.hdd_corrupt.scanner_off";

  @Describe("Fills not done for want of room, by cause")
  public static final String NO_ROOM_BY_CAUSE = "fill.no_room.";

  @Describe("Data pages written to the SSD by fills, since start.")
  public static final String PAGES_WRITTEN = "fill.pages.written";

  @Describe("Fills waiting in the queue now.")
  public static final String QUEUE_DEPTH = "fill.queue.depth";

  @Describe("Fills running now.")
  public static final String ACTIVE = "fill.active";

  final Counter queued;
  final Counter rejected;
  final Map<FillOutcome, Counter> outcomes = new EnumMap<>(FillOutcome.class);
  final Counter bytesWritten;
  final Map<CacheFailure, Counter> storeFailures = new EnumMap<>(CacheFailure.class);
  final Counter hddFailures;
  final Counter otherFailures;
  final Counter hddCorruptReported;
  final Counter hddCorruptScannerOff;
  final Map<Room, Counter> noRoom = new EnumMap<>(Room.class);
  final Counter pagesWritten;

  public FillStats(MetricRegistry registry) {
    queued = registry.counter(QUEUED);
    rejected = registry.counter(REJECTED);
    bytesWritten = registry.counter(BYTES_WRITTEN);
    hddFailures = registry.counter(FAILED_HDD);
    otherFailures = registry.counter(FAILED_OTHER);
    hddCorruptReported = registry.counter(HDD_CORRUPT_REPORTED);
    hddCorruptScannerOff = registry.counter(HDD_CORRUPT_SCANNER_OFF);
    for (CacheFailure f : CacheFailure.values()) {
      storeFailures.put(f, registry.counter(FAILED_BY_STORE + f.name().toLowerCase(Locale.ROOT)));
    }
    pagesWritten = registry.counter(PAGES_WRITTEN);
    for (Room r : Room.values()) {
      if (r != Room.RESERVED) {
        noRoom.put(r, registry.counter(NO_ROOM_BY_CAUSE + r.name().toLowerCase(Locale.ROOT)));
      }
    }
    for (FillOutcome o : FillOutcome.values()) {
      outcomes.put(o, registry.counter(OUTCOME + o.name().toLowerCase(Locale.ROOT)));
    }
  }

  /** Exports the scheduler's queue depth and running fills. */
  void register(MetricRegistry registry, IntSupplier queueDepth, IntSupplier active) {
    registry.register(QUEUE_DEPTH, (Gauge<Integer>) queueDepth::getAsInt);
    registry.register(ACTIVE, (Gauge<Integer>) active::getAsInt);
  }
}
