package io.hdfslocalcache.ops.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.admin.ControlFiles;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The admin commands the docs show are commands the tool takes, and the control files install.md
 * writes by hand are the names the DataNode reads ({@link ControlFiles}).
 */
class AdminDocTest {
  private static final Path DOCS = Path.of("..", "docs");

  /**
   * {@code bin/hdfs-local-cache admin ...} lines of code blocks and {@code `admin --dir ...`}
   * spans.
   */
  private static final Pattern COMMAND =
      Pattern.compile("(?:^bin/hdfs-local-cache admin (.*?)\\s*(?:#.*)?$|`admin (--dir [^`]*)`)");

  /** A file name of the by-hand section: {@code $C/<name>} or {@code /control/<name>}. */
  private static final Pattern CONTROL_FILE =
      Pattern.compile("(?:\\$C|/" + ControlFiles.CONTROL_DIR + ")/([.a-z][a-z0-9-]*)");

  private static List<String> documentedCommands() throws Exception {
    List<String> out = new ArrayList<>();
    for (String doc : List.of("operations.md", "install.md")) {
      for (String line : Files.readAllLines(DOCS.resolve(doc))) {
        Matcher m = COMMAND.matcher(line);
        while (m.find()) {
          out.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
      }
    }
    return out;
  }

  @Test
  void docs_adminCommands_parseAsTheToolTakesThem() throws Exception {
    List<String> commands = documentedCommands();
    assertTrue(commands.size() >= 9, "found " + commands);
    List<String> actions = new ArrayList<>();
    for (String c : commands) {
      CommandLine cl =
          new CommandLine(new AdminCommand(new PrintStream(OutputStream.nullOutputStream())));
      CommandLine.ParseResult r = cl.parseArgs(c.split("\\s+"));
      assertTrue(r.hasSubcommand(), "no action in: " + c);
      actions.add(r.subcommand().commandSpec().name());
    }
    for (String action : List.of("bypass", "resume", "state", "list", "evict")) {
      assertTrue(actions.contains(action), action + " documented: " + commands);
    }
  }

  @Test
  void installDoc_byHand_writesOnlyTheFilesTheDataNodeReads() throws Exception {
    String install = Files.readString(DOCS.resolve("install.md"));
    int from = install.indexOf("## Without the tool");
    String section = install.substring(from, install.indexOf("\n## ", from + 1));
    Matcher m = CONTROL_FILE.matcher(section);
    List<String> names = new ArrayList<>();
    while (m.find()) {
      names.add(m.group(1));
    }
    assertTrue(names.size() >= 10, "found " + names);
    for (String n : names) {
      String name = n.startsWith(".") ? n.substring(1) : n;
      boolean known =
          name.equals(ControlFiles.DIRECTORIES_FILE)
              || name.equals(ControlFiles.BYPASS_FILE)
              || name.startsWith(ControlFiles.EVICT_PREFIX)
              || name.startsWith(ControlFiles.LISTING_PREFIX)
              || name.startsWith(ControlFiles.LIST_PREFIX);
      assertTrue(known, "install.md writes " + n + ", which the DataNode does not read");
    }
    assertEquals(
        names.stream().filter(n -> n.startsWith(".")).count(),
        names.stream().filter(n -> n.startsWith("." + ControlFiles.EVICT_PREFIX)).count(),
        "only evictions are written under a dot name first");
  }
}
