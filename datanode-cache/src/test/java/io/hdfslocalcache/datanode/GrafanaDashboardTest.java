package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * conf/grafana-dashboard.json: the data source and the cache directories are variables (nothing
 * names a Prometheus instance or a directory number), and every metric it queries is one a real
 * cache exports.
 */
class GrafanaDashboardTest {
  static final String DS = "${DS_PROMETHEUS}";

  @TempDir static Path dir;
  static Set<String> exported;
  static JsonNode dashboard;

  @BeforeAll
  static void start() throws Exception {
    exported = CacheExport.of(dir).prometheusNames();
    dashboard =
        new ObjectMapper().readTree(Paths.get("..", "conf", "grafana-dashboard.json").toFile());
  }

  private static Map<String, JsonNode> variables() {
    Map<String, JsonNode> out = new HashMap<>();
    dashboard.get("templating").get("list").forEach(v -> out.put(v.get("name").asText(), v));
    return out;
  }

  /** Every target of every panel. */
  private static List<JsonNode> targets() {
    List<JsonNode> out = new ArrayList<>();
    dashboard.get("panels").forEach(p -> p.path("targets").forEach(out::add));
    return out;
  }

  @Test
  void dashboard_dataSource_aVariableEveryPanelAndQueryUses() {
    JsonNode ds = variables().get("DS_PROMETHEUS");
    assertNotNull(ds, "no DS_PROMETHEUS variable");
    assertEquals("datasource", ds.get("type").asText());
    assertEquals("prometheus", ds.get("query").asText());
    List<String> fixed = new ArrayList<>();
    dashboard
        .get("panels")
        .forEach(
            p -> {
              if (!DS.equals(p.path("datasource").path("uid").asText())) {
                fixed.add(p.get("title").asText());
              }
            });
    variables().values().stream()
        .filter(v -> v.get("type").asText().equals("query"))
        .forEach(
            v -> {
              if (!DS.equals(v.path("datasource").path("uid").asText())) {
                fixed.add("variable " + v.get("name").asText());
              }
            });
    targets()
        .forEach(
            t -> {
              if (!DS.equals(t.path("datasource").path("uid").asText())) {
                fixed.add(t.get("expr").asText());
              }
            });
    assertEquals(List.of(), fixed, "not on the data source variable");
  }

  @Test
  void dashboard_directories_aVariableFromTheLabelNoNumbers() {
    JsonNode d = variables().get("directory");
    assertNotNull(d, "no directory variable");
    assertEquals("query", d.get("type").asText());
    assertTrue(
        d.get("query")
            .asText()
            .matches("label_values\\(local_cache_directory_\\w+\\{.*\\}, directory\\)"),
        d.get("query").asText());
    int directoryQueries = 0;
    for (JsonNode t : targets()) {
      String expr = t.get("expr").asText();
      assertFalse(expr.matches("(?s).*dir[0-9].*"), "a directory number in " + expr);
      if (expr.contains("local_cache_directory_")) {
        directoryQueries++;
        assertTrue(
            expr.contains("directory=~\"$directory\""), "not filtered by $directory: " + expr);
        assertTrue(t.get("legendFormat").asText().contains("{{directory}}"), expr);
      }
    }
    assertTrue(directoryQueries >= 4, "directory queries: " + directoryQueries);
  }

  @Test
  void dashboard_everyMetricName_exportedByARealCache() {
    Set<String> unknown = new TreeSet<>();
    List<String> queries = new ArrayList<>();
    targets().forEach(t -> queries.add(t.get("expr").asText()));
    variables().values().forEach(v -> queries.add(v.path("query").asText()));
    for (String q : queries) {
      String expr =
          q.startsWith("label_values(")
              ? q.substring("label_values(".length(), q.lastIndexOf(','))
              : q;
      if (expr.isEmpty() || expr.equals("prometheus")) {
        continue;
      }
      for (String name : PromQlNames.of(expr)) {
        if (!exported.contains(name)) {
          unknown.add(name);
        }
      }
    }
    assertEquals(Set.of(), unknown, "the dashboard queries metrics no cache exports");
  }

  @Test
  void dashboard_shortCircuitOpens_besideTheReadsTheCacheSaw() {
    List<String> both = new ArrayList<>();
    targets()
        .forEach(
            t -> {
              String expr = t.get("expr").asText();
              if (expr.contains("local_cache_read_short_circuit_opens")
                  && expr.contains("local_cache_read_hits")
                  && expr.contains("local_cache_read_misses")) {
                both.add(expr);
              }
            });
    assertEquals(1, both.size(), "the short-circuit share of block opens: " + both);
    assertTrue(
        targets().stream()
            .anyMatch(
                t ->
                    t.get("expr")
                        .asText()
                        .startsWith(
                            "sum by (instance) (rate(local_cache_read_short_circuit_opens")),
        "short-circuit opens per DataNode");
  }
}
