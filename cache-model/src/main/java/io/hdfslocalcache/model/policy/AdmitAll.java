package io.hdfslocalcache.model.policy;

/** Plain LRU: every miss fills. The upper bound on hits, and the most SSD writes. */
final class AdmitAll implements AdmissionPolicy {
  static AdmitAll from(PolicyParams params) {
    return new AdmitAll();
  }

  @Override
  public AdmissionDecision onRead(long key) {
    return AdmissionDecision.ADMIT;
  }
}
