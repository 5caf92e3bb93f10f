package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/design.md's concept tables are the map of the DataNode jar, checked as {@code
 * MonitoringDocTest} checks the metrics page: every main class of every module the jar ships
 * ({@link JarModule}) is named in exactly one row, and every class a row names is a main class of
 * that row's package. Under the map's heading, a {@code ###} sub-heading names its table's module
 * in backquotes ({@code `cache-model`}); a row's package is written under the module's map base
 * ({@code io.hdfslocalcache.datanode} for this module, {@code io.hdfslocalcache} for the others),
 * {@value #ROOT} for the base itself.
 *
 * <p>In the classes column a bare backquoted {@code `UpperCamel`} name is a class of the row's
 * package (an {@code `ALL_CAPS`} one is a constant, not counted); a qualified one ({@code
 * `block.EntryHome`}, {@code `config.CacheKeys`}) is a cross-reference, not counted, but if its
 * package is one of the jar's (under the row's map base first, then under {@code
 * io.hdfslocalcache}) it must name a class there, so a cross-reference cannot rot either.
 */
class DesignMapTest {
  private static final String MAP_HEADING = "## Map:";
  private static final String ROOT = "(root)";
  private static final Pattern ROW = Pattern.compile("^\\|([^|]+)\\|([^|]+)\\|(.+)\\|\\s*$");
  private static final Pattern NAME =
      Pattern.compile("`((?:[a-z][a-z0-9]*\\.)*)([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)`");
  private static final Pattern MODULE = Pattern.compile("`([a-z-]+)`");

  /** One row of a table: its concept, its module and its full package. */
  private static final class Row {
    final String concept;
    final JarModule module;
    final String pkg;
    final List<String> classes = new ArrayList<>();
    final List<String> references = new ArrayList<>();

    Row(String concept, JarModule module, String pkg) {
      this.concept = concept;
      this.module = module;
      this.pkg = pkg.equals(ROOT) ? module.mapBase() : module.mapBase() + "." + pkg;
    }
  }

  /** Every main class of the jar's modules, {@code package.SimpleName}. */
  static Set<String> mainClasses() {
    Set<String> out = new TreeSet<>();
    for (JarModule m : JarModule.ALL) {
      m.mainClasses().forEach((name, pkgs) -> pkgs.forEach(p -> out.add(p + "." + name)));
    }
    return out;
  }

  static Set<String> jarPackages() {
    Set<String> out = new TreeSet<>();
    JarModule.ALL.forEach(m -> out.addAll(m.packages()));
    return out;
  }

  static List<Row> rows() throws IOException {
    List<String> lines =
        Files.readAllLines(Paths.get("..", "docs", "design.md"), StandardCharsets.UTF_8);
    List<Row> rows = new ArrayList<>();
    boolean inMap = false;
    JarModule module = JarModule.named("datanode-cache");
    for (String line : lines) {
      if (line.startsWith("## ")) {
        inMap = line.startsWith(MAP_HEADING);
      } else if (inMap && line.startsWith("### ")) {
        Matcher m = MODULE.matcher(line);
        assertTrue(m.find(), "no `module` in the map's sub-heading: " + line);
        module = JarModule.named(m.group(1));
      }
      Matcher m = ROW.matcher(line);
      if (!inMap || !m.matches() || m.group(1).trim().matches("-*|concept")) {
        continue;
      }
      Row row = new Row(m.group(1).trim(), module, m.group(2).trim().replace("`", ""));
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
  void designMap_everyMainClassOfTheJar_inExactlyOneRow() throws IOException {
    Map<String, List<String>> rowsOf = new TreeMap<>();
    for (Row row : rows()) {
      row.classes.stream()
          .distinct()
          .forEach(
              c ->
                  rowsOf
                      .computeIfAbsent(row.pkg + "." + c, k -> new ArrayList<>())
                      .add(row.concept));
    }
    List<String> missing = new ArrayList<>();
    List<String> duplicated = new ArrayList<>();
    for (String c : mainClasses()) {
      List<String> in = rowsOf.getOrDefault(c, List.of());
      if (in.isEmpty()) {
        missing.add(c);
      } else if (in.size() > 1) {
        duplicated.add(c + " in rows " + in);
      }
    }
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
    Set<String> classes = mainClasses();
    Set<String> packages = jarPackages();
    List<String> wrong = new ArrayList<>();
    for (Row row : rows()) {
      if (!packages.contains(row.pkg)) {
        wrong.add("row '" + row.concept + "' is in " + row.pkg + ", no package of " + row.module);
      }
      for (String name : row.classes) {
        if (!classes.contains(row.pkg + "." + name)) {
          wrong.add("row '" + row.concept + "' (" + row.pkg + ") names " + name + ", not there");
        }
      }
      for (String ref : row.references) {
        String pkg = ref.substring(0, ref.lastIndexOf('.'));
        String underBase = row.module.mapBase() + "." + pkg;
        String underProject = JarModule.PROJECT + "." + pkg;
        String resolved =
            packages.contains(underBase)
                ? underBase
                : packages.contains(underProject) ? underProject : null;
        String name = ref.substring(ref.lastIndexOf('.') + 1);
        if (resolved != null && !classes.contains(resolved + "." + name)) {
          wrong.add("row '" + row.concept + "' refers to " + ref + ", no main class");
        }
      }
    }
    assertEquals(List.of(), wrong, "classes design.md's map puts in the wrong place");
  }
}
