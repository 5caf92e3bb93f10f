package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.model.CandidateTuning;
import io.hdfslocalcache.model.policy.PolicyType;
import java.util.Locale;

/**
 * {@code dfs.datanode.local-cache.admission.tuning}: whether the admission threshold tunes itself
 * to the SSD write budget ({@code io.hdfslocalcache.model.policy.ThresholdTuner}), moves to the
 * fixed threshold that saved the most disk time on the reads just seen ({@code outcome}, opt-in),
 * or stays where it is configured. Each value is a shadow candidate's {@code tuning=} of the same
 * name ({@link CandidateTuning}), so the DataNode and shadow mode run the same policy.
 */
public enum AdmissionTuning {
  /** The tuner moves the threshold from the configured one to fit the write budget. */
  AUTO(CandidateTuning.AUTO),
  /** Admit at the configured threshold always. */
  FIXED(CandidateTuning.FIXED),
  /**
   * Admit at the rung of a ladder around the configured threshold whose model of the cache saved
   * the most disk time, net of its fills, on the recent reads ({@code outcome}).
   */
  OUTCOME(CandidateTuning.OUTCOME);

  public static final String DEFAULT = "auto";

  private final CandidateTuning model;

  AdmissionTuning(CandidateTuning model) {
    this.model = model;
  }

  public String configName() {
    return model.configName();
  }

  /** The same setting as a shadow candidate's {@code tuning=}. */
  public CandidateTuning model() {
    return model;
  }

  /** The cache model's admission policy this setting runs (on the DataNode and in shadow mode). */
  public PolicyType policy() {
    return model.policy();
  }

  /** True if the policy is told the write budget (it tunes to it, or models it): not fixed. */
  public boolean followsBudget() {
    return this != FIXED;
  }

  /** The value of {@code key}, or an error naming the key and the value. */
  public static AdmissionTuning parse(String key, String value) {
    for (AdmissionTuning t : values()) {
      if (t.configName().equals(value.trim().toLowerCase(Locale.ROOT))) {
        return t;
      }
    }
    throw new IllegalArgumentException(
        key + " must be auto, fixed or outcome, got '" + value + "'");
  }
}
