package io.hdfslocalcache.datanode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A module whose classes ship in the DataNode jar (datanode-cache's shaded jar: this module and the
 * project's modules it depends on, {@link LayeringTest#jarModules_areDatanodeCacheAndItsModules}
 * holds the list to the pom), read from its main sources, which the guard tests find beside this
 * module's: {@code LayeringTest}, {@code ClassSizeTest} and {@code DesignMapTest} check each.
 *
 * @param name the module's directory and artifact id
 * @param mapBase the package docs/design.md's map names this module's packages under
 */
record JarModule(String name, String mapBase) {
  static final String PROJECT = "io.hdfslocalcache";

  static final List<JarModule> ALL =
      List.of(
          new JarModule("cache-api", PROJECT),
          new JarModule("rate-limiter", PROJECT),
          new JarModule("cache-model", PROJECT),
          new JarModule("datanode-cache", LayeringTest.ROOT));

  /** The module's main sources, seen from this module's directory (where surefire runs). */
  Path sources() {
    return Paths.get("..", name, "src", "main", "java");
  }

  /** Every main source file (one top-level class each; package-info excluded). */
  List<Path> sourceFiles() {
    try (Stream<Path> files = Files.walk(sources())) {
      return files
          .filter(f -> f.toString().endsWith(".java"))
          .filter(f -> !f.getFileName().toString().equals("package-info.java"))
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The package of a source file of this module. */
  String packageOf(Path sourceFile) {
    return sources().relativize(sourceFile.getParent()).toString().replace('/', '.');
  }

  /** The module's packages, full names. */
  Set<String> packages() {
    return sourceFiles().stream()
        .map(this::packageOf)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** Main class simple name to its full packages. */
  Map<String, List<String>> mainClasses() {
    return sourceFiles().stream()
        .collect(
            Collectors.groupingBy(
                f -> f.getFileName().toString().replace(".java", ""),
                TreeMap::new,
                Collectors.mapping(this::packageOf, Collectors.toList())));
  }

  static JarModule named(String name) {
    return ALL.stream()
        .filter(m -> m.name.equals(name))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("not a module of the DataNode jar: " + name));
  }
}
