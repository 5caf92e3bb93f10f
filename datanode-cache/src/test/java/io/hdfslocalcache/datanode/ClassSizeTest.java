package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No class of the DataNode jar over {@value #MAX_LINES} lines (one top-level class per source
 * file): a class that long has more than one job (the brief's rule; TimeBoundPageStore was split
 * for it).
 */
class ClassSizeTest {
  static final int MAX_LINES = 300;

  @Test
  void mainSources_eachFile_atMost300Lines() throws IOException {
    Path main = Paths.get("src/main/java");
    List<String> over;
    try (Stream<Path> files = Files.walk(main)) {
      over =
          files
              .filter(f -> f.toString().endsWith(".java"))
              .filter(f -> lines(f) > MAX_LINES)
              .map(f -> main.relativize(f) + " (" + lines(f) + " lines)")
              .collect(Collectors.toList());
    }
    assertEquals(List.of(), over, "classes over " + MAX_LINES + " lines");
  }

  private static long lines(Path f) {
    try (Stream<String> s = Files.lines(f)) {
      return s.count();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
