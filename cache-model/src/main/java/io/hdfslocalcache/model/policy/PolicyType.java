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
  NEVER("never", "", NeverAdmit::from),
  ADMIT_ALL("admit-all", "", AdmitAll::from),
  BUCKET_TIME("bucket-time", "threshold=15,buckets=60,bucket=1m", BucketTimeAdmission::from),
  TUNED("tuned", "threshold=15,buckets=60,bucket=1m", TunedAdmission::from),
  REJECT_X("reject-x", "x=1,history=1000000", RejectX::from),
  FREQUENCY(
      "frequency",
      "threshold=15,floorDiv=1,roomDiv=4,roomLevel=50,victim=1,sample=10",
      FrequencyAdmission::from),
  OUTCOME("outcome", "threshold=15,buckets=60,bucket=1m,room=1,roomPay=75", OutcomeAdmission::from),
  SCHEDULE("schedule", "threshold=15,then=31,after=1h", ScheduledThreshold::from);

  private final String configName;
  private final String example; // the usual keys, for help: the registry is the one list
  private final Function<PolicyParams, AdmissionPolicy> constructor;

  PolicyType(
      String configName, String example, Function<PolicyParams, AdmissionPolicy> constructor) {
    this.configName = configName;
    this.example = example;
    this.constructor = constructor;
  }

  public String configName() {
    return configName;
  }

  /** How to write this policy's spec, for a command's help: {@code name[:key=value,...]}. */
  public String usage() {
    return example.isEmpty() ? configName : configName + "[:" + example + "]";
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
