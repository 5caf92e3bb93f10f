package io.hdfslocalcache.ops.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.admin.ControlFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The control files the DataNode reads (AdminIT checks that a live DataNode acts on them). */
class AdminCommandTest {
  @TempDir Path dir;
  private Path control;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void dataNodeCache() throws Exception {
    Files.createDirectories(dir.resolve("uuid-1/index"));
    control = dir.resolve("uuid-1").resolve(ControlFiles.CONTROL_DIR);
  }

  private int run(String... args) {
    out.reset();
    err.reset();
    return AdminCommand.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private List<String> evictions() throws Exception {
    try (Stream<Path> s = Files.list(control)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith(ControlFiles.EVICT_PREFIX))
          .toList();
    }
  }

  @Test
  void run_bypassThenResume_createsThenRemovesTheBypassFile() {
    assertEquals(0, run("--dir", dir.toString(), "bypass"), err());
    assertTrue(Files.exists(control.resolve(ControlFiles.BYPASS_FILE)));
    assertEquals(0, run("resume", "--dir", dir.toString()), "--dir after the action too");
    assertTrue(!Files.exists(control.resolve(ControlFiles.BYPASS_FILE)));
  }

  @Test
  void run_evict_writesOneCommandFileEach() throws Exception {
    assertEquals(0, run("--dir", dir.toString(), "evict", "--all"), err());
    assertEquals(0, run("--dir", dir.toString(), "evict", "BP-1-127.0.0.1-1", "1073741825"));
    List<String> files = evictions();
    assertEquals(2, files.size(), files.toString());
    List<String> contents =
        files.stream()
            .map(
                f -> {
                  try {
                    return Files.readString(control.resolve(f)).trim();
                  } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                  }
                })
            .sorted()
            .toList();
    assertEquals(List.of("BP-1-127.0.0.1-1 1073741825", ControlFiles.EVICT_ALL), contents);
    assertEquals(0, run("--dir", dir.toString(), "state"));
    assertTrue(
        out.toString(StandardCharsets.UTF_8).startsWith("bypass off, 2 eviction command(s)"));
  }

  /** {@code --version}, of the command and of an action, names the tools' release. */
  @Test
  void run_version_namesTheTools() {
    for (String[] args : List.of(new String[] {"--version"}, new String[] {"bypass", "-V"})) {
      assertEquals(0, run(args), err());
      String printed = out.toString(StandardCharsets.UTF_8);
      assertTrue(printed.startsWith("hdfs-local-cache "), List.of(args) + ": '" + printed + "'");
    }
  }

  @Test
  void run_badArguments_exit2OneLine() {
    assertEquals(2, run("bypass"));
    assertTrue(err().startsWith("hdfs-local-cache admin: --dir <cache dir> is required"), err());
    assertEquals(2, run("--dir", dir.toString()));
    assertTrue(err().contains("an action is required"), err());
    assertEquals(2, run("--dir", dir.toString(), "evict"));
    assertTrue(err().contains("evict needs --all, --path <hdfs path>, or a block pool id"), err());
    assertEquals(2, run("--dir", dir.toString(), "evict", "--all", "--path", "/a"));
    assertEquals(2, run("--dir", dir.toString(), "list", "--timeout", "0"));
    assertTrue(err().contains("--timeout must be at least 1 second"), err());
    assertEquals(2, run("--dir", dir.toString(), "evict", "--all", "BP-1", "1"));
    assertEquals(2, run("--dir", dir.toString(), "evict", "BP-1", "blk_1"));
    assertTrue(err().contains("block id must be a number"), err());
    assertEquals(2, run("--dir", dir.toString(), "flush"));
    assertTrue(err().contains("Unmatched argument at index 2: 'flush'"), err());
    assertEquals(2, run("--dir", dir.resolve("nope").toString(), "state"));
    assertTrue(err().contains("is not a directory"), err());
    assertEquals(1, err().lines().count(), err());
  }

  @Test
  void run_twoDataNodesShareTheDir_needsTheUuid() throws Exception {
    Files.createDirectories(dir.resolve("uuid-2/index"));
    assertEquals(2, run("--dir", dir.toString(), "bypass"));
    assertTrue(err().contains("name one with --datanode-uuid"), err());
    assertEquals(0, run("--dir", dir.toString(), "--datanode-uuid", "uuid-2", "bypass"), err());
    assertTrue(Files.exists(dir.resolve("uuid-2/control").resolve(ControlFiles.BYPASS_FILE)));
  }

  /** Two directories of one DataNode, as it records them at start (AdminControl). */
  private List<Path> twoDirectories() throws Exception {
    Path ssd1 = dir.resolve("ssd1");
    Path ssd2 = dir.resolve("ssd2");
    List<Path> dataNodeDirs = List.of(ssd1.resolve("uuid-1"), ssd2.resolve("uuid-1"));
    String record = dataNodeDirs.get(0) + "\n" + dataNodeDirs.get(1) + "\n";
    for (Path d : dataNodeDirs) {
      Files.createDirectories(d.resolve("index"));
      Files.createDirectories(d.resolve(ControlFiles.CONTROL_DIR));
      Files.writeString(
          d.resolve(ControlFiles.CONTROL_DIR).resolve(ControlFiles.DIRECTORIES_FILE), record);
    }
    return List.of(ssd1, ssd2);
  }

  private static boolean bypassFile(Path ssd) {
    return Files.exists(
        ssd.resolve("uuid-1").resolve(ControlFiles.CONTROL_DIR).resolve(ControlFiles.BYPASS_FILE));
  }

  @Test
  void run_bypassOneDirResumeTheOther_noBypassFileLeft() throws Exception {
    List<Path> ssd = twoDirectories();
    assertEquals(0, run("--dir", ssd.get(0).toString(), "bypass"), err());
    assertEquals(0, run("--dir", ssd.get(1).toString(), "state"), err());
    assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("bypass on"), out.toString());
    // A bypass file by hand in one directory only, as install.md shows without the tool.
    Files.delete(
        ssd.get(1)
            .resolve("uuid-1")
            .resolve(ControlFiles.CONTROL_DIR)
            .resolve(ControlFiles.BYPASS_FILE));
    assertEquals(0, run("--dir", ssd.get(1).toString(), "state"), err());
    assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("bypass on"), out.toString());
    assertEquals(0, run("--dir", ssd.get(1).toString(), "resume"), err());
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("the DataNode's 2 directories"));
    assertFalse(bypassFile(ssd.get(0)), "the DataNode would stay bypassed");
    assertFalse(bypassFile(ssd.get(1)));
    assertEquals(0, run("--dir", ssd.get(0).toString(), "state", "--json"), err());
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("\"bypass\":false"), out.toString());
  }

  @Test
  void run_dirNoLongerTheDataNodes_refusedNamingTheCurrentOnes() throws Exception {
    List<Path> ssd = twoDirectories();
    // The DataNode restarted with ssd1 only: ssd2 keeps the record of the start before.
    Path current = ssd.get(0).resolve("uuid-1");
    Files.writeString(
        current.resolve(ControlFiles.CONTROL_DIR).resolve(ControlFiles.DIRECTORIES_FILE),
        current + "\n");
    assertEquals(2, run("--dir", ssd.get(1).toString(), "resume"));
    assertTrue(err().contains("is no longer a cache directory of this DataNode"), err());
  }

  @Test
  void run_listNoDataNodeAnswers_failsNamingTheRequestAndRemovesIt() throws Exception {
    assertEquals(1, run("--dir", dir.toString(), "list", "--timeout", "1"));
    assertTrue(err().contains("no answer from the DataNode within 1 s"), err());
    try (Stream<Path> s = Files.list(control)) {
      assertEquals(List.of(), s.toList(), "request removed");
    }
  }

  @Test
  void run_help_listsTheActions() {
    assertEquals(0, run("--help"));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.startsWith("Usage: hdfs-local-cache admin"), text);
    for (String action : List.of("bypass", "resume", "evict", "state", "list")) {
      assertTrue(text.contains("  " + action), text);
    }
  }
}
