package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.config.ConfigNames;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Function;

/**
 * The registry of admission policies (after Caffeine's simulator): a config name and a constructor.
 * Adding a policy is one class and one line here.
 */
public enum PolicyType {
  NEVER("never", NeverAdmit::from),
  ADMIT_ALL("admit-all", AdmitAll::from),
  BUCKET_TIME("bucket-time", BucketTimeAdmission::from),
  TUNED("tuned", TunedAdmission::from),
  REJECT_X("reject-x", RejectX::from),
  FREQUENCY("frequency", FrequencyAdmission::from),
  OUTCOME("outcome", OutcomeAdmission::from),
  SCHEDULE("schedule", ScheduledThreshold::from);

  private final String configName;
  private final Function<PolicyParams, AdmissionPolicy> constructor;

  PolicyType(String configName, Function<PolicyParams, AdmissionPolicy> constructor) {
    this.configName = configName;
    this.constructor = constructor;
  }

  public String configName() {
    return configName;
  }

  AdmissionPolicy create(PolicyParams params) {
    return constructor.apply(params);
  }

  /** Parameters left out of a spec's printed name unless given (implementation limits). */
  Set<String> hiddenParams() {
    if (this == TUNED) {
      return new HashSet<>(Arrays.asList("maxKeys", "payback", "room"));
    }
    return this == BUCKET_TIME || this == FREQUENCY || this == OUTCOME || this == SCHEDULE
        ? Collections.singleton("maxKeys")
        : Collections.<String>emptySet();
  }

  static PolicyType byName(String name) {
    return ConfigNames.parse(
        name,
        values(),
        PolicyType::configName,
        names -> "unknown policy '" + name + "' (known: " + String.join(", ", names) + ")");
  }
}
