package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.simulator.model.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {
  /** A run whose only figures that matter here: policy, size, and disk time with the cache. */
  private static RunResult run(String policy, long size, double diskSeconds) {
    return new RunResult(
        policy,
        "pages",
        "on",
        size,
        1 << 20,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        diskSeconds,
        100,
        0,
        0,
        0,
        0,
        0,
        0,
        0);
  }

  private static List<String> print(List<RunResult> runs) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ResultTable.print(runs, new PrintStream(out, true, StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void print_withTheDefault_showsItsHddTimeBesideEveryRowOfTheSameSize() {
    List<String> lines =
        print(
            List.of(
                run("bucket-time:threshold=15,buckets=60,bucket=1m", 1, 70),
                run(ResultTable.DEFAULT_POLICY, 1, 60),
                run("bucket-time:threshold=15,buckets=60,bucket=1m", 2, 50),
                run(ResultTable.DEFAULT_POLICY, 2, 45)));
    assertTrue(lines.get(0).endsWith("hddTime  utilMean  utilPeak  utilPeakNoCache  defaultTime"));
    assertTrue(lines.get(1).contains("-30.0%") && lines.get(1).endsWith("-40.0%"), lines.get(1));
    assertTrue(lines.get(2).endsWith("-40.0%"), lines.get(2));
    assertTrue(lines.get(3).contains("-50.0%") && lines.get(3).endsWith("-55.0%"), lines.get(3));
  }

  @Test
  void print_withoutTheDefault_noColumn() {
    List<String> lines = print(List.of(run("never", 1, 100), run("admit-all", 1, 90)));
    assertEquals(3, lines.size());
    assertFalse(lines.get(0).contains("defaultTime"));
  }
}
