package io.hdfslocalcache.distribution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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

  private static final Path TARGET = Paths.get("target").toAbsolutePath();
  private static final String RELEASE = System.getProperty("release.name");
  private static final Path REPO =
      Paths.get(System.getProperty("repo.root")).toAbsolutePath().normalize();
  private static final Path TRACE =
      REPO.resolve("simulator/src/test/resources/traces/clienttrace-hadoop-3.5.0-minidfs.log");

  private static Path home;

  /** java (a symlink to this JVM's) first, then everything in /usr/bin and /bin but Maven. */
  private static String noMavenPath;

  @BeforeAll
  static void unpackAndBuildPath() throws Exception {
    Path tarball = Paths.get(System.getProperty("tarball"));
    assertTrue(
        Files.isRegularFile(tarball), "no tarball at " + tarball + " (mvn package builds it)");
    Path unpacked = TARGET.resolve("release-test/unpacked");
    deleteTree(unpacked);
    Files.createDirectories(unpacked);
    Result tar =
        run(
            Arrays.asList("tar", "-xzf", tarball.toString(), "-C", unpacked.toString()),
            unpacked,
            System.getenv("PATH"));
    assertEquals(0, tar.exit, tar.toString());
    home = unpacked.resolve(RELEASE);

    Path javaDir = TARGET.resolve("release-test/path-java");
    Path sysDir = TARGET.resolve("release-test/path-system-without-mvn");
    deleteTree(javaDir);
    deleteTree(sysDir);
    Files.createDirectories(javaDir);
    Files.createDirectories(sysDir);
    Files.createSymbolicLink(
        javaDir.resolve("java"), Paths.get(System.getProperty("java.home"), "bin", "java"));
    for (String dir : new String[] {"/usr/bin", "/bin"}) {
      Path d = Paths.get(dir);
      if (!Files.isDirectory(d)) {
        continue;
      }
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(d)) {
        for (Path e : entries) {
          String name = e.getFileName().toString();
          Path link = sysDir.resolve(name);
          if (name.startsWith("mvn")
              || name.equals("java")
              || Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            continue;
          }
          Files.createSymbolicLink(link, e);
        }
      }
    }
    noMavenPath = javaDir + File.pathSeparator + sysDir;

    Result mvn = run(Arrays.asList("/bin/bash", "-c", "command -v mvn"), home, noMavenPath);
    assertNotEquals(0, mvn.exit, "mvn must not be on the test PATH, found: " + mvn.out);
    Result java = run(Arrays.asList("/bin/bash", "-c", "command -v java"), home, noMavenPath);
    assertEquals(0, java.exit, java.toString());
  }

  @Test
  void layout() throws IOException {
    String version = RELEASE.substring("hdfs-local-cache-".length());
    assertEquals(
        new TreeSet<>(
            Arrays.asList(
                "hdfs-local-cache-datanode-" + version + ".jar",
                "hdfs-local-cache-tools-" + version + ".jar")),
        list(home.resolve("lib")));
    assertTrue(Files.isExecutable(home.resolve("bin/hdfs-local-cache")));
    assertEquals(new TreeSet<>(Arrays.asList("hdfs-local-cache")), list(home.resolve("bin")));
    // the same script as the source checkout's, not a copy that can drift
    assertArrayEquals(
        Files.readAllBytes(REPO.resolve("bin/hdfs-local-cache")),
        Files.readAllBytes(home.resolve("bin/hdfs-local-cache")));
    assertTrue(Files.isRegularFile(home.resolve("README.md")));
    assertTrue(Files.isRegularFile(home.resolve("conf/hdfs-site.xml.example")));
    assertTrue(Files.isRegularFile(home.resolve("docs/install.md")));
    assertTrue(!Files.exists(home.resolve("pom.xml")), "a release is not a source checkout");
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
   * The Hadoop client inside the tools jar (no Hadoop installed, Hadoop's server side left out of
   * the jar): status lists a real cluster's DataNodes from its NameNode, simulate reads a glob of
   * traces in its HDFS. The cluster runs without the cache: every DataNode says so.
   */
  @Test
  void statusFleetAndHdfsTracesRunFromTheToolsJar() throws Exception {
    Configuration conf = new HdfsConfiguration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, TARGET.resolve("release-test/dfs").toString());
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
    Path copy = TARGET.resolve("release-test/without-tools-jar");
    deleteTree(copy);
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

  private static Result launcher(Path root, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(root.resolve("bin/hdfs-local-cache").toString());
    cmd.addAll(Arrays.asList(args));
    return run(cmd, TARGET, noMavenPath);
  }

  private static Result run(List<String> cmd, Path dir, String path) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    Map<String, String> env = pb.environment();
    env.put("PATH", path);
    for (String k :
        new String[] {
          "JAVA_HOME",
          "MAVEN_HOME",
          "M2_HOME",
          "MAVEN_OPTS",
          "HDFS_LOCAL_CACHE_JAVA_OPTS",
          "HADOOP_CONF_DIR"
        }) {
      env.remove(k);
    }
    Path out = Files.createTempFile(TARGET, "out", ".txt");
    Path err = Files.createTempFile(TARGET, "err", ".txt");
    try {
      pb.redirectOutput(out.toFile()).redirectError(err.toFile());
      Process p = pb.start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("timed out: " + cmd);
      }
      return new Result(
          cmd,
          p.exitValue(),
          new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
          new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
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

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }

  private static final class Result {
    final List<String> cmd;
    final int exit;
    final String out;
    final String err;

    Result(List<String> cmd, int exit, String out, String err) {
      this.cmd = cmd;
      this.exit = exit;
      this.out = out;
      this.err = err;
    }

    @Override
    public String toString() {
      return cmd + " exited " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }
}
