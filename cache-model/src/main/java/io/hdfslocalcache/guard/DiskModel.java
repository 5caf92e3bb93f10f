package io.hdfslocalcache.guard;

/**
 * HDD disk-head time as Baleen (FAST'24) estimates it: every IO costs one positioning (seek plus
 * rotation) and its bytes at the streaming rate. The fill guard weighs fills against hits in this
 * unit, and the simulator's HDD load uses the same instance, so the two can never disagree on what
 * an IO costs. Immutable.
 */
public final class DiskModel {
  /** 11.5 ms per random IO on a 7,200 rpm HDD (Baleen's figure). */
  public static final long DEFAULT_POSITIONING_MICROS = 11_500;

  /** 143 MB/s streaming (MB = 10^6 bytes; Baleen's figure). */
  public static final long DEFAULT_TRANSFER_BYTES_PER_SECOND = 143_000_000;

  /** The default model: 11.5 ms per IO plus 143 MB/s. */
  public static final DiskModel DEFAULT =
      new DiskModel(DEFAULT_POSITIONING_MICROS, DEFAULT_TRANSFER_BYTES_PER_SECOND);

  private final long positioningMicros;
  private final long transferBytesPerSecond;

  public DiskModel(long positioningMicros, long transferBytesPerSecond) {
    if (positioningMicros < 0) {
      throw new IllegalArgumentException(
          "positioning time must be >= 0 micros, got " + positioningMicros);
    }
    if (transferBytesPerSecond < 1) {
      throw new IllegalArgumentException(
          "transfer rate must be >= 1 byte/s, got " + transferBytesPerSecond);
    }
    this.positioningMicros = positioningMicros;
    this.transferBytesPerSecond = transferBytesPerSecond;
  }

  public long positioningMicros() {
    return positioningMicros;
  }

  public long transferBytesPerSecond() {
    return transferBytesPerSecond;
  }

  /** Disk-head seconds of {@code ios} IOs moving {@code bytes} in total. */
  public double seconds(long ios, long bytes) {
    return ios * (positioningMicros / 1e6) + bytes / (double) transferBytesPerSecond;
  }

  /** {@link #seconds} in whole microseconds, rounded to nearest (the guard's ledger unit). */
  public long micros(long ios, long bytes) {
    return Math.round(ios * (double) positioningMicros + bytes * 1e6 / transferBytesPerSecond);
  }

  /**
   * What a read of {@code readBytes} saved the HDD when it still served {@code hddBytes} in {@code
   * hddIos} IOs (0 and 0: a full hit), against 1 IO of {@code readBytes} without the cache; may be
   * below 0 (a partial read of many runs). The fill guard's ledger and the margin's payback count a
   * cached read's saving by this one rule.
   */
  public long savedMicros(long readBytes, long hddIos, long hddBytes) {
    return micros(1, readBytes) - micros(hddIos, hddBytes);
  }

  @Override
  public String toString() {
    return positioningMicros / 1000.0 + " ms per IO + " + transferBytesPerSecond / 1e6 + " MB/s";
  }
}
