package io.hdfslocalcache.ops.admin;

import io.hdfslocalcache.admin.ControlFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The whole DataNode behind one {@code --dir}: every {@code <dir>/<datanodeUuid>} it reads, as the
 * DataNode itself recorded them at its last start ({@link ControlFiles#DIRECTORIES_FILE} in each
 * control folder). Why the DataNode's record and not {@code dfs.datanode.local-cache.dirs} from
 * {@code HADOOP_CONF_DIR}: the running DataNode reads the directories it opened at start, not what
 * the file says now (an operator replacing an SSD edits the file before the restart), and on a host
 * with several DataNodes, or a tool run with another configuration, the file may not be this
 * DataNode's at all.
 *
 * <p>A directory the DataNode no longer reads still holds the record of its last start; it is
 * recognised because a current directory's record does not name it, and refused. A cache the
 * DataNode never started with this release has no record: only the directory given is known, and
 * every command names the directories it acted on.
 */
final class DataNodeDirs {
  private final List<Path> dirs;
  private final boolean recorded;

  private DataNodeDirs(List<Path> dirs, boolean recorded) {
    this.dirs = List.copyOf(dirs);
    this.recorded = recorded;
  }

  /** Every {@code <dir>/<datanodeUuid>} of the DataNode, the one found under {@code dir} first. */
  List<Path> dirs() {
    return dirs;
  }

  /** Every control folder, in {@link #dirs()} order. */
  List<Path> controls() {
    return dirs.stream().map(d -> d.resolve(ControlFiles.CONTROL_DIR)).toList();
  }

  /** False when the DataNode left no record: {@link #dirs()} is the given directory alone. */
  boolean recorded() {
    return recorded;
  }

  /** The DataNode whose cache is under {@code dir} (the one named by {@code uuid} if several). */
  static DataNodeDirs of(Path dir, String uuid) throws IOException {
    Path given = canonical(dataNodeDir(dir, uuid));
    List<Path> listed = record(given);
    if (listed == null) {
      return new DataNodeDirs(List.of(given), false);
    }
    if (!listed.contains(given)) {
      throw new IllegalArgumentException(
          given + " records the DataNode's directories as " + listed + ", which omit it");
    }
    for (Path other : listed) {
      List<Path> theirs = other.equals(given) ? listed : record(other);
      if (theirs != null && !theirs.contains(given)) {
        throw new IllegalArgumentException(
            dir
                + " is no longer a cache directory of this DataNode: its last start used "
                + theirs
                + "; give one of those as --dir");
      }
    }
    List<Path> out = new ArrayList<>();
    out.add(given);
    for (Path p : listed) {
      if (!p.equals(given)) {
        out.add(p);
      }
    }
    return new DataNodeDirs(out, true);
  }

  /** The directories recorded in {@code dataNodeDir}'s control folder; null if none. */
  private static List<Path> record(Path dataNodeDir) throws IOException {
    Path f = dataNodeDir.resolve(ControlFiles.CONTROL_DIR).resolve(ControlFiles.DIRECTORIES_FILE);
    if (!Files.isRegularFile(f)) {
      return null;
    }
    List<Path> out = new ArrayList<>();
    for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        out.add(canonical(Paths.get(line.trim())));
      }
    }
    return out;
  }

  /** Symbolic links resolved where the path exists (a mount point may be reached by several). */
  private static Path canonical(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
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
}
