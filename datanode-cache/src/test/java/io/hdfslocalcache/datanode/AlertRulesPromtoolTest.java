package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * conf/alert-rules.yml through Prometheus' own promtool, where it is installed: {@code
 * -Dpromtool=<path>}, {@code $PROMTOOL}, or {@code promtool} on the PATH (Debian and Ubuntu ship it
 * in the {@code prometheus} package). Skipped otherwise; {@code AlertRulesTest} always runs.
 */
class AlertRulesPromtoolTest {
  @TempDir Path dir;

  private static Path promtool() {
    List<String> candidates = new ArrayList<>();
    candidates.add(System.getProperty("promtool"));
    candidates.add(System.getenv("PROMTOOL"));
    String path = System.getenv("PATH");
    if (path != null) {
      for (String d : path.split(File.pathSeparator)) {
        candidates.add(Paths.get(d, "promtool").toString());
      }
    }
    for (String c : candidates) {
      if (c != null && !c.isEmpty() && Files.isExecutable(Paths.get(c))) {
        return Paths.get(c);
      }
    }
    return null;
  }

  private static String run(Path workDir, String... args) throws Exception {
    Path tool = promtool();
    assumeTrue(tool != null, "promtool not installed: -Dpromtool=<path> to run this test");
    List<String> cmd = new ArrayList<>();
    cmd.add(tool.toString());
    cmd.addAll(List.of(args));
    Process p =
        new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true).start();
    String out;
    try (InputStream in = p.getInputStream()) {
      out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("promtool did not finish: " + out);
    }
    assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
    return out;
  }

  @Test
  void checkRules_shippedFile_valid() throws Exception {
    run(AlertRules.FILE.toAbsolutePath().getParent(), "check", "rules", "alert-rules.yml");
  }

  /**
   * The unit tests in {@code prometheus/alert-rules.test.yml} against the rules without their
   * annotations: promtool compares annotations too, and the texts need no second copy.
   */
  @Test
  @SuppressWarnings("unchecked")
  void testRules_eachAlert_firesWhereMeantOnly() throws Exception {
    Yaml yaml = new Yaml(new SafeConstructor(new LoaderOptions()));
    Map<String, Object> rules =
        (Map<String, Object>)
            yaml.load(new String(Files.readAllBytes(AlertRules.FILE), StandardCharsets.UTF_8));
    for (Map<String, Object> g : (List<Map<String, Object>>) rules.get("groups")) {
      for (Map<String, Object> r : (List<Map<String, Object>>) g.get("rules")) {
        r.remove("annotations");
      }
    }
    Files.write(dir.resolve("alert-rules.yml"), yaml.dump(rules).getBytes(StandardCharsets.UTF_8));
    try (InputStream in = getClass().getResourceAsStream("/prometheus/alert-rules.test.yml")) {
      Files.copy(in, dir.resolve("alert-rules.test.yml"));
    }
    run(dir, "test", "rules", "alert-rules.test.yml");
  }
}
