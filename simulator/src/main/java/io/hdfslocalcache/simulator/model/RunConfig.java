package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.simulator.policy.PolicySpec;

/**
 * One replay's parameters.
 *
 * @param policy admission policy
 * @param cacheSizeBytes SSD capacity for data + meta
 * @param fill whole blocks or touched pages
 * @param pageSizeBytes page size for {@link FillMode#PAGES}
 * @param disks HDDs sharing the load, for utilisation
 * @param guard the fill guard and SSD write budget
 */
public record RunConfig(
    PolicySpec policy,
    long cacheSizeBytes,
    FillMode fill,
    long pageSizeBytes,
    int disks,
    GuardSettings guard) {
  public RunConfig {
    if (cacheSizeBytes < 0) {
      throw new IllegalArgumentException("cache size must be >= 0, got " + cacheSizeBytes);
    }
    if (disks < 1) {
      throw new IllegalArgumentException("disks must be >= 1, got " + disks);
    }
    if (pageSizeBytes <= 0 || pageSizeBytes % MetaFile.CHUNK != 0) {
      throw new IllegalArgumentException(
          "page size must be a positive multiple of 512 bytes, got " + pageSizeBytes);
    }
    if (guard == null) {
      throw new IllegalArgumentException("guard settings required");
    }
  }

  /** Without the guard. */
  public RunConfig(
      PolicySpec policy, long cacheSizeBytes, FillMode fill, long pageSizeBytes, int disks) {
    this(
        policy,
        cacheSizeBytes,
        fill,
        pageSizeBytes,
        disks,
        GuardSettings.defaults().withEnabled(false));
  }
}
