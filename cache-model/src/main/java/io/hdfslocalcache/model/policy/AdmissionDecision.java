package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.Decision;

/**
 * What an {@link AdmissionPolicy} decided for one read, returned with it: whether a miss should
 * fill, and, for a tuned threshold, whether the read was admitted at its margin (a window count
 * just past the threshold: {@link MarginalPayback#marginal}). A value, not a field of the policy
 * read later: the DataNode's reader threads share one policy, and each carries its own decision to
 * the fill it asks for.
 */
public enum AdmissionDecision {
  /** Worth caching. */
  ADMIT,
  /** Worth caching, at the tuner's margin: the entry's hits and fills feed its payback. */
  ADMIT_AT_MARGIN,
  /** Not (yet) read often enough. */
  REJECT;

  /** True if a miss on the block should fill the cache. */
  public boolean admits() {
    return this != REJECT;
  }

  /** True if admitted at the margin: the entry it fills is flagged. */
  public boolean atMargin() {
    return this == ADMIT_AT_MARGIN;
  }

  /** A gate's plain answer. */
  public static AdmissionDecision of(Decision d) {
    return d == Decision.ADMIT ? ADMIT : REJECT;
  }
}
