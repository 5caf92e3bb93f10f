package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No class of the DataNode jar, in any of its modules ({@link JarModule}), over {@value #MAX_LINES}
 * lines (one top-level class per source file): a class that long has more than one job.
 */
class ClassSizeTest {
  static final int MAX_LINES = 300;

  @Test
  void mainSources_eachFileOfEveryJarModule_atMost300Lines() {
    List<String> over = new ArrayList<>();
    for (JarModule m : JarModule.ALL) {
      for (Path f : m.sourceFiles()) {
        long lines = lines(f);
        if (lines > MAX_LINES) {
          over.add(m.name() + ": " + m.sources().relativize(f) + " (" + lines + " lines)");
        }
      }
    }
    assertEquals(List.of(), over, "classes over " + MAX_LINES + " lines");
  }

  private static long lines(Path f) {
    try (Stream<String> s = Files.lines(f)) {
      return s.count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
