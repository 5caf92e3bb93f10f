package io.hdfslocalcache.bench;

import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.CacheRoom;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.model.policy.PolicyType;
import io.hdfslocalcache.model.policy.ThresholdTuner;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;

/**
 * A DataNode's admission policy as the benches run it alone: bound to a cache of {@code capacity}
 * bytes whose write budget (half a capacity a day) stays full and is never asked for, the cache
 * full (no room rule).
 */
final class BoundPolicy {
  private BoundPolicy() {}

  static AdmissionPolicy of(PolicyType type, int threshold, long capacity, CacheClock clock) {
    return bound(
        PolicySpec.dataNode(RateLimitConfig.defaults().withThreshold(threshold), type).create(),
        capacity,
        clock);
  }

  /** The policy of {@code spec} (e.g. {@code outcome:threshold=1,split=2}), bound likewise. */
  static AdmissionPolicy of(String spec, long capacity, CacheClock clock) {
    return bound(PolicySpec.parse(spec).create(), capacity, clock);
  }

  private static AdmissionPolicy bound(AdmissionPolicy p, long capacity, CacheClock clock) {
    p.bind(
        0.5 * capacity,
        capacity,
        new ThresholdTuner.Budget() {
          @Override
          public long availableBytes() {
            return capacity;
          }

          @Override
          public long bytesAsked() {
            return 0;
          }
        },
        clock,
        (from, to, demand, target) -> {});
    p.watch(CacheRoom.NEVER);
    return p;
  }
}
