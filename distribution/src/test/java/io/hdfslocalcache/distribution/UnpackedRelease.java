package io.hdfslocalcache.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The release tarball as an operator has it: unpacked once per test JVM into target/, run with a
 * PATH that has {@code java} (a symlink to this JVM's) but no {@code mvn}. Shared by the tests that
 * run the release's commands, so the tarball is unpacked once.
 */
final class UnpackedRelease {
  static final Path TARGET = Paths.get("target").toAbsolutePath();
  static final String RELEASE = System.getProperty("release.name");
  static final String VERSION = RELEASE.substring("hdfs-local-cache-".length());
  static final Path REPO = Paths.get(System.getProperty("repo.root")).toAbsolutePath().normalize();

  private static UnpackedRelease instance;

  final Path home;

  /** java first, then everything in /usr/bin and /bin but Maven. */
  final String noMavenPath;

  private UnpackedRelease(Path home, String noMavenPath) {
    this.home = home;
    this.noMavenPath = noMavenPath;
  }

  static synchronized UnpackedRelease get() throws Exception {
    if (instance == null) {
      instance = unpack();
    }
    return instance;
  }

  Path datanodeJar() {
    return home.resolve("lib/hdfs-local-cache-datanode-" + VERSION + ".jar");
  }

  Path toolsJar() {
    return home.resolve("lib/hdfs-local-cache-tools-" + VERSION + ".jar");
  }

  /** {@code bin/hdfs-local-cache args...} of this release. */
  Result launcher(String... args) throws Exception {
    return launcher(home, args);
  }

  /** {@code bin/hdfs-local-cache args...} of the release (or copy of one) at {@code root}. */
  Result launcher(Path root, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(root.resolve("bin/hdfs-local-cache").toString());
    cmd.addAll(Arrays.asList(args));
    return run(cmd, TARGET, noMavenPath);
  }

  private static UnpackedRelease unpack() throws Exception {
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
    Path home = unpacked.resolve(RELEASE);

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
              || Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
            continue;
          }
          Files.createSymbolicLink(link, e);
        }
      }
    }
    String noMavenPath = javaDir + File.pathSeparator + sysDir;

    Result mvn = run(Arrays.asList("/bin/bash", "-c", "command -v mvn"), home, noMavenPath);
    assertNotEquals(0, mvn.exit, "mvn must not be on the test PATH, found: " + mvn.out);
    Result java = run(Arrays.asList("/bin/bash", "-c", "command -v java"), home, noMavenPath);
    assertEquals(0, java.exit, java.toString());
    return new UnpackedRelease(home, noMavenPath);
  }

  /**
   * Runs {@code cmd} in {@code dir} with {@code path} as its PATH and no Java or Maven settings.
   */
  static Result run(List<String> cmd, Path dir, String path) throws Exception {
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

  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }

  static final class Result {
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
