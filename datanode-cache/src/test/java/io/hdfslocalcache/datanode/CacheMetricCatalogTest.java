package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.metrics.CandidateNames;
import io.hdfslocalcache.metrics.Describe;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.MetricCatalog;
import io.hdfslocalcache.model.AdmissionTuning;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every metric a real cache exports carries the real description its stats class declares, every
 * declared name is exported, and every time is in microseconds, said in its name.
 */
class CacheMetricCatalogTest {
  /** Units of time other than the one the export uses. */
  private static final Pattern OTHER_TIME_UNIT =
      Pattern.compile("(^|[._])(millis|ms|nanos|ns|seconds|secs|sec)($|[._])");

  @TempDir static Path dir;
  static CacheExport export;

  @BeforeAll
  static void start() throws Exception {
    export = CacheExport.of(dir);
  }

  @Test
  void export_everyMetric_describedByItsConstant() {
    List<String> bad = new ArrayList<>();
    int seen = 0;
    for (MetricsRecord r : export.records) {
      for (AbstractMetric m : r.metrics()) {
        seen++;
        String d = m.description();
        if (d.equals(m.name())
            || d.length() < 15
            || d.contains("\n")
            || d.contains("monitoring.md")) {
          bad.add(r.name() + " " + m.name() + ": '" + d + "'");
        }
      }
    }
    assertTrue(seen > 100, "exported " + seen);
    assertEquals(List.of(), bad, "metrics without a real description");
  }

  @Test
  void catalog_everyDeclaredName_registeredByARealCache() {
    List<String> unused = new ArrayList<>();
    for (String name : CacheMetricCatalog.get().names()) {
      boolean used =
          export.registryNames.stream()
              .anyMatch(
                  n -> {
                    String exported =
                        DirectoryNames.index(n).isPresent()
                            ? DirectoryNames.shortName(n)
                            : CandidateNames.candidate(n).isPresent()
                                ? CandidateNames.shortName(n)
                                : n;
                    return name.endsWith(".") ? exported.startsWith(name) : exported.equals(name);
                  });
      if (!used) {
        unused.add(name);
      }
    }
    assertEquals(List.of(), unused, "declared with @Describe but never registered");
  }

  @Test
  void export_times_allMicroseconds() {
    List<String> bad = new ArrayList<>();
    for (MetricsRecord r : export.records) {
      for (AbstractMetric m : r.metrics()) {
        boolean micros = m.name().contains("micros");
        if (OTHER_TIME_UNIT.matcher(m.name()).find()
            || micros && !m.description().toLowerCase().contains("microseconds")) {
          bad.add(m.name() + ": " + m.description());
        }
      }
    }
    assertEquals(List.of(), bad);
  }

  /**
   * The admission thresholds' descriptions (JMX, Prometheus HELP) say what the default tuning does
   * with them, naming it as an operator sets it: they described only {@code auto} once it was no
   * longer the default.
   */
  @Test
  void catalog_admissionThresholds_describeTheDefaultTuning() {
    String setting = "admission.tuning " + AdmissionTuning.DEFAULT.configName() + " (the default)";
    List<String> bad = new ArrayList<>();
    for (String name : List.of(AdmissionMetrics.THRESHOLD, AdmissionMetrics.THRESHOLD_TUNED)) {
      String d = CacheMetricCatalog.get().describe(name).orElseThrow().description();
      if (!d.contains(setting)) {
        bad.add(name + ": " + d);
      }
    }
    assertEquals(List.of(), bad, "not naming " + setting);
  }

  static final class Twice {
    @Describe("One.")
    static final String A = "x.y";

    @Describe("Two.")
    static final String B = "x.y";
  }

  @Test
  void of_nameDeclaredTwice_refused() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> MetricCatalog.of(Twice.class));
    assertTrue(e.getMessage().contains("x.y declared twice"), e.getMessage());
  }
}
