package io.hdfslocalcache.datanode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * conf/alert-rules.yml read as Prometheus reads a rule file: groups of rules, each an {@code alert}
 * with an {@code expr}. Tests check every metric name an expression selects against what the cache
 * exports.
 */
public final class AlertRules {
  /** The shipped rules, from a module directory. */
  public static final Path FILE = Paths.get("..", "conf", "alert-rules.yml");

  /**
   * Metrics of the DataNode itself (not of the cache) the rules may use: the cache's absence is
   * only visible next to one. MetricsIT checks they are in a real DataNode's {@code /prom}.
   */
  public static final Set<String> DATANODE_METRICS =
      Collections.unmodifiableSet(new TreeSet<>(Arrays.asList("datanode_blocks_read")));

  private AlertRules() {}

  /** Alert name to its rule (expr, for, labels, annotations), in file order. */
  @SuppressWarnings("unchecked")
  public static Map<String, Map<String, Object>> load(String yaml) {
    Map<String, Object> root =
        (Map<String, Object>) new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    for (Map<String, Object> group : (List<Map<String, Object>>) root.get("groups")) {
      for (Map<String, Object> rule : (List<Map<String, Object>>) group.get("rules")) {
        Object alert = rule.get("alert");
        if (alert == null || out.put(alert.toString(), rule) != null) {
          throw new IllegalArgumentException("rule without a unique alert name: " + rule);
        }
      }
    }
    return out;
  }

  public static Map<String, Map<String, Object>> load() throws IOException {
    return load(new String(Files.readAllBytes(FILE), StandardCharsets.UTF_8));
  }

  /**
   * "alert: name" for each metric name the rules select that is neither in {@code exported} nor in
   * {@link #DATANODE_METRICS}; empty when every name exists.
   */
  public static List<String> unknownNames(
      Map<String, Map<String, Object>> rules, Set<String> exported) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, Map<String, Object>> r : rules.entrySet()) {
      for (String name : PromQlNames.of(String.valueOf(r.getValue().get("expr")))) {
        if (!exported.contains(name) && !DATANODE_METRICS.contains(name)) {
          out.add(r.getKey() + ": " + name);
        }
      }
    }
    return out;
  }

  /** Every metric name the rules select. */
  public static Set<String> names(Map<String, Map<String, Object>> rules) {
    Set<String> out = new TreeSet<>();
    rules.values().forEach(r -> out.addAll(PromQlNames.of(String.valueOf(r.get("expr")))));
    return out;
  }
}
