package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.config.DurationValue;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** The {@code key=value} parameters of one policy spec, read by type; remembers what was read. */
public final class PolicyParams {
  private final String policy;
  private final Map<String, String> values;
  private final Map<String, String> canonical = new LinkedHashMap<>();

  PolicyParams(String policy, Map<String, String> values) {
    this.policy = policy;
    this.values = values;
  }

  int integer(String name, int defaultValue) {
    String v = values.get(name);
    int result;
    if (v == null) {
      result = defaultValue;
    } else {
      try {
        result = Integer.parseInt(v.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            policy + ": " + name + " must be a whole number, got '" + v + "'");
      }
    }
    canonical.put(name, String.valueOf(result));
    return result;
  }

  Duration duration(String name, Duration defaultValue) {
    String v = values.get(name);
    Duration result = v == null ? defaultValue : DurationValue.parse(policy + ": " + name, v);
    canonical.put(name, DurationValue.format(result));
    return result;
  }

  /** Fails on a parameter the policy did not read: a typo must not silently use a default. */
  void rejectUnknown(Set<String> hidden) {
    for (String k : values.keySet()) {
      if (!canonical.containsKey(k)) {
        throw new IllegalArgumentException(
            policy
                + ": unknown parameter '"
                + k
                + "'"
                + (canonical.isEmpty()
                    ? " (it takes none)"
                    : " (known: " + String.join(", ", canonical.keySet()) + ")"));
      }
    }
    for (String h : hidden) {
      if (!values.containsKey(h)) {
        canonical.remove(h);
      }
    }
  }

  /** All parameters with defaults filled in, in the order the policy read them. */
  Map<String, String> canonical() {
    return canonical;
  }
}
