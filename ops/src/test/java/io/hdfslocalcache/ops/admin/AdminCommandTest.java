package io.hdfslocalcache.ops.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
                    return Files.readString(control.resolve(f));
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

  @Test
  void run_badArguments_exit2OneLine() {
    assertEquals(2, run("bypass"));
    assertTrue(err().startsWith("hdfs-local-cache admin: --dir <cache dir> is required"), err());
    assertEquals(2, run("--dir", dir.toString()));
    assertTrue(err().contains("an action is required"), err());
    assertEquals(2, run("--dir", dir.toString(), "evict"));
    assertTrue(err().contains("evict needs --all, or a block pool id and a block id"), err());
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

  @Test
  void run_help_listsTheActions() {
    assertEquals(0, run("--help"));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.startsWith("Usage: hdfs-local-cache admin"), text);
    for (String action : List.of("bypass", "resume", "evict", "state")) {
      assertTrue(text.contains("  " + action), text);
    }
  }
}
