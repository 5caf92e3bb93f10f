package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.Decision;

/** Plain LRU: every miss fills. The upper bound on hits, and the most SSD writes. */
final class AdmitAll implements AdmissionPolicy {
  static AdmitAll from(PolicyParams params) {
    return new AdmitAll();
  }

  @Override
  public Decision onRead(long key) {
    return Decision.ADMIT;
  }
}
