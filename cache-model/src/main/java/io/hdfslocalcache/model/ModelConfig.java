package io.hdfslocalcache.model;

import io.hdfslocalcache.config.FillMode;

/**
 * The modelled SSD of one model: its capacity, fill mode and page size, and its fill guard. The
 * admission policy is given beside it (the simulator runs several kinds; a DataNode only its own).
 * Immutable, validated at construction.
 */
public final class ModelConfig {
  private final long capacityBytes;
  private final FillMode fill;
  private final long pageSizeBytes;
  private final GuardSettings guard;

  /**
   * @param capacityBytes SSD capacity for data + meta
   * @param fill whole blocks or touched pages
   * @param pageSizeBytes page size for {@link FillMode#PAGES}, a multiple of 512
   * @param guard the fill guard and SSD write budget
   */
  public ModelConfig(long capacityBytes, FillMode fill, long pageSizeBytes, GuardSettings guard) {
    if (capacityBytes < 0) {
      throw new IllegalArgumentException("cache size must be >= 0, got " + capacityBytes);
    }
    MetaFile.checkPageSize(pageSizeBytes);
    if (fill == null) {
      throw new IllegalArgumentException("fill mode required");
    }
    if (guard == null) {
      throw new IllegalArgumentException("guard settings required");
    }
    this.capacityBytes = capacityBytes;
    this.fill = fill;
    this.pageSizeBytes = pageSizeBytes;
    this.guard = guard;
  }

  public long capacityBytes() {
    return capacityBytes;
  }

  public FillMode fill() {
    return fill;
  }

  public long pageSizeBytes() {
    return pageSizeBytes;
  }

  public GuardSettings guard() {
    return guard;
  }
}
