package io.hdfslocalcache.datanode.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

/**
 * The block index's files on disk: RocksDB creates them under the process umask, and each flush or
 * compaction may add some (tables, logs, manifests), so they are made owner-only after each and at
 * open.
 */
final class IndexFiles {
  private IndexFiles() {}

  /** Makes the index files owner-only (0600); best effort, the directory above is 0700. */
  static void ownerOnly(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        try {
          if (Files.isRegularFile(f)) {
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
          }
        } catch (IOException | RuntimeException e) {
          // deleted meanwhile, or not POSIX
        }
      }
    } catch (IOException | RuntimeException e) {
      // best effort
    }
  }
}
