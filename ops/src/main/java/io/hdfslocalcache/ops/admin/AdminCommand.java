package io.hdfslocalcache.ops.admin;

import io.hdfslocalcache.admin.ControlFiles;
import io.hdfslocalcache.ops.OpsCli;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

/**
 * {@code hdfs-local-cache admin --dir <cache dir> bypass|resume|evict ...|state}: writes the
 * control files ({@link ControlFiles}) the DataNode reads, on the DataNode's host, as the
 * DataNode's user (the only one who can write the cache directory). No port, no restart: the
 * DataNode acts within a few seconds. Errors are one line on stderr: exit 2 for bad arguments, 1
 * for a failure.
 */
@Command(
    name = "hdfs-local-cache admin",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "On a DataNode's host, as the DataNode's user: bypass the cache, resume, or evict cached"
          + " blocks, without a restart.",
      "The DataNode's maintenance thread acts on a command within about 2 seconds."
    })
public final class AdminCommand implements Callable<Integer> {
  @Option(
      names = "--dir",
      paramLabel = "DIR",
      scope = ScopeType.INHERIT,
      description = "One of the DataNode's dfs.datanode.local-cache.dirs.")
  Path dir;

  @Option(
      names = "--datanode-uuid",
      paramLabel = "UUID",
      scope = ScopeType.INHERIT,
      description = "Which DataNode's cache under it (needed only when several share it).")
  String uuid;

  private final PrintStream out;

  private AdminCommand(PrintStream out) {
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
    throw new IllegalArgumentException("an action is required: bypass, resume, evict or state");
  }

  @Command(
      name = "bypass",
      mixinStandardHelpOptions = true,
      description = "Serve every read from the HDDs and admit nothing; keep the cached blocks.")
  int bypass() throws IOException {
    Path control = control();
    createPrivate(control);
    Files.write(control.resolve(ControlFiles.BYPASS_FILE), new byte[0]);
    out.println("bypass requested in " + control + ": reads go to the HDDs within ~2 s");
    return 0;
  }

  @Command(name = "resume", mixinStandardHelpOptions = true, description = "End a bypass.")
  int resume() throws IOException {
    Path control = control();
    Files.deleteIfExists(control.resolve(ControlFiles.BYPASS_FILE));
    out.println("bypass ended in " + control + ": reads use the cache again within ~2 s");
    return 0;
  }

  @Command(
      name = "evict",
      mixinStandardHelpOptions = true,
      description = "Drop every cached block (--all), or one: evict <blockPoolId> <blockId>.")
  int evict(
      @Option(names = "--all", description = "Drop every cached block.") boolean all,
      @Parameters(arity = "0..2", paramLabel = "BLOCK_POOL_ID BLOCK_ID") List<String> block)
      throws IOException {
    int n = block == null ? 0 : block.size();
    if (all == (n != 0) || (!all && n != 2)) {
      throw new IllegalArgumentException(
          "evict needs --all, or a block pool id and a block id (BP-... 1073741825)");
    }
    Path control = control();
    if (all) {
      command(control, ControlFiles.EVICT_ALL);
      out.println("eviction of every cached block requested in " + control);
      return 0;
    }
    try {
      Long.parseLong(block.get(1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("block id must be a number, got '" + block.get(1) + "'");
    }
    command(control, block.get(0) + " " + block.get(1));
    out.println(
        "eviction of " + block.get(0) + ":blk_" + block.get(1) + " requested in " + control);
    return 0;
  }

  @Command(
      name = "state",
      mixinStandardHelpOptions = true,
      description = "Print the bypass state and the eviction commands not yet taken.")
  int state() throws IOException {
    Path control = control();
    boolean on = Files.exists(control.resolve(ControlFiles.BYPASS_FILE));
    out.println(
        "bypass "
            + (on ? "on" : "off")
            + ", "
            + pending(control)
            + " eviction command(s) pending, in "
            + control);
    return 0;
  }

  private Path control() throws IOException {
    if (dir == null) {
      throw new IllegalArgumentException("--dir <cache dir> is required");
    }
    return dataNodeDir(dir, uuid).resolve(ControlFiles.CONTROL_DIR);
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

  /** {@code <dir>/<uuid>}: the one DataNode cache under {@code dir}, or the one named. */
  static Path dataNodeDir(Path dir, String uuid) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(dir + " is not a directory");
    }
    if (uuid != null) {
      Path d = dir.resolve(uuid);
      if (!Files.isDirectory(d.resolve("index"))) {
        throw new IllegalArgumentException("no cache of DataNode " + uuid + " under " + dir);
      }
      return d;
    }
    List<Path> found = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      for (Path d : s) {
        if (Files.isDirectory(d.resolve("index"))) {
          found.add(d);
        }
      }
    }
    if (found.size() == 1) {
      return found.get(0);
    }
    throw new IllegalArgumentException(
        found.isEmpty()
            ? "no DataNode cache under " + dir + " (is it one of dfs.datanode.local-cache.dirs?)"
            : "several DataNode caches under " + dir + ", name one with --datanode-uuid: " + found);
  }

  private static void createPrivate(Path dir) throws IOException {
    Files.createDirectories(dir);
    try {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system
    }
  }
}
