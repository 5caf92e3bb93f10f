package io.hdfslocalcache.guard;

/**
 * Immutable, validated parameters of one {@link FillGuard} (one per cache directory). Defaults and
 * their reasons are in docs/tuning.md, "Fill guard and SSD write budget".
 */
public final class GuardConfig {
  // A final class, not a record: the DataNode side is compiled for Java 8.

  /** One hour: the admission window's length, so fills are judged over the horizon they were. */
  public static final long DEFAULT_WINDOW_MILLIS = 3_600_000L;

  /** Five-minute buckets: the window slides in 12 steps, and a cost pause lasts at least one. */
  public static final int DEFAULT_BUCKET_COUNT = 12;

  /** Fills may run ahead of their savings by 5% of one HDD's time over the window (3 min/h). */
  public static final double DEFAULT_ALLOWANCE_FRACTION = 0.05;

  /** Half of a read-intensive datacenter SSD's 1 DWPD rating, over the directory's capacity. */
  public static final double DEFAULT_MAX_DRIVE_WRITES_PER_DAY = 0.5;

  private final boolean enabled;
  private final long windowMillis;
  private final int bucketCount;
  private final double allowanceFraction;
  private final DiskModel disk;
  private final double maxDriveWritesPerDay;
  private final long capacityBytes;

  private GuardConfig(Builder b) {
    if (b.bucketCount < 1 || b.bucketCount > 10_000) {
      throw new IllegalArgumentException(
          "guard bucket count must be in [1, 10000], got " + b.bucketCount);
    }
    if (b.windowMillis < b.bucketCount) {
      throw new IllegalArgumentException(
          "guard window must be at least 1 ms per bucket: "
              + b.windowMillis
              + " ms for "
              + b.bucketCount
              + " buckets");
    }
    if (!(b.allowanceFraction >= 0 && b.allowanceFraction <= 100)) {
      throw new IllegalArgumentException(
          "guard allowance must be in [0, 100] disk-time per window time, got "
              + b.allowanceFraction);
    }
    if (!(b.maxDriveWritesPerDay >= 0 && b.maxDriveWritesPerDay <= 1_000_000)) {
      throw new IllegalArgumentException(
          "max drive writes per day must be in [0, 1000000] (0 = no budget), got "
              + b.maxDriveWritesPerDay);
    }
    if (b.capacityBytes < 0 || (b.maxDriveWritesPerDay > 0 && b.capacityBytes == 0)) {
      throw new IllegalArgumentException(
          "a write budget needs the directory's capacity in bytes (> 0), got " + b.capacityBytes);
    }
    this.enabled = b.enabled;
    this.windowMillis = b.windowMillis;
    this.bucketCount = b.bucketCount;
    this.allowanceFraction = b.allowanceFraction;
    this.disk = new DiskModel(b.positioningMicros, b.transferBytesPerSecond);
    this.maxDriveWritesPerDay = b.maxDriveWritesPerDay;
    this.capacityBytes = b.capacityBytes;
  }

  /** A guard that allows every fill (it still keeps the ledger, for metrics). */
  public static GuardConfig disabled() {
    return builder().enabled(false).maxDriveWritesPerDay(0).build();
  }

  /** Defaults: enabled, 1 h window in 12 buckets, 5% allowance, Baleen's disk, no write budget. */
  public static Builder builder() {
    return new Builder();
  }

  public boolean enabled() {
    return enabled;
  }

  public long windowMillis() {
    return windowMillis;
  }

  public int bucketCount() {
    return bucketCount;
  }

  /** windowMillis / bucketCount, rounded down: the step the window slides by. */
  public long bucketMillis() {
    return windowMillis / bucketCount;
  }

  public double allowanceFraction() {
    return allowanceFraction;
  }

  /** Disk-time fills may cost beyond their savings over one window: fraction x window. */
  public long allowanceMicros() {
    return Math.round(allowanceFraction * bucketMillis() * bucketCount * 1000.0);
  }

  public DiskModel disk() {
    return disk;
  }

  /** 0 means no write budget. */
  public double maxDriveWritesPerDay() {
    return maxDriveWritesPerDay;
  }

  public long capacityBytes() {
    return capacityBytes;
  }

  /** True when the guard enforces an SSD write budget. */
  public boolean hasWriteBudget() {
    return enabled && maxDriveWritesPerDay > 0;
  }

  @Override
  public String toString() {
    return "GuardConfig[enabled="
        + enabled
        + ", window="
        + windowMillis
        + " ms in "
        + bucketCount
        + " buckets, allowance="
        + allowanceFraction
        + ", disk="
        + disk
        + ", maxDriveWritesPerDay="
        + maxDriveWritesPerDay
        + ", capacityBytes="
        + capacityBytes
        + "]";
  }

  /** Collects the parameters; {@link #build()} validates them all at once. */
  public static final class Builder {
    private boolean enabled = true;
    private long windowMillis = DEFAULT_WINDOW_MILLIS;
    private int bucketCount = DEFAULT_BUCKET_COUNT;
    private double allowanceFraction = DEFAULT_ALLOWANCE_FRACTION;
    private long positioningMicros = DiskModel.DEFAULT_POSITIONING_MICROS;
    private long transferBytesPerSecond = DiskModel.DEFAULT_TRANSFER_BYTES_PER_SECOND;
    private double maxDriveWritesPerDay;
    private long capacityBytes;

    private Builder() {}

    public Builder enabled(boolean v) {
      enabled = v;
      return this;
    }

    public Builder windowMillis(long v) {
      windowMillis = v;
      return this;
    }

    public Builder bucketCount(int v) {
      bucketCount = v;
      return this;
    }

    /** Disk-time the fills may run ahead of their savings, as a fraction of the window. */
    public Builder allowanceFraction(double v) {
      allowanceFraction = v;
      return this;
    }

    public Builder positioningMicros(long v) {
      positioningMicros = v;
      return this;
    }

    public Builder transferBytesPerSecond(long v) {
      transferBytesPerSecond = v;
      return this;
    }

    public Builder disk(DiskModel v) {
      positioningMicros = v.positioningMicros();
      transferBytesPerSecond = v.transferBytesPerSecond();
      return this;
    }

    /** SSD endurance budget: this many times the capacity per day; 0 = none (the default). */
    public Builder maxDriveWritesPerDay(double v) {
      maxDriveWritesPerDay = v;
      return this;
    }

    /** The cache directory's capacity: the write budget's unit and its burst. */
    public Builder capacityBytes(long v) {
      capacityBytes = v;
      return this;
    }

    public GuardConfig build() {
      return new GuardConfig(this);
    }
  }
}
