package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * conf/alert-rules.yml: every metric name its expressions select is one a real cache exports, as
 * Hadoop's {@code /prom} renders it; every alert is documented in docs/monitoring.md and says how
 * bad and what to do. promtool, where installed, checks the rest ({@code AlertRulesPromtoolTest}).
 */
class AlertRulesTest {
  private static final Set<String> SEVERITIES = Set.of("info", "warning", "critical");

  @TempDir static Path dir;
  static Set<String> exported;

  @BeforeAll
  static void start() throws Exception {
    exported = CacheExport.of(dir).prometheusNames();
  }

  @Test
  void rules_everyMetricName_exportedByARealCache() throws Exception {
    Map<String, Map<String, Object>> rules = AlertRules.load();
    assertTrue(rules.size() >= 9, rules.keySet().toString());
    for (Map.Entry<String, Map<String, Object>> r : rules.entrySet()) {
      assertFalse(PromQlNames.of(r.getValue().get("expr").toString()).isEmpty(), r.getKey());
    }
    assertEquals(List.of(), AlertRules.unknownNames(rules, exported));
  }

  @Test
  void unknownNames_misspeltOrOldNames_reported() throws Exception {
    String yaml = new String(Files.readAllBytes(AlertRules.FILE), StandardCharsets.UTF_8);
    String wrong =
        yaml.replace("local_cache_directory_in_service", "local_cache_store_dir0_in_service")
            .replace("(local_cache_read_hits)", "(local_cache_read_hit)");
    assertEquals(
        List.of(
            "LocalCacheDirectoryOutOfService: local_cache_store_dir0_in_service",
            "LocalCacheSsdSlowReads: local_cache_store_dir0_in_service",
            "LocalCacheInactive: local_cache_read_hit"),
        AlertRules.unknownNames(AlertRules.load(wrong), exported));
  }

  @Test
  @SuppressWarnings("unchecked")
  void rules_eachAlert_severityTextsAndARowInTheDocs() throws Exception {
    Map<String, Map<String, Object>> rules = AlertRules.load();
    for (Map.Entry<String, Map<String, Object>> r : rules.entrySet()) {
      Map<String, Object> labels = (Map<String, Object>) r.getValue().get("labels");
      Map<String, Object> notes = (Map<String, Object>) r.getValue().get("annotations");
      assertTrue(SEVERITIES.contains(labels.get("severity")), r.getKey() + " " + labels);
      assertTrue(notes.get("summary").toString().length() > 20, r.getKey());
      assertTrue(notes.get("description").toString().length() > 40, r.getKey());
    }
    assertEquals(new TreeSet<>(rules.keySet()), documentedAlerts());
  }

  /** The alert names in the first column of docs/monitoring.md's "What to alert on" table. */
  private static Set<String> documentedAlerts() throws Exception {
    String doc =
        new String(
            Files.readAllBytes(Paths.get("..", "docs", "monitoring.md")), StandardCharsets.UTF_8);
    int from = doc.indexOf("## What to alert on");
    String section = doc.substring(from, doc.indexOf("\n## ", from + 1));
    Set<String> out = new TreeSet<>();
    Matcher m = Pattern.compile("(?m)^\\| `(LocalCache[A-Za-z]+)` \\|").matcher(section);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
