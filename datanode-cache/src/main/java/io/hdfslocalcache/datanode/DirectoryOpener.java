package io.hdfslocalcache.datanode;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.startup.FillUnitCheck;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.OpenProgress;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.store.PageStores;
import io.hdfslocalcache.time.CacheClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens the configured SSD directories for one DataNode. Each DataNode gets its own {@code
 * <dir>/<datanodeUuid>/} (DataNodes sharing a host or a test JVM never mix caches, and a disk moved
 * to another node is not misread), created 0700 inside a configured directory that the operator
 * created and marked ({@link MarkerCheck}): a configured directory itself is never created. Pages
 * and the block index of an earlier run are kept; {@link CacheLifecycle} validates them before
 * serving.
 */
final class DirectoryOpener {
  private static final Logger LOG = LoggerFactory.getLogger(DirectoryOpener.class);

  private DirectoryOpener() {}

  /**
   * A directory opened on disk, before the cache wraps its store; {@code position} is its place in
   * {@code dirs}, which names its metrics even when a directory before it could not be opened.
   */
  static final class Opened {
    // A final class, not a record: the DataNode side is compiled for Java 8.
    private final int position;
    private final Path path;
    private final PageStore store;
    private final BlockIndex index;
    private final long openMillis;

    Opened(int position, Path path, PageStore store, BlockIndex index, long openMillis) {
      this.position = position;
      this.path = path;
      this.store = store;
      this.index = index;
      this.openMillis = openMillis;
    }

    public int position() {
      return position;
    }

    public Path path() {
      return path;
    }

    public PageStore store() {
      return store;
    }

    public BlockIndex index() {
      return index;
    }

    public long openMillis() {
      return openMillis;
    }
  }

  /**
   * Opens every directory, waits for them at most the start-up limit ({@link
   * CacheConfig#dirOpenTimeout}) and returns those open by then; the rest are left out (each closes
   * what it opened when its open ends). For tools and tests that want the directories at once: a
   * DataNode keeps opening a large directory in the background ({@link DirectoryStartup}).
   */
  static List<Opened> open(CacheConfig config, String datanodeUuid, CacheFaultInjector faults) {
    try (DirectoryStartup startup =
        DirectoryStartup.start(
            config, OpenLimits.of(config), datanodeUuid, faults, CacheClock.SYSTEM)) {
      return startup.awaitStartup();
    }
  }

  /**
   * Opens one directory; null (logged) if it is unusable. {@code progress} moves with each step
   * (and with the CPU time of the calling thread, if it counts that).
   */
  static Opened openOne(
      CacheConfig config, int i, Path dir, CacheFaultInjector faults, OpenProgress progress) {
    long start = System.nanoTime();
    try {
      faults.beforeDirectoryOpen(dir);
      Path root = dir.getParent();
      MarkerCheck.Verdict home = MarkerCheck.judge(root, dir);
      if (!home.usable()) {
        throw new IOException(MarkerCheck.refusal(home, root));
      }
      if (home == MarkerCheck.Verdict.ADOPTED) {
        LOG.info(
            "hdfs-local-cache: cache directory {} holds this DataNode's cache from an earlier"
                + " release; marked it with {}",
            root,
            CacheDirMarker.FILE_NAME);
      }
      refuseIfOthersMayWrite(root);
      createPrivate(dir);
      progress.step();
      BlockIndex index;
      try {
        index = BlockIndex.open(dir.resolve("index"), faults);
      } catch (IOException e) {
        if (BlockIndex.heldOpen(e)) {
          throw e; // in use, not unreadable: left out, nothing wiped
        }
        LOG.warn(
            "hdfs-local-cache: block index in {} unreadable ({}); starting that directory"
                + " empty",
            dir,
            e.getMessage());
        wipe(dir);
        index = BlockIndex.open(dir.resolve("index"), faults);
      }
      progress.step();
      PageStore store;
      try {
        // Alluxio logs an ERROR when restoring from a directory without its LOCAL sub-directory.
        createPrivate(dir.resolve("LOCAL"));
        store =
            PageStores.openAlluxio(dir, config.capacities().get(i), config.pageSize(), progress);
      } catch (IOException | RuntimeException e) {
        index.close(); // else its handle, threads and lock stay for the life of the DataNode
        throw e;
      }
      // Includes Alluxio's synchronous restore of the page metadata from disk.
      return new Opened(i, dir, store, index, (System.nanoTime() - start) / 1_000_000);
    } catch (IOException | RuntimeException e) {
      LOG.warn(
          "hdfs-local-cache: cache directory {} unusable, not caching on it: {}",
          dir,
          e.getMessage());
      return null;
    }
  }

  /**
   * Like {@code dfs.datanode.data.dir.perm} for data directories: a cache root other users can
   * write lets them replace the per-DataNode directory (and so the bytes served) before it is
   * created or while the cache is down.
   */
  static void refuseIfOthersMayWrite(Path root) throws IOException {
    java.util.Set<java.nio.file.attribute.PosixFilePermission> p;
    try {
      p = Files.getPosixFilePermissions(root);
    } catch (UnsupportedOperationException e) {
      return; // not a POSIX file system; permissions are the operator's
    }
    if (p.contains(java.nio.file.attribute.PosixFilePermission.GROUP_WRITE)
        || p.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE)) {
      throw new IOException(
          CacheKeys.DIRS
              + " directory "
              + root
              + " is writable by group or"
              + " others ("
              + PosixFilePermissions.toString(p)
              + "); refusing it: make it writable"
              + " by the DataNode user only (chmod go-w "
              + root
              + ")");
    }
  }

  static void createPrivate(Path dir) throws IOException {
    Files.createDirectories(dir);
    try {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system; permissions are the operator's
    }
    if (!Files.isWritable(dir)) {
      throw new IOException(dir + " is not writable");
    }
  }

  private static void wipe(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        try (Stream<Path> w = Files.walk(p)) {
          for (Path q : (Iterable<Path>) w.sorted(Comparator.reverseOrder())::iterator) {
            Files.deleteIfExists(q);
          }
        }
      }
    }
  }

  /**
   * One WARN line per directory too small for one fill ({@link FillUnitCheck}): at start or join.
   */
  static void warnTooSmall(CacheConfig config, long blockSize, List<Opened> dirs) {
    for (String problem :
        FillUnitCheck.problems(
            config.fillPolicy().mode(),
            config.pageSize(),
            blockSize,
            dirs.stream().map(o -> o.path().toString()).collect(Collectors.toList()),
            dirs.stream().map(o -> o.store().capacityBytes()).collect(Collectors.toList()))) {
      LOG.warn(problem);
    }
  }

  /** Closes what was opened, best effort: the cache could not start on it. */
  static void closeQuietly(List<Opened> opened) {
    for (Opened o : opened) {
      try {
        o.store().close();
        o.index().close();
      } catch (RuntimeException e) {
        // already failing; the DataNode goes on without the cache
      }
    }
  }
}
