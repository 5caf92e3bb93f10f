package io.hdfslocalcache.model;

import io.hdfslocalcache.model.policy.PolicyType;
import java.util.Locale;

/** {@code tuning=}: the admission policy a candidate runs, as the DataNode's setting names it. */
public enum CandidateTuning {
  AUTO("auto", PolicyType.TUNED),
  FIXED("fixed", PolicyType.BUCKET_TIME),
  OUTCOME("outcome", PolicyType.OUTCOME);

  private final String configName;
  private final PolicyType policy;

  CandidateTuning(String configName, PolicyType policy) {
    this.configName = configName;
    this.policy = policy;
  }

  public String configName() {
    return configName;
  }

  /** The cache model's policy this setting runs. */
  public PolicyType policy() {
    return policy;
  }

  static CandidateTuning parse(String v) {
    for (CandidateTuning t : values()) {
      if (t.configName.equals(v.toLowerCase(Locale.ROOT))) {
        return t;
      }
    }
    throw new IllegalArgumentException("use auto, fixed or outcome");
  }
}
