package io.hdfslocalcache.datanode;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The walls between the cache's packages (docs/design.md has the map): no package cycles, data
 * flows from the root (the dataset wrapper and its wiring) down, the store and the block map are
 * leaves that know nothing of the read path, and only the root touches Hadoop's dataset API.
 *
 * <p>Between modules, read from their poms: the contract ({@code cache-api}) depends on no module,
 * the limiter on the contract (its clock), the model on those two, and the operator tools ({@code
 * ops}) on the contract only, never on {@code datanode-cache} (whose libraries would follow them
 * into the tools jar). The tools' sources are also read for the DataNode's packages, since javac
 * inlines a constant and its class would not show in the bytecode.
 *
 * <p>Across the DataNode jar ({@link JarModule}: the contract, the limiter, the model and this
 * module), no two packages form a cycle, sub-packages included ({@code model} and {@code
 * model.policy} are two), and the contract, the limiter and the model reach nothing but the JDK and
 * the modules their poms name: no library they would drag into the simulator or a Java 8 client.
 */
class LayeringTest {
  static final String ROOT = "io.hdfslocalcache.datanode";

  static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages(ROOT);

  /** Every main class of the DataNode jar's modules, as the test classpath has them. */
  static final JavaClasses JAR =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .withImportOption(location -> !location.contains("-tests.jar"))
          .importPackages(
              JarModule.ALL.stream()
                  .flatMap(m -> m.packages().stream())
                  .collect(Collectors.toList()));

  /** Hadoop's dataset API; {@code LengthInputStream} is only a stream type and may pass. */
  static final DescribedPredicate<JavaClass> DATASET_API =
      new DescribedPredicate<JavaClass>("Hadoop's dataset API (FsDatasetSpi, DataNode)") {
        @Override
        public boolean test(JavaClass c) {
          String n = c.getName();
          return n.startsWith("org.apache.hadoop.hdfs.server.datanode.fsdataset.")
                  && !n.endsWith(".LengthInputStream")
              || n.equals("org.apache.hadoop.hdfs.server.datanode.DataNode")
              || n.equals("org.apache.hadoop.hdfs.server.datanode.Replica");
        }
      };

  @Test
  void jarPackages_dependencies_formNoCycle() {
    slices().matching(JarModule.PROJECT + ".(**)").should().beFreeOfCycles().check(JAR);
  }

  @Test
  void jarModules_belowDatanodeCache_reachOnlyTheJdkAndTheirLayers() {
    for (JarModule m : JarModule.ALL) {
      if (m.name().equals("datanode-cache")) {
        continue; // its libraries are the pom's to name
      }
      List<String> allowed = new ArrayList<>(List.of("java.."));
      allowed.addAll(m.packages());
      MODULE_LAYERS.get(m.name()).forEach(d -> allowed.addAll(JarModule.named(d).packages()));
      classes()
          .that()
          .resideInAnyPackage(m.packages().toArray(new String[0]))
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(allowed.toArray(new String[0]))
          .as(m.name() + " reaches only the JDK and " + MODULE_LAYERS.get(m.name()))
          .check(JAR);
    }
  }

  @Test
  void jarModules_areDatanodeCacheAndItsModules() {
    Set<String> expected = new TreeSet<>(MODULE_LAYERS.get("datanode-cache"));
    expected.add("datanode-cache");
    Set<String> listed = new TreeSet<>();
    JarModule.ALL.forEach(m -> listed.add(m.name()));
    assertEquals(expected, listed, "the modules whose classes the DataNode jar ships");
  }

  @Test
  void subPackages_rootPackage_neverDependedOn() {
    // The root wires everything; a part that reached back into it would close a cycle.
    noClasses()
        .that()
        .resideOutsideOfPackage(ROOT)
        .and()
        .resideInAPackage(ROOT + "..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(ROOT)
        .check(MAIN);
  }

  @Test
  void subPackages_datasetApi_onlyRootAndMetricsTouchIt() {
    ArchRule rule =
        noClasses()
            .that()
            .resideInAPackage(ROOT + "..")
            .and()
            .resideOutsideOfPackages(ROOT, ROOT + ".metrics")
            .should()
            .dependOnClassesThat(DATASET_API);
    rule.check(MAIN);
  }

  @Test
  void settings_configurationRecord_readOnlyByRootAndStartup() {
    // Read once at the root and handed to the parts as plain values: no part rereads a key.
    noClasses()
        .that()
        .resideInAPackage(ROOT + "..")
        .and()
        .resideOutsideOfPackages(ROOT, ROOT + ".settings..", ROOT + ".startup..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(ROOT + ".settings..")
        .check(MAIN);
  }

  @Test
  void startup_checks_reachNoPartThatDoesIo() {
    // Pure: each check computes from values the factory gives it; the factory logs the result.
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".startup..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            ROOT + ".store..",
            ROOT + ".index..",
            ROOT + ".dir..",
            ROOT + ".read..",
            ROOT + ".shadow..",
            ROOT + ".metrics..")
        .check(MAIN);
  }

  @Test
  void store_readPathAndBlockMap_unknown() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".store..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            ROOT + ".read..",
            ROOT + ".block..",
            ROOT + ".fill..",
            ROOT + ".admission..",
            ROOT + ".dir..",
            ROOT + ".index..",
            ROOT + ".restore..",
            ROOT + ".invalidate..",
            ROOT + ".space..")
        .check(MAIN);
  }

  @Test
  void blockMap_persistenceAndSpace_unknown() {
    // An entry hands its retirement to EntryHome instead of reaching into index or budget.
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".block..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            ROOT + ".index..",
            ROOT + ".dir..",
            ROOT + ".space..",
            ROOT + ".read..",
            ROOT + ".fill..")
        .check(MAIN);
  }

  @Test
  void verifyAndHdd_leaves_dependOnNoOtherPart() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".verify..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            ROOT + ".block..", ROOT + ".read..", ROOT + ".store..", ROOT + ".fill..")
        .check(MAIN);
  }

  /** Each module's allowed dependencies among the project's own artifacts. */
  static final Map<String, Set<String>> MODULE_LAYERS = new LinkedHashMap<>();

  static {
    MODULE_LAYERS.put("cache-api", set());
    MODULE_LAYERS.put("rate-limiter", set("cache-api")); // the clock
    MODULE_LAYERS.put("cache-model", set("cache-api", "rate-limiter"));
    MODULE_LAYERS.put("datanode-cache", set("cache-api", "rate-limiter", "cache-model"));
    MODULE_LAYERS.put("ops", set("cache-api"));
  }

  private static final Pattern OWN_DEPENDENCY =
      Pattern.compile(
          "<dependency>\\s*<groupId>io\\.hdfslocalcache</groupId>\\s*<artifactId>([\\w-]+)</artifactId>");

  @Test
  void modules_ownDependencies_onlyDownTheLayers() throws IOException {
    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, Set<String>> m : MODULE_LAYERS.entrySet()) {
      String pom =
          new String(
              Files.readAllBytes(Paths.get("..", m.getKey(), "pom.xml")), StandardCharsets.UTF_8);
      Matcher d = OWN_DEPENDENCY.matcher(pom.replaceAll("(?s)<!--.*?-->", ""));
      while (d.find()) {
        if (!m.getValue().contains(d.group(1))) {
          wrong.add(m.getKey() + " -> " + d.group(1));
        }
      }
    }
    if (!wrong.isEmpty()) {
      throw new AssertionError("module dependencies against the layers: " + wrong);
    }
  }

  @Test
  void ops_sources_nameNoDataNodeClass() throws IOException {
    List<String> wrong = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Paths.get("..", "ops", "src", "main", "java"))) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
          if (lines.get(i).contains(ROOT + ".")) {
            wrong.add(f + ":" + (i + 1) + ": " + lines.get(i).trim());
          }
        }
      }
    }
    if (!wrong.isEmpty()) {
      throw new AssertionError("ops names datanode-cache's classes (use cache-api's): " + wrong);
    }
  }

  private static Set<String> set(String... modules) {
    return new HashSet<>(Arrays.asList(modules));
  }
}
