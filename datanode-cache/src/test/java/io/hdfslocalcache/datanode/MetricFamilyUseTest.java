package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A metric family member's name is spelt by {@code MetricFamily.member} only: the DataNode and the
 * tools that read its metrics never lower-case an enum value after a family prefix themselves (a
 * hand copy without the root locale exports {@code ıo_error} on a Turkish host).
 */
class MetricFamilyUseTest {
  private static final Pattern HAND_COPY =
      Pattern.compile("Metrics\\.[A-Z_]+\\s*\\+\\s*[\\w.()]+\\.name\\(\\)");

  @Test
  void mainSources_familyMemberNames_onlyThroughMetricFamily() throws IOException {
    List<String> copies = new ArrayList<>();
    for (String module : List.of("datanode-cache", "ops")) {
      List<Path> files;
      try (Stream<Path> s = Files.walk(Paths.get("..", module, "src", "main", "java"))) {
        files = s.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toList());
      }
      for (Path f : files) {
        String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
        if (HAND_COPY.matcher(text).find()) {
          copies.add(module + ": " + f.getFileName());
        }
      }
    }
    assertEquals(List.of(), copies, "metric family members named by hand (MetricFamily.member)");
  }
}
