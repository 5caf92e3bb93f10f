package io.hdfslocalcache.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The file an operator puts in each directory of {@link CacheKeys#DIRS} to say "this is the SSD":
 * the DataNode caches only in a directory that holds it, and never creates a configured directory.
 *
 * <p>Why a file and not a mount check: an SSD that is not mounted at start-up leaves its mount
 * point, an empty directory on the disk beneath (usually the root disk). A file the operator
 * created on the mounted SSD is absent there, whatever the layout (the directory the mount point
 * itself or one inside it, the SSD the root disk or not); comparing file-system ids would refuse a
 * cache on the root SSD and accept an unmounted SSD under any other mount. HDFS itself creates a
 * missing {@code dfs.datanode.data.dir} (DiskChecker.checkDir), so the DataNode's data directories
 * have this hazard; the cache's do not.
 */
public final class CacheDirMarker {
  /** The marker's name inside a configured cache directory; its content is not read. */
  public static final String FILE_NAME = "hdfs-local-cache.marker";

  private CacheDirMarker() {}

  /**
   * What an operator does once per SSD after mounting it (docs/install.md): creates {@code dir} and
   * the marker in it. For the demo, benchmarks and tests, whose directories are on one file system.
   */
  public static Path create(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path marker = dir.resolve(FILE_NAME);
    if (!Files.exists(marker)) {
      Files.createFile(marker);
    }
    return dir;
  }
}
