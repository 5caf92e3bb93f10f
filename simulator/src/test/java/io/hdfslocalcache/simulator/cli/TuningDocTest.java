package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.model.RunConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/tuning.md's "Choose" step and the tools agree: the {@code hdfs-site.xml} lines it shows for
 * the default ({@code outcome}) are the ones {@code simulate} prints for that policy (its {@code
 * admission.tuning} line included, which says which policy the DataNode runs); the step names the
 * sweep's default row as the sweep prints it and the columns it compares ({@code ResultTableTest}
 * holds the table to those names).
 */
class TuningDocTest {
  private static String choose() throws Exception {
    String doc =
        new String(
            Files.readAllBytes(Paths.get("..", "docs", "tuning.md")), StandardCharsets.UTF_8);
    int from = doc.indexOf("## 3. Choose");
    int to = doc.indexOf("## 4. ", from);
    assertTrue(from >= 0 && to > from, "no Choose step in tuning.md");
    return doc.substring(from, to);
  }

  @Test
  void chooseStep_simulateLines_areWhatSimulatePrintsForTheDefaultPolicy() throws Exception {
    List<String> shown = new ArrayList<>();
    for (String line : choose().split("\n")) {
      if (line.startsWith("<!-- hdfs-site.xml for ") || line.startsWith("<property>")) {
        shown.add(line);
      }
    }
    List<String> printed =
        SiteXml.lines(
            new RunConfig(
                PolicySpec.parse("outcome:threshold=4"),
                2L << 40,
                FillMode.PAGES,
                1 << 20,
                12,
                GuardSettings.defaults()),
            2);
    assertEquals(printed, shown);
    assertTrue(
        shown.contains(
            "<property><name>dfs.datanode.local-cache.admission.tuning</name>"
                + "<value>outcome</value></property>"));
  }

  @Test
  void chooseStep_columnsItCompares_areTheSweepsColumns() throws Exception {
    String text = choose();
    for (String column :
        Arrays.asList("hddTime", "defaultTime", "ssdWritten", "denied(cost/ssd)")) {
      assertTrue(text.contains("`" + column + "`"), column + " not explained in Choose");
    }
    assertTrue(text.contains("`" + ResultTable.DEFAULT_POLICY + "`"), "the default row's name");
  }
}
