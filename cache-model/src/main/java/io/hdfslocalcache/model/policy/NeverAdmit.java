package io.hdfslocalcache.model.policy;

/** The no-cache baseline. */
final class NeverAdmit implements AdmissionPolicy {
  static NeverAdmit from(PolicyParams params) {
    return new NeverAdmit();
  }

  @Override
  public AdmissionDecision onRead(long key) {
    return AdmissionDecision.REJECT;
  }
}
