package io.hdfslocalcache.ops.admin;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hdfslocalcache.admin.ControlFiles;
import io.hdfslocalcache.ops.CommandFailure;
import io.hdfslocalcache.ops.OpsCli;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

/**
 * {@code hdfs-local-cache admin --dir <cache dir> bypass|resume|state|evict|list}: writes the
 * control files ({@link ControlFiles}) the DataNode reads, on the DataNode's host, as the
 * DataNode's user (the only one who can write the cache directory). No port, no restart: the
 * DataNode acts within a few seconds. Every action is the DataNode's, not the directory's: {@code
 * --dir} is any one of its directories and {@link DataNodeDirs} finds the others, because a {@code
 * bypass} file in any of them bypasses the whole DataNode. Errors are one line on stderr: exit 2
 * for bad arguments, 1 for a failure.
 */
@Command(
    name = "hdfs-local-cache admin",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "On a DataNode's host, as the DataNode's user: bypass the cache, resume, evict cached"
          + " blocks or list them, without a restart.",
      "Acts on the whole DataNode: --dir is any one of its cache directories.",
      "The DataNode's maintenance thread acts on a command within about 2 seconds."
    })
public final class AdminCommand implements Callable<Integer> {
  @Option(
      names = "--dir",
      paramLabel = "DIR",
      scope = ScopeType.INHERIT,
      description = "Any one of the DataNode's dfs.datanode.local-cache.dirs.")
  Path dir;

  @Option(
      names = "--datanode-uuid",
      paramLabel = "UUID",
      scope = ScopeType.INHERIT,
      description = "Which DataNode's cache under it (needed only when several share it).")
  String uuid;

  private final PrintStream out;

  AdminCommand(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the exit code. Never throws. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return OpsCli.execute(new AdminCommand(out), args, out, err);
  }

  @Override
  public Integer call() {
    throw new IllegalArgumentException(
        "an action is required: bypass, resume, state, evict or list");
  }

  @Command(
      name = "bypass",
      mixinStandardHelpOptions = true,
      description = "Serve every read from the HDDs and admit nothing; keep the cached blocks.")
  int bypass() throws IOException {
    DataNodeDirs node = dataNode();
    List<String> failed = new ArrayList<>();
    for (Path control : node.controls()) {
      try {
        createPrivate(control);
        Files.write(control.resolve(ControlFiles.BYPASS_FILE), new byte[0]);
      } catch (IOException e) {
        failed.add(control + " (" + e + ")");
      }
    }
    if (failed.size() == node.controls().size()) {
      throw new CommandFailure("bypass not set, no directory could be written: " + failed);
    }
    out.println("bypass requested for " + where(node) + ": reads go to the HDDs within ~2 s");
    if (!failed.isEmpty()) {
      out.println("(not written in " + failed + "; one directory is enough)");
    }
    return 0;
  }

  @Command(
      name = "resume",
      mixinStandardHelpOptions = true,
      description = "End a bypass: remove the bypass file from every directory of the DataNode.")
  int resume() throws IOException {
    DataNodeDirs node = dataNode();
    List<String> left = new ArrayList<>();
    for (Path control : node.controls()) {
      Path f = control.resolve(ControlFiles.BYPASS_FILE);
      try {
        Files.deleteIfExists(f);
      } catch (IOException e) {
        // A directory the DataNode cannot read either (a dead SSD) does not keep it bypassed.
        if (Files.exists(f)) {
          left.add(f + " (" + e + ")");
        }
      }
    }
    if (!left.isEmpty()) {
      throw new CommandFailure("the DataNode stays bypassed: cannot remove " + left);
    }
    out.println("bypass ended for " + where(node) + ": reads use the cache again within ~2 s");
    return 0;
  }

  @Command(
      name = "evict",
      mixinStandardHelpOptions = true,
      description = {
        "Drop cached blocks: every one (--all), those of an HDFS file or directory (--path,"
            + " resolved through the NameNode), or one: evict <blockPoolId> <blockId>."
      })
  int evict(
      @Option(names = "--all", description = "Drop every cached block.") boolean all,
      @Option(
              names = "--path",
              paramLabel = "PATH",
              description =
                  "An HDFS file or directory (every file under it): hdfs://... or a path of"
                      + " fs.defaultFS.")
          String path,
      @Option(names = "--json", description = "Print what was requested as JSON.") boolean json,
      @Parameters(arity = "0..2", paramLabel = "BLOCK_POOL_ID BLOCK_ID") List<String> block)
      throws IOException {
    int n = block == null ? 0 : block.size();
    int forms = (all ? 1 : 0) + (path != null ? 1 : 0) + (n != 0 ? 1 : 0);
    if (forms != 1 || (n != 0 && n != 2)) {
      throw new IllegalArgumentException(
          "evict needs --all, --path <hdfs path>, or a block pool id and a block id"
              + " (BP-... 1073741825)");
    }
    Path control = dataNode().controls().get(0);
    Eviction e;
    if (all) {
      e = Eviction.all();
    } else if (path != null) {
      e = Eviction.of(PathBlocks.of(path, new HdfsConfiguration()));
    } else {
      e = Eviction.one(block.get(0), block.get(1));
    }
    if (!e.lines().isEmpty()) {
      command(control, String.join("\n", e.lines()) + "\n");
    }
    out.println(json ? e.json(control) : e.text(control));
    return 0;
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description =
          "What the live DataNode has cached, per directory: blocks, bytes, pages, last read.")
  int list(
      @Option(names = "--json", description = "Print the listing as JSON.") boolean json,
      @Option(
              names = "--timeout",
              paramLabel = "SECONDS",
              defaultValue = "10",
              description =
                  "How long to wait for the DataNode's answer (default: ${DEFAULT-VALUE}).")
          int timeoutSeconds)
      throws IOException, InterruptedException {
    if (timeoutSeconds < 1) {
      throw new IllegalArgumentException("--timeout must be at least 1 second");
    }
    var listing = ListRequest.ask(dataNode().controls().get(0), Duration.ofSeconds(timeoutSeconds));
    out.print(
        json ? ListingView.json(listing) + System.lineSeparator() : ListingView.text(listing));
    return 0;
  }

  @Command(
      name = "state",
      mixinStandardHelpOptions = true,
      description =
          "Print the DataNode's bypass state (on if any directory has the bypass file) and the"
              + " eviction commands not yet taken.")
  int state(@Option(names = "--json", description = "Print the state as JSON.") boolean json)
      throws IOException {
    DataNodeDirs node = dataNode();
    List<Path> bypassFiles = new ArrayList<>();
    int pending = 0;
    for (Path control : node.controls()) {
      Path f = control.resolve(ControlFiles.BYPASS_FILE);
      if (Files.exists(f)) {
        bypassFiles.add(f);
      }
      pending += pending(control);
    }
    boolean on = !bypassFiles.isEmpty();
    if (json) {
      ObjectNode n = ListingView.object();
      n.put("bypass", on);
      bypassFiles.forEach(f -> n.withArray("bypassFiles").add(f.toString()));
      n.put("pendingEvictions", pending);
      ArrayNode dirs = n.putArray("directories");
      node.dirs().forEach(d -> dirs.add(d.toString()));
      n.put("directoriesRecorded", node.recorded());
      out.println(ListingView.write(n));
      return 0;
    }
    out.println(
        "bypass "
            + (on ? "on" : "off")
            + ", "
            + pending
            + " eviction command(s) pending, for "
            + where(node)
            + (on ? "; bypass file in " + bypassFiles : ""));
    return 0;
  }

  private DataNodeDirs dataNode() throws IOException {
    if (dir == null) {
      throw new IllegalArgumentException("--dir <cache dir> is required");
    }
    return DataNodeDirs.of(dir, uuid);
  }

  /** The directories a command acted on, in words. */
  private static String where(DataNodeDirs node) {
    if (!node.recorded()) {
      return node.dirs().get(0)
          + " only (the DataNode has recorded no directories: it has not started with this"
          + " release; give each of its directories in turn)";
    }
    return "the DataNode's "
        + node.dirs().size()
        + " director"
        + (node.dirs().size() == 1 ? "y" : "ies")
        + " "
        + node.dirs();
  }

  /** Written under a name the DataNode ignores, then renamed: never read half-written. */
  private static void command(Path control, String text) throws IOException {
    createPrivate(control);
    String name = ControlFiles.EVICT_PREFIX + System.currentTimeMillis() + "-" + System.nanoTime();
    Path tmp = control.resolve("." + name);
    Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
    Files.move(tmp, control.resolve(name), StandardCopyOption.ATOMIC_MOVE);
  }

  private static int pending(Path control) throws IOException {
    if (!Files.isDirectory(control)) {
      return 0;
    }
    int n = 0;
    try (DirectoryStream<Path> s =
        Files.newDirectoryStream(control, ControlFiles.EVICT_PREFIX + "*")) {
      for (Path ignored : s) {
        n++;
      }
    }
    return n;
  }

  static void createPrivate(Path dir) throws IOException {
    Files.createDirectories(dir);
    try {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system
    }
  }
}
