package io.hdfslocalcache.datanode;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The walls between the cache's packages (docs/design.md has the map): no package cycles, data
 * flows from the root (the dataset wrapper and its wiring) down, the store and the block map are
 * leaves that know nothing of the read path, and only the root touches Hadoop's dataset API.
 */
class LayeringTest {
  static final String ROOT = "io.hdfslocalcache.datanode";

  static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages(ROOT);

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
  void subPackages_dependencies_formNoCycle() {
    slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(MAIN);
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
}
