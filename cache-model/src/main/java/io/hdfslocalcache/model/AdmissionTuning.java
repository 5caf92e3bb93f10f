package io.hdfslocalcache.model;

import io.hdfslocalcache.config.ConfigNames;
import io.hdfslocalcache.model.policy.OutcomeLadder;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.model.policy.PolicyType;
import java.util.Optional;

/**
 * How the admission threshold moves: the one vocabulary of the DataNode's {@code
 * dfs.datanode.local-cache.admission.tuning} and of a shadow candidate's {@code tuning=}, so the
 * DataNode and shadow mode run the same policy for the same word. It moves to the fixed threshold
 * that saved the most disk time on the reads just seen ({@code outcome}, the default), tunes itself
 * to the SSD write budget ({@code auto}, {@code policy.ThresholdTuner}), or stays where it is
 * configured. {@link #DEFAULT} is the one default of the DataNode, of shadow mode's candidates and
 * of the simulator ({@link #defaultPolicy}). Each setting keeps its own error message: the
 * DataNode's names its key, a candidate's is framed by {@link CandidateSpec#parse}.
 */
public enum AdmissionTuning {
  /** The tuner moves the threshold from the configured one to fit the write budget. */
  AUTO("auto", PolicyType.TUNED),
  /** Admit at the configured threshold always. */
  FIXED("fixed", PolicyType.BUCKET_TIME),
  /**
   * Admit at the rung of a ladder around the configured threshold whose model of the cache saved
   * the most disk time, net of its fills, on the recent reads ({@code outcome}).
   */
  OUTCOME("outcome", PolicyType.OUTCOME);

  /**
   * The DataNode's default: admission by measured outcome measured better than {@code auto} against
   * the best fixed threshold on every summary figure (docs/research/outcome-admission.md).
   */
  public static final AdmissionTuning DEFAULT = OUTCOME;

  private final String configName;
  private final PolicyType policy;

  AdmissionTuning(String configName, PolicyType policy) {
    this.configName = configName;
    this.policy = policy;
  }

  public String configName() {
    return configName;
  }

  /** The cache model's admission policy this setting runs (on the DataNode and in shadow mode). */
  public PolicyType policy() {
    return policy;
  }

  /**
   * The policy a DataNode with every admission key at its default runs: the simulator's default
   * policy and the row a sweep adds beside the others.
   */
  public static PolicySpec defaultPolicy() {
    return PolicySpec.parse(DEFAULT.policy.configName());
  }

  /**
   * The setting a DataNode runs when its {@code admission.tuning} is not set: {@link #DEFAULT},
   * unless the configured {@code threshold} is above what outcome's ladder counts to ({@link
   * OutcomeLadder#maxConfigured}, 8190); then {@code auto}, the default before, so a DataNode
   * configured with such a threshold keeps starting and admitting as it did. Only an explicit
   * {@code outcome} with such a threshold is refused.
   */
  public static AdmissionTuning defaultFor(int threshold) {
    return threshold > OutcomeLadder.maxConfigured() ? AUTO : DEFAULT;
  }

  /** The setting that runs {@code policy} on a DataNode, or empty if the DataNode has none. */
  public static Optional<AdmissionTuning> running(PolicyType policy) {
    for (AdmissionTuning t : values()) {
      if (t.policy == policy) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }

  /** True if the policy is told the write budget (it tunes to it, or models it): not fixed. */
  public boolean followsBudget() {
    return this != FIXED;
  }

  /** The DataNode's {@code key} set to {@code value}, or an error naming the key and the value. */
  public static AdmissionTuning parse(String key, String value) {
    return ConfigNames.parse(key, value, values(), AdmissionTuning::configName);
  }

  /** A candidate's {@code tuning=} value; the error's candidate, key and value are the caller's. */
  static AdmissionTuning parseCandidate(String v) {
    return ConfigNames.parse(
        v, values(), AdmissionTuning::configName, names -> "use " + ConfigNames.either(names));
  }
}
