package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.Decision;

/** The no-cache baseline. */
final class NeverAdmit implements AdmissionPolicy {
  static NeverAdmit from(PolicyParams params) {
    return new NeverAdmit();
  }

  @Override
  public Decision onRead(long key) {
    return Decision.REJECT;
  }
}
