package io.hdfslocalcache.datanode.fill;

import java.util.Locale;

/**
 * {@code dfs.datanode.local-cache.admission.tuning}: whether the admission threshold tunes itself
 * to the SSD write budget ({@code io.hdfslocalcache.model.policy.ThresholdTuner}) or stays where it
 * is configured.
 */
public enum AdmissionTuning {
  /** The tuner moves the threshold from the configured one to fit the write budget. */
  AUTO("auto"),
  /** Admit at the configured threshold always. */
  FIXED("fixed");

  public static final String DEFAULT = "auto";

  private final String configName;

  AdmissionTuning(String configName) {
    this.configName = configName;
  }

  public String configName() {
    return configName;
  }

  /** The value of {@code key}, or an error naming the key and the value. */
  public static AdmissionTuning parse(String key, String value) {
    for (AdmissionTuning t : values()) {
      if (t.configName.equals(value.trim().toLowerCase(Locale.ROOT))) {
        return t;
      }
    }
    throw new IllegalArgumentException(key + " must be auto or fixed, got '" + value + "'");
  }
}
