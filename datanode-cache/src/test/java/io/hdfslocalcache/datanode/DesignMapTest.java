package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/design.md's concept table is the map of this jar, checked as {@code MonitoringDocTest}
 * checks the metrics page: every main class (one top-level class per source file) is named in
 * exactly one row, and every class a row names is a main class of that row's package. In the
 * classes column a bare backquoted {@code `UpperCamel`} name is a class of the row's package (an
 * {@code `ALL_CAPS`} one is a constant, not counted); a qualified one ({@code `block.EntryHome`},
 * {@code `config.CacheKeys`}) is a cross-reference to another package or module and is not counted,
 * but if its package is one of this jar's it must name a class there, so a cross-reference cannot
 * rot either.
 */
class DesignMapTest {
  private static final Path MAIN = Paths.get("src/main/java/io/hdfslocalcache/datanode");
  private static final String MAP_HEADING = "## Map:";
  private static final String ROOT = "(root)";
  private static final Pattern ROW = Pattern.compile("^\\|([^|]+)\\|([^|]+)\\|(.+)\\|\\s*$");
  private static final Pattern NAME =
      Pattern.compile("`((?:[a-z][a-z0-9]*\\.)*)([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)`");

  /** One row of the table: its concept, its package ({@value #ROOT} or a sub-package name). */
  private static final class Row {
    final String concept;
    final String pkg;
    final List<String> classes = new ArrayList<>();
    final List<String> references = new ArrayList<>();

    Row(String concept, String pkg) {
      this.concept = concept;
      this.pkg = pkg;
    }
  }

  /** Main class simple name to its package ({@value #ROOT} for the root package). */
  static Map<String, List<String>> mainClasses() throws IOException {
    Map<String, List<String>> out = new TreeMap<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path f :
          files.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toList())) {
        String name = f.getFileName().toString().replace(".java", "");
        if (name.equals("package-info")) {
          continue;
        }
        Path dir = MAIN.relativize(f).getParent();
        String pkg = dir == null ? ROOT : dir.toString().replace('/', '.');
        out.computeIfAbsent(name, n -> new ArrayList<>()).add(pkg);
      }
    }
    return out;
  }

  static List<Row> rows() throws IOException {
    List<String> lines =
        Files.readAllLines(Paths.get("..", "docs", "design.md"), StandardCharsets.UTF_8);
    List<Row> rows = new ArrayList<>();
    boolean inMap = false;
    for (String line : lines) {
      if (line.startsWith("#")) {
        inMap = line.startsWith(MAP_HEADING);
      }
      Matcher m = ROW.matcher(line);
      if (!inMap || !m.matches() || m.group(1).trim().matches("-*|concept")) {
        continue;
      }
      Row row = new Row(m.group(1).trim(), m.group(2).trim().replace("`", ""));
      Matcher n = NAME.matcher(m.group(3));
      while (n.find()) {
        (n.group(1).isEmpty() ? row.classes : row.references).add(n.group(1) + n.group(2));
      }
      rows.add(row);
    }
    assertTrue(rows.size() > 5, "no concept table under '" + MAP_HEADING + "' in design.md");
    return rows;
  }

  @Test
  void designMap_everyMainClass_inExactlyOneRow() throws IOException {
    Map<String, List<String>> rowsOf = new TreeMap<>();
    for (Row row : rows()) {
      row.classes.stream()
          .distinct()
          .forEach(c -> rowsOf.computeIfAbsent(c, k -> new ArrayList<>()).add(row.concept));
    }
    List<String> missing = new ArrayList<>();
    List<String> duplicated = new ArrayList<>();
    mainClasses()
        .forEach(
            (name, pkgs) -> {
              List<String> in = rowsOf.getOrDefault(name, List.of());
              if (in.isEmpty()) {
                missing.add(pkgs.get(0) + " " + name);
              } else if (in.size() > 1) {
                duplicated.add(name + " in rows " + in);
              }
            });
    assertAll(
        () ->
            assertEquals(
                List.of(), missing, missing.size() + " main classes in no row of design.md's map"),
        () ->
            assertEquals(
                List.of(), duplicated, "main classes in more than one row of design.md's map"));
  }

  @Test
  void designMap_everyNamedClass_isAMainClassOfItsRowsPackage() throws IOException {
    Map<String, List<String>> classes = mainClasses();
    List<String> wrong = new ArrayList<>();
    for (Row row : rows()) {
      for (String name : row.classes) {
        List<String> pkgs = classes.get(name);
        if (pkgs == null) {
          wrong.add("row '" + row.concept + "' names " + name + ", no main class");
        } else if (!pkgs.contains(row.pkg)) {
          wrong.add("row '" + row.concept + "' (" + row.pkg + ") names " + name + ", in " + pkgs);
        }
      }
      for (String ref : row.references) {
        int dot = ref.lastIndexOf('.');
        String pkg = ref.substring(0, dot);
        boolean ours = classes.values().stream().anyMatch(p -> p.contains(pkg));
        if (ours && !classes.getOrDefault(ref.substring(dot + 1), List.of()).contains(pkg)) {
          wrong.add("row '" + row.concept + "' refers to " + ref + ", no main class");
        }
      }
    }
    assertEquals(List.of(), wrong, "classes design.md's map puts in the wrong place");
  }
}
