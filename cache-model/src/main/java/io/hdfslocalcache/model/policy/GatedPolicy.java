package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.RateLimitStats;

/**
 * A policy that decides over another policy's read counts (its gate: the window limiter that counts
 * every read once), so the gate's memory is the policy's: its keys, its limiter figures and its
 * expiry are the gate's.
 */
interface GatedPolicy extends AdmissionPolicy {
  /** The policy whose read counts this one decides over. */
  AdmissionPolicy gate();

  @Override
  default long trackedKeys() {
    return gate().trackedKeys();
  }

  @Override
  default RateLimitStats limiterStats() {
    return gate().limiterStats();
  }

  @Override
  default void expire() {
    gate().expire();
  }
}
