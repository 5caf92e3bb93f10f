package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.ModelConfig;
import io.hdfslocalcache.model.policy.PolicySpec;
import java.util.Optional;

/**
 * One replay's parameters.
 *
 * @param policy admission policy
 * @param cacheSizeBytes SSD capacity for data + meta
 * @param fill whole blocks or touched pages
 * @param pageSizeBytes page size for {@link FillMode#PAGES}
 * @param disks HDDs sharing the load, for utilisation
 * @param guard the fill guard and SSD write budget
 * @param oracle a future-knowing research admission run instead of {@code policy}, if present
 */
public record RunConfig(
    PolicySpec policy,
    long cacheSizeBytes,
    FillMode fill,
    long pageSizeBytes,
    int disks,
    GuardSettings guard,
    Optional<OracleSpec> oracle) {
  public RunConfig {
    if (disks < 1) {
      throw new IllegalArgumentException("disks must be >= 1, got " + disks);
    }
    new ModelConfig(cacheSizeBytes, fill, pageSizeBytes, guard); // checks the rest
  }

  public RunConfig(
      PolicySpec policy,
      long cacheSizeBytes,
      FillMode fill,
      long pageSizeBytes,
      int disks,
      GuardSettings guard) {
    this(policy, cacheSizeBytes, fill, pageSizeBytes, disks, guard, Optional.empty());
  }

  /** The admission a report names: the oracle's, or the policy's. */
  public String policyName() {
    return oracle.map(OracleSpec::name).orElse(policy.name());
  }

  /** The modelled SSD: what the cache-model module's rules need besides the policy. */
  public ModelConfig model() {
    return new ModelConfig(cacheSizeBytes, fill, pageSizeBytes, guard);
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
