package io.hdfslocalcache.datanode.admin;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code hdfs-local-cache admin --dir <cache dir> bypass|resume|evict ...|state}: writes the
 * control files {@link AdminControl} reads, on the DataNode's host, as the DataNode's user (the
 * only one who can write the cache directory). No port, no restart: the DataNode acts within a few
 * seconds. Errors are one line on stderr: exit 2 for bad arguments, 1 for a failure.
 */
public final class AdminCommand {
  private static final String USAGE =
      "usage: hdfs-local-cache admin --dir <cache dir>"
          + " [--datanode-uuid <uuid>] <action>\n"
          + "  --dir            one of the DataNode's dfs.datanode.local-cache.dirs\n"
          + "  --datanode-uuid  which DataNode's cache under it (needed only when several share it)\n"
          + "actions:\n"
          + "  bypass                       serve every read from the HDDs, admit nothing, keep the"
          + " cached blocks\n"
          + "  resume                       end a bypass\n"
          + "  evict --all                  drop every cached block\n"
          + "  evict <blockPoolId> <blockId>  drop one cached block\n"
          + "  state                        print the bypass state and pending commands\n"
          + "The DataNode's maintenance thread acts on a command within about 2 seconds.\n";

  private AdminCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the exit code. Never throws. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    String dir = null;
    String uuid = null;
    List<String> action = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-h") || a.equals("--help")) {
        out.print(USAGE);
        return 0;
      } else if (a.equals("--dir") && i + 1 < args.length) {
        dir = args[++i];
      } else if (a.equals("--datanode-uuid") && i + 1 < args.length) {
        uuid = args[++i];
      } else {
        action.add(a);
      }
    }
    if (dir == null || action.isEmpty()) {
      err.println("hdfs-local-cache admin: --dir and an action are required");
      err.print(USAGE);
      return 2;
    }
    try {
      Path control = dataNodeDir(Paths.get(dir), uuid).resolve(AdminControl.CONTROL_DIR);
      return act(control, action, out, err);
    } catch (IllegalArgumentException e) {
      err.println("hdfs-local-cache admin: " + e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println("hdfs-local-cache admin: " + e);
      return 1;
    }
  }

  private static int act(Path control, List<String> action, PrintStream out, PrintStream err)
      throws IOException {
    String verb = action.get(0);
    int n = action.size();
    if (verb.equals("bypass") && n == 1) {
      createPrivate(control);
      Files.write(control.resolve(AdminControl.BYPASS_FILE), new byte[0]);
      out.println("bypass requested in " + control + ": reads go to the HDDs within ~2 s");
    } else if (verb.equals("resume") && n == 1) {
      Files.deleteIfExists(control.resolve(AdminControl.BYPASS_FILE));
      out.println("bypass ended in " + control + ": reads use the cache again within ~2 s");
    } else if (verb.equals("evict") && n == 2 && action.get(1).equals("--all")) {
      command(control, AdminControl.EVICT_ALL);
      out.println("eviction of every cached block requested in " + control);
    } else if (verb.equals("evict") && n == 3) {
      try {
        Long.parseLong(action.get(2));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "block id must be a number, got '" + action.get(2) + "'");
      }
      command(control, action.get(1) + " " + action.get(2));
      out.println(
          "eviction of " + action.get(1) + ":blk_" + action.get(2) + " requested in " + control);
    } else if (verb.equals("state") && n == 1) {
      boolean on = Files.exists(control.resolve(AdminControl.BYPASS_FILE));
      out.println(
          "bypass "
              + (on ? "on" : "off")
              + ", "
              + pending(control)
              + " eviction command(s) pending, in "
              + control);
    } else {
      throw new IllegalArgumentException(
          "unknown action '" + String.join(" ", action) + "' (try --help)");
    }
    return 0;
  }

  /** Written under a name the DataNode ignores, then renamed: never read half-written. */
  private static void command(Path control, String text) throws IOException {
    createPrivate(control);
    String name = AdminControl.EVICT_PREFIX + System.currentTimeMillis() + "-" + System.nanoTime();
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
        Files.newDirectoryStream(control, AdminControl.EVICT_PREFIX + "*")) {
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
