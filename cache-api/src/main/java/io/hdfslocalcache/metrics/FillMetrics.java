package io.hdfslocalcache.metrics;

/**
 * Names of the fill pipeline's metrics; families end in {@code .}, one member per outcome or cause.
 * Each name is a constant here with its one description ({@link Describe}); datanode-cache counts
 * under it, the status command and tests read it.
 */
public final class FillMetrics {
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

  @Describe("Fills not done for want of room, by cause")
  public static final String NO_ROOM_BY_CAUSE = "fill.no_room.";

  @Describe("Data pages written to the SSD by fills, since start.")
  public static final String PAGES_WRITTEN = "fill.pages.written";

  @Describe(
      "Fills not queued because the HDD replica is a version an earlier fill found failing its own"
          + " checksums (logged once, then); counted until the replica changes.")
  public static final String SKIPPED_HDD_CORRUPT_KNOWN = "fill.skipped.hdd_corrupt_known";

  @Describe("Fills waiting in the queue now.")
  public static final String QUEUE_DEPTH = "fill.queue.depth";

  @Describe("Fills running now.")
  public static final String ACTIVE = "fill.active";

  private FillMetrics() {}
}
