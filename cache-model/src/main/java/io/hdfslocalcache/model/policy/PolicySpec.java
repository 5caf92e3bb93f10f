package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.config.DurationValue;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A validated policy configuration, {@code name[:key=value,...]}, e.g. {@code
 * bucket-time:threshold=15,buckets=60,bucket=1m}. Creates a fresh policy for each replay.
 * Immutable.
 */
public final class PolicySpec {
  private final PolicyType type;
  private final Map<String, String> params;
  private final String name;

  /**
   * @param type the policy
   * @param params the parameters as given
   * @param name the canonical spec with defaults filled in, used in reports
   */
  public PolicySpec(PolicyType type, Map<String, String> params, String name) {
    this.type = type;
    this.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    this.name = name;
  }

  public PolicyType type() {
    return type;
  }

  public Map<String, String> params() {
    return params;
  }

  public String name() {
    return name;
  }

  public static PolicySpec parse(String text) {
    String trimmed = text.trim();
    int colon = trimmed.indexOf(':');
    PolicyType type = PolicyType.byName(colon < 0 ? trimmed : trimmed.substring(0, colon));
    Map<String, String> params = new LinkedHashMap<>();
    if (colon >= 0 && colon + 1 < trimmed.length()) {
      for (String kv : trimmed.substring(colon + 1).split(",")) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException(
              type.configName() + ": expected key=value, got '" + kv + "'");
        }
        params.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
      }
    }
    PolicyParams read = new PolicyParams(type.configName(), params);
    type.create(read); // validates every value now, not in the middle of a sweep
    read.rejectUnknown(type.hiddenParams());
    String canonical =
        read.canonical().isEmpty()
            ? type.configName()
            : type.configName()
                + ":"
                + read.canonical().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(","));
    return new PolicySpec(type, params, canonical);
  }

  /**
   * The policy a DataNode runs with admission settings {@code config}: {@code tuned} (the threshold
   * tunes itself to the write budget, {@code config}'s threshold where it starts) or {@code
   * bucket-time} (the threshold fixed). Shadow mode models a DataNode with the same spec.
   */
  public static PolicySpec dataNode(RateLimitConfig config, boolean tuned) {
    return dataNode(config, tuned ? PolicyType.TUNED : PolicyType.BUCKET_TIME);
  }

  /**
   * The policy {@code type} ({@code bucket-time}, {@code tuned} or {@code outcome}) on a DataNode's
   * admission settings {@code config}, its other parameters at their defaults.
   */
  public static PolicySpec dataNode(RateLimitConfig config, PolicyType type) {
    return parse(
        type.configName()
            + ":threshold="
            + config.threshold()
            + ",buckets="
            + config.bucketCount()
            + ",bucket="
            + DurationValue.format(config.bucketDuration())
            + ",maxKeys="
            + config.maxTrackedKeys());
  }

  /** A new, empty policy for one replay, or for one DataNode. */
  public AdmissionPolicy create() {
    return type.create(new PolicyParams(type.configName(), params));
  }

  /**
   * The DataNode's admission settings this spec runs: present for the policies a DataNode runs
   * (bucket-time, tuned and outcome, each over its bucket-time gate); empty for the others.
   */
  public Optional<RateLimitConfig> rateLimitConfig() {
    return type == PolicyType.BUCKET_TIME || type == PolicyType.TUNED || type == PolicyType.OUTCOME
        ? Optional.of(BucketTimeAdmission.config(new PolicyParams(type.configName(), params)))
        : Optional.empty();
  }

  /** The value of a numeric parameter after defaults (for charts), or -1 if it has none. */
  public long numericParam(String key) {
    for (String kv : name.substring(name.indexOf(':') + 1).split(",")) {
      if (kv.startsWith(key + "=")) {
        try {
          return Long.parseLong(kv.substring(key.length() + 1));
        } catch (NumberFormatException e) {
          return -1;
        }
      }
    }
    return -1;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof PolicySpec)) {
      return false;
    }
    PolicySpec p = (PolicySpec) o;
    return type == p.type && params.equals(p.params) && name.equals(p.name);
  }

  @Override
  public int hashCode() {
    return Objects.hash(type, params, name);
  }

  @Override
  public String toString() {
    return name;
  }
}
