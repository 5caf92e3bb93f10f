package io.hdfslocalcache.distribution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.distribution.UnpackedRelease.Result;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs in the {@code integration-test} phase, after {@code package} built the tarball: unpacks it
 * into target/ and runs the ops tools from it the way an operator would, with a PATH that has
 * {@code java} but no {@code mvn}.
 */
class ReleaseTarballTest {

  private static final Path TRACE =
      UnpackedRelease.REPO.resolve(
          "simulator/src/test/resources/traces/clienttrace-hadoop-3.5.0-minidfs.log");

  private static UnpackedRelease release;
  private static Path home;

  @BeforeAll
  static void unpack() throws Exception {
    release = UnpackedRelease.get();
    home = release.home;
  }

  @Test
  void namenodeJar_onlyItsOwnClasses() throws IOException {
    // The NameNode loads it next to its own Hadoop: nothing of the DataNode jar's dependencies.
    Path jar = home.resolve("lib/hdfs-local-cache-namenode-" + UnpackedRelease.VERSION + ".jar");
    try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
      java.util.List<String> foreign =
          zip.stream()
              .map(java.util.zip.ZipEntry::getName)
              .filter(n -> n.endsWith(".class"))
              .filter(n -> !n.startsWith("io/hdfslocalcache/namenode/routing/"))
              .collect(java.util.stream.Collectors.toList());
      assertEquals(java.util.Collections.emptyList(), foreign);
      assertTrue(
          zip.getEntry("io/hdfslocalcache/namenode/routing/RendezvousTopology.class") != null);
    }
  }

  @Test
  void layout() throws IOException {
    String version = UnpackedRelease.VERSION;
    assertEquals(
        new TreeSet<>(
            Arrays.asList(
                "hdfs-local-cache-datanode-" + version + ".jar",
                "hdfs-local-cache-namenode-" + version + ".jar",
                "hdfs-local-cache-tools-" + version + ".jar")),
        list(home.resolve("lib")));
    assertTrue(Files.isExecutable(home.resolve("bin/hdfs-local-cache")));
    assertEquals(new TreeSet<>(Arrays.asList("hdfs-local-cache")), list(home.resolve("bin")));
    // the same script as the source checkout's, not a copy that can drift
    assertArrayEquals(
        Files.readAllBytes(UnpackedRelease.REPO.resolve("bin/hdfs-local-cache")),
        Files.readAllBytes(home.resolve("bin/hdfs-local-cache")));
    assertTrue(Files.isRegularFile(home.resolve("README.md")));
    assertTrue(Files.isRegularFile(home.resolve("conf/hdfs-site.xml.example")));
    assertTrue(Files.isRegularFile(home.resolve("docs/install.md")));
    assertTrue(!Files.exists(home.resolve("pom.xml")), "a release is not a source checkout");
  }

  /**
   * The release's README is its own quick install: every {@code bin/hdfs-local-cache} command it
   * shows is one this release's launcher runs (not {@code demo} or {@code bench}, which need the
   * source checkout), it names no Maven build, and it sets the three keys that matter.
   */
  @Test
  void readme_isTheReleasesQuickInstall_everyCommandItShowsRunsHere() throws Exception {
    String readme = Files.readString(home.resolve("README.md"));
    assertTrue(!readme.contains("mvn -B verify\n") && !readme.contains("\nmvn "), readme);
    for (String key :
        List.of(
            "dfs.datanode.fsdataset.factory",
            "dfs.datanode.local-cache.dirs",
            "dfs.datanode.local-cache.capacity")) {
      assertTrue(readme.contains("<name>" + key + "</name>"), key + " not set in the README");
    }
    Matcher m = Pattern.compile("(?m)^\\s*bin/hdfs-local-cache ([a-z]+)").matcher(readme);
    List<String> commands = new ArrayList<>();
    while (m.find()) {
      commands.add(m.group(1));
    }
    assertTrue(commands.size() >= 2, "commands shown: " + commands);
    for (String command : commands) {
      Result r = launcher(home, command, "--help");
      assertEquals(0, r.exit, "the README shows '" + command + "', the release refuses it: " + r);
    }
  }

  @Test
  void licences_inTheTarballAndInTheDataNodeJar() throws IOException {
    Path repo = UnpackedRelease.REPO;
    List<String> files =
        Arrays.asList(
            "LICENSE",
            "NOTICE",
            "licenses/LICENSE-protobuf.txt",
            "licenses/LICENSE-rocksdb-leveldb.txt");
    for (String f : files) {
      assertArrayEquals(
          Files.readAllBytes(repo.resolve(f)), Files.readAllBytes(home.resolve(f)), f);
    }
    Path jar = home.resolve("lib/hdfs-local-cache-datanode-" + UnpackedRelease.VERSION + ".jar");
    try (ZipFile z = new ZipFile(jar.toFile())) {
      for (String f : files) {
        ZipEntry e = z.getEntry("META-INF/" + f);
        assertTrue(e != null, "META-INF/" + f + " missing from " + jar);
        assertArrayEquals(
            Files.readAllBytes(repo.resolve(f)), z.getInputStream(e).readAllBytes(), f);
      }
    }
    String license =
        new String(Files.readAllBytes(repo.resolve("LICENSE")), StandardCharsets.UTF_8);
    assertTrue(license.startsWith("                                 Apache License"), license);
    for (String bundled :
        Arrays.asList("Alluxio", "RocksDB", "Dropwizard Metrics", "Protocol Buffers", "Netty")) {
      assertTrue(license.contains(bundled), bundled + " not listed in LICENSE");
    }
  }

  @Test
  void statusAndAdminHelpRunFromTheToolsJarWithoutMaven() throws Exception {
    for (String command : new String[] {"status", "admin"}) {
      Result r = launcher(home, command, "--help");
      assertEquals(0, r.exit, r.toString());
      assertTrue(r.out.startsWith("Usage: hdfs-local-cache " + command), r.toString());
      assertTrue(!r.err.contains("building"), r.toString());
    }
  }

  /**
   * Every class of ours that the release's commands can load links and initializes from the tools
   * jar alone (no other class path): the commands' own packages (from the main classes the launcher
   * names) and every class of ours they reach through field and method references. The names they
   * share with the DataNode come from cache-api, which needs nothing but the JDK; a class that
   * needs more (Dropwizard metrics, RocksDB, Alluxio, Hadoop's server side are not in the jar)
   * fails here instead of as a NoClassDefFoundError against a live DataNode.
   */
  @Test
  void toolsJar_everyClassTheCommandsReach_linksFromTheJarAlone() throws Exception {
    Map<String, Set<String>> uses = new HashMap<>();
    try (ZipFile jar = new ZipFile(release.toolsJar().toFile())) {
      for (ZipEntry e : Collections.list(jar.entries())) {
        String n = e.getName();
        if (n.startsWith("io/hdfslocalcache/") && n.endsWith(".class")) {
          try (java.io.InputStream in = jar.getInputStream(e)) {
            uses.put(
                n.substring(0, n.length() - ".class".length()),
                ClassReferences.used(in.readAllBytes()));
          }
        }
      }
    }
    Set<String> commandPackages = new TreeSet<>();
    Matcher m =
        Pattern.compile("echo \"tools \\S+ (io\\.hdfslocalcache\\.[a-z]+)\\.")
            .matcher(Files.readString(home.resolve("bin/hdfs-local-cache")));
    while (m.find()) {
      commandPackages.add(m.group(1).replace('.', '/') + "/");
    }
    assertEquals(
        new TreeSet<>(Arrays.asList("io/hdfslocalcache/ops/", "io/hdfslocalcache/simulator/")),
        commandPackages);
    Deque<String> todo = new ArrayDeque<>();
    for (String c : uses.keySet()) {
      if (commandPackages.stream().anyMatch(c::startsWith)) {
        todo.add(c);
      }
    }
    Set<String> reached = new TreeSet<>(todo);
    while (!todo.isEmpty()) {
      for (String d : uses.get(todo.poll())) {
        if (uses.containsKey(d) && reached.add(d)) {
          todo.add(d);
        }
      }
    }
    List<String> failed = new ArrayList<>();
    try (URLClassLoader alone =
        new URLClassLoader(
            new URL[] {release.toolsJar().toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      for (String c : reached) {
        try {
          Class.forName(c.replace('/', '.'), true, alone);
        } catch (LinkageError | ReflectiveOperationException | RuntimeException e) {
          failed.add(c + ": " + e);
        }
      }
    }
    assertEquals(List.of(), failed);
    assertTrue(reached.size() > 100, "only " + reached.size() + " classes reached");
  }

  /**
   * The Hadoop client inside the tools jar (no Hadoop installed, Hadoop's server side left out of
   * the jar): status lists a real cluster's DataNodes from its NameNode, simulate reads a glob of
   * traces in its HDFS. The cluster runs without the cache: every DataNode says so.
   */
  @Test
  void statusFleetAndHdfsTracesRunFromTheToolsJar() throws Exception {
    Configuration conf = new HdfsConfiguration();
    conf.set(
        MiniDFSCluster.HDFS_MINIDFS_BASEDIR,
        UnpackedRelease.TARGET.resolve("release-test/dfs").toString());
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    try {
      cluster.waitActive();
      cluster
          .getFileSystem()
          .copyFromLocalFile(
              new org.apache.hadoop.fs.Path(TRACE.toUri()),
              new org.apache.hadoop.fs.Path("/traces/dn1.log"));
      Result status =
          launcher(
              home,
              "status",
              "--namenode",
              "localhost:" + cluster.getNameNode().getHttpAddress().getPort());
      assertEquals(0, status.exit, status.toString());
      assertTrue(status.out.contains("NO_CACHE: cache not active"), status.toString());
      assertTrue(status.out.contains("TOTAL (0 of 1)"), status.toString());

      Result simulate =
          launcher(
              home,
              "simulate",
              "--trace=hdfs://localhost:" + cluster.getNameNodePort() + "/traces/*.log",
              "--cache-size=64m",
              "--policy=admit-all",
              "--threads=1");
      assertEquals(0, simulate.exit, simulate.toString());
      assertTrue(
          Arrays.stream(simulate.out.split("\n"))
              .anyMatch(l -> l.startsWith("admit-all ") && l.contains("40.00")),
          simulate.toString());
    } finally {
      cluster.shutdown();
    }
  }

  @Test
  void simulateRunsFromTheToolsJarWithoutMaven() throws Exception {
    Result r =
        launcher(
            home,
            "simulate",
            "--trace=" + TRACE,
            "--cache-size=64m",
            "--policy=admit-all",
            "--threads=1");
    assertEquals(0, r.exit, r.toString());
    // 5 reads of 3 blocks: the first read of each misses, the other 2 hit (40%)
    assertTrue(
        Arrays.stream(r.out.split("\n"))
            .anyMatch(
                l -> l.startsWith("admit-all ") && l.contains("64 MiB") && l.contains("40.00")),
        r.toString());
    assertTrue(r.err.contains("5 reads, 3 writes"), r.toString());
  }

  @Test
  void demoSaysItNeedsTheSourceCheckout() throws Exception {
    Result r = launcher(home, "demo");
    assertEquals(2, r.exit, r.toString());
    assertTrue(r.err.contains("needs the source checkout"), r.toString());
  }

  /**
   * The control for the tests above: the same PATH does stop a launcher that reaches for Maven.
   * Without the tools jar the release says so; made to look like a source checkout, the launcher
   * tries to build and fails, because there is no mvn.
   */
  @Test
  void withoutTheToolsJarNothingRunsAndMavenIsNotThere() throws Exception {
    Path copy = UnpackedRelease.TARGET.resolve("release-test/without-tools-jar");
    UnpackedRelease.deleteTree(copy);
    Files.createDirectories(copy.resolve("bin"));
    Files.copy(home.resolve("bin/hdfs-local-cache"), copy.resolve("bin/hdfs-local-cache"));
    Files.createDirectories(copy.resolve("lib"));

    Result r = launcher(copy, "status", "--help");
    assertEquals(2, r.exit, r.toString());
    assertTrue(r.err.contains("reinstall the release"), r.toString());

    Files.write(copy.resolve("pom.xml"), "<project/>\n".getBytes(StandardCharsets.UTF_8));
    Files.createDirectories(copy.resolve("ops"));
    Files.write(copy.resolve("ops/pom.xml"), "<project/>\n".getBytes(StandardCharsets.UTF_8));
    r = launcher(copy, "status", "--help");
    assertEquals(1, r.exit, r.toString());
    assertTrue(r.err.contains("build of ops failed"), r.toString());
    assertTrue(r.err.contains("mvn") && r.err.contains("not found"), r.toString());
  }

  /**
   * On a DataNode host whose {@code java} is 8 or 11, admin says in one line that it needs Java 17
   * and where install.md does its work by hand, instead of an UnsupportedClassVersionError.
   */
  @Test
  void adminOnJava11_oneLineNamingTheByHandSteps() throws Exception {
    Path fakeJava = UnpackedRelease.TARGET.resolve("release-test/java11");
    UnpackedRelease.deleteTree(fakeJava);
    Files.createDirectories(fakeJava);
    Path java = fakeJava.resolve("java");
    Files.write(
        java,
        ("#!/bin/bash\n"
                + "[ \"$1\" = -version ] && echo 'openjdk version \"11.0.2\" 2019-01-15' >&2 && exit 0\n"
                + "echo ran >&2; exit 99\n")
            .getBytes(StandardCharsets.UTF_8));
    java.toFile().setExecutable(true);
    Result r =
        UnpackedRelease.run(
            List.of(home.resolve("bin/hdfs-local-cache").toString(), "admin", "--help"),
            UnpackedRelease.TARGET,
            fakeJava + ":/usr/bin:/bin");
    assertEquals(1, r.exit, r.toString());
    assertTrue(r.err.startsWith("hdfs-local-cache: 'admin' needs Java 17 or later"), r.toString());
    assertTrue(r.err.contains("'java' on the PATH is 11.0.2"), r.toString());
    assertTrue(r.err.contains("docs/install.md, 'Without the tool (Java 8 or 11)'"), r.toString());
    assertTrue(
        Files.readString(home.resolve("docs/install.md"))
            .contains("\n## Without the tool (Java 8 or 11)\n"),
        "the section it names");
  }

  private static Result launcher(Path root, String... args) throws Exception {
    return release.launcher(root, args);
  }

  private static TreeSet<String> list(Path dir) throws IOException {
    TreeSet<String> names = new TreeSet<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path e : entries) {
        names.add(e.getFileName().toString());
      }
    }
    return names;
  }
}
