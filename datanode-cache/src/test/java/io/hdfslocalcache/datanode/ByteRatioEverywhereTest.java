package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hdfslocalcache.metrics.ByteRatio;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The byte ratio has one definition ({@link ByteRatio}): the alert, the dashboard's byte-ratio
 * panel and docs/monitoring.md select exactly the counters it names, as a real cache exports them.
 * The gauge and {@code status} are checked by their own tests against the same list.
 */
class ByteRatioEverywhereTest {
  @TempDir static Path dir;
  static Set<String> exported;

  @BeforeAll
  static void start() throws Exception {
    exported = CacheExport.of(dir).prometheusNames();
  }

  /** read.bytes.cache and every HDD byte counter, by their {@code /prom} names. */
  private static Set<String> definition() {
    Set<String> out = new TreeSet<>();
    out.add(prom(ReadPathMetrics.BYTES_CACHE));
    ByteRatio.HDD_BYTES.forEach(n -> out.add(prom(n)));
    return out;
  }

  private static String prom(String name) {
    String p = "local_cache_" + name.replace('.', '_');
    assertTrue(exported.contains(p), p + " is not exported");
    return p;
  }

  @Test
  void alert_lowByteRatio_ratioAndVolumeOverTheSameCounters() throws Exception {
    Map<String, Object> rule = AlertRules.load().get("LocalCacheLowByteRatio");
    String[] parts = rule.get("expr").toString().split("\\band\\b");
    assertEquals(2, parts.length, rule.get("expr").toString());
    assertEquals(definition(), PromQlNames.of(parts[0]), "the ratio");
    assertEquals(definition(), PromQlNames.of(parts[1]), "the read volume it needs");
  }

  @Test
  void dashboard_byteRatioPanel_theDefinitionsCounters() throws Exception {
    JsonNode dashboard =
        new ObjectMapper().readTree(Paths.get("..", "conf", "grafana-dashboard.json").toFile());
    List<String> ratios = new ArrayList<>();
    dashboard
        .get("panels")
        .forEach(
            p ->
                p.path("targets")
                    .forEach(
                        t -> {
                          String expr = t.get("expr").asText();
                          if (expr.contains("read_bytes_cache") && expr.contains(" / ")) {
                            ratios.add(expr);
                          }
                        }));
    assertEquals(1, ratios.size(), ratios.toString());
    assertEquals(definition(), PromQlNames.of(ratios.get(0)));
  }

  @Test
  void monitoringDoc_gaugeRow_namesEveryHddCounter() throws Exception {
    String doc =
        new String(
            Files.readAllBytes(Paths.get("..", "docs", "monitoring.md")), StandardCharsets.UTF_8);
    String row =
        doc.lines()
            .filter(l -> l.startsWith("| `" + ReadPathMetrics.BYTES_CACHE_RATIO + "`"))
            .findFirst()
            .orElseThrow(AssertionError::new);
    for (String n : ByteRatio.HDD_BYTES) {
      String shortName = n.substring("read.".length());
      assertTrue(row.contains(shortName), shortName + " missing from: " + row);
    }
  }
}
