package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.metrics.DropwizardMetricsSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricType;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/monitoring.md and what a real cache exports agree, both ways and by type: every exported
 * metric has a row, every row names an exported metric, and the row's type (C counter, G gauge, H
 * histogram summary) is the one exported. The rows under the "Per cache directory" heading are the
 * directory record's metrics, those under "Per shadow candidate" a candidate's record's, the others
 * the DataNode-wide record's. A family documented as one row ({@code read.hdd.cause.<reason>})
 * covers every name under its prefix that has no row of its own, and must name each such member in
 * its text ({@code `not_cached`}): the export holds every member of an enum-derived family from
 * start-up (each stats class registers one counter per constant), so a member added to the enum and
 * not to the row fails here.
 */
class MonitoringDocTest {
  private static final Pattern ROW =
      Pattern.compile("^\\| `([a-z][a-zA-Z0-9_.<>]*)` \\| ([CGH]) \\|(.*)$");
  private static final String DIRECTORY_HEADING = "### Per cache directory";
  private static final String CANDIDATE_HEADING = "### Per shadow candidate";
  private static final List<String> HISTOGRAM_PARTS =
      Arrays.asList(".count", ".mean", ".p50", ".p75", ".p95", ".p99", ".max");

  @TempDir static Path dir;
  static CacheExport export;

  @BeforeAll
  static void start() throws Exception {
    export = CacheExport.of(dir);
  }

  /** Exported name to type letter in records named {@code record}, histograms folded to H. */
  static Map<String, String> exported(String record) {
    Map<String, String> out = new TreeMap<>();
    for (MetricsRecord r : export.records) {
      if (r.name().equals(record)) {
        for (AbstractMetric m : r.metrics()) {
          out.put(m.name(), m.type() == MetricType.COUNTER ? "C" : "G");
        }
      }
    }
    for (String name : new ArrayList<>(out.keySet())) {
      if (name.endsWith(".mean")) {
        String base = name.substring(0, name.length() - ".mean".length());
        HISTOGRAM_PARTS.forEach(p -> out.remove(base + p));
        out.put(base, "H");
      }
    }
    return out;
  }

  /** The record the rows under a docs/monitoring.md heading describe. */
  private static String recordOf(String heading, String current) {
    if (!heading.startsWith("###")) {
      return heading.startsWith("#") ? DropwizardMetricsSource.RECORD : current;
    }
    return heading.startsWith(DIRECTORY_HEADING)
        ? DropwizardMetricsSource.DIRECTORY_RECORD
        : heading.startsWith(CANDIDATE_HEADING)
            ? DropwizardMetricsSource.SHADOW_RECORD
            : DropwizardMetricsSource.RECORD;
  }

  /** The rows of docs/monitoring.md (name to type letter) that describe {@code record}. */
  static Map<String, String> documented(String record) throws Exception {
    return rows(record, 2);
  }

  /** Group {@code group} of {@link #ROW} for each row describing {@code record}, by name. */
  private static Map<String, String> rows(String record, int group) throws Exception {
    List<String> lines =
        Files.readAllLines(Paths.get("..", "docs", "monitoring.md"), StandardCharsets.UTF_8);
    Map<String, String> rows = new TreeMap<>();
    String section = DropwizardMetricsSource.RECORD;
    for (String line : lines) {
      if (line.startsWith("#")) {
        section = recordOf(line, section);
      }
      Matcher m = ROW.matcher(line);
      if (m.find() && section.equals(record)) {
        rows.put(m.group(1), m.group(group));
      }
    }
    return rows;
  }

  private static boolean covers(String row, String name) {
    int family = row.indexOf('<');
    return family >= 0 ? name.startsWith(row.substring(0, family)) : row.equals(name);
  }

  private static void agree(String record) throws Exception {
    Map<String, String> rows = documented(record);
    Map<String, String> names = exported(record);
    assertTrue(names.size() > 2 && rows.size() > 2, record + " " + names + " " + rows);
    List<String> missing = new ArrayList<>();
    List<String> wrongType = new ArrayList<>();
    for (Map.Entry<String, String> n : names.entrySet()) {
      List<String> covering = new ArrayList<>();
      rows.forEach(
          (row, type) -> {
            if (covers(row, n.getKey())) {
              covering.add(type);
            }
          });
      if (covering.isEmpty()) {
        missing.add(n.getKey());
      } else if (!covering.contains(n.getValue())) {
        wrongType.add(n.getKey() + " is " + n.getValue() + ", documented " + covering);
      }
    }
    List<String> unnamed = unnamedMembers(rows.keySet(), names.keySet(), rows(record, 3));
    List<String> unknown = new ArrayList<>();
    for (String row : rows.keySet()) {
      if (names.keySet().stream().noneMatch(n -> covers(row, n))) {
        unknown.add(row);
      }
    }
    assertTrue(missing.isEmpty(), record + " exports, docs/monitoring.md lacks: " + missing);
    assertTrue(
        unknown.isEmpty(), "in docs/monitoring.md, not exported in " + record + ": " + unknown);
    assertEquals(List.of(), wrongType, "types in docs/monitoring.md");
    assertEquals(List.of(), unnamed, "exported family members a family row does not name");
  }

  /**
   * Exported names that only a family row covers and whose member name that row's text does not
   * give in backquotes.
   */
  private static List<String> unnamedMembers(
      Set<String> rowNames, Set<String> exported, Map<String, String> texts) {
    List<String> out = new ArrayList<>();
    for (String name : exported) {
      if (rowNames.contains(name)) {
        continue;
      }
      for (String row : rowNames) {
        int family = row.indexOf('<');
        if (family >= 0
            && covers(row, name)
            && !texts.get(row).contains("`" + name.substring(family) + "`")) {
          out.add(name + " (row " + row + ")");
        }
      }
    }
    return out;
  }

  @Test
  void monitoringDoc_dataNodeRecord_rowsAndExportAgree() throws Exception {
    agree(DropwizardMetricsSource.RECORD);
  }

  @Test
  void monitoringDoc_directoryRecord_rowsAndExportAgree() throws Exception {
    agree(DropwizardMetricsSource.DIRECTORY_RECORD);
  }

  @Test
  void monitoringDoc_shadowCandidateRecord_rowsAndExportAgree() throws Exception {
    agree(DropwizardMetricsSource.SHADOW_RECORD);
  }
}
