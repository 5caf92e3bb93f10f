package io.hdfslocalcache.datanode.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Owner-only (0600) files, as every file the cache keeps on its SSDs is: page files, the block
 * index's RocksDB files, the admin control files. Files are created under the process umask (often
 * 0644), and block data and what the cache says about it are not for other users. Setting the mode
 * on an existing file is best effort (the directory above is 0700 anyway); a file written whole
 * fails when a POSIX file system refuses the mode. A leaf: the store, the index and the admin
 * control all use it.
 */
public final class OwnerOnlyFiles {
  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");

  private OwnerOnlyFiles() {}

  /** Makes {@code file} owner-only, if it still exists on a POSIX file system. */
  public static void restrict(Path file) {
    try {
      Files.setPosixFilePermissions(file, OWNER_ONLY);
    } catch (IOException | RuntimeException e) {
      // not POSIX, or deleted meanwhile
    }
  }

  /** Makes every regular file in {@code dir} owner-only, as {@link #restrict} does. */
  public static void restrictAll(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(f)) {
          restrict(f);
        }
      }
    } catch (IOException | RuntimeException e) {
      // best effort
    }
  }

  /**
   * Writes {@code bytes} as {@code target} whole (a hidden temporary renamed over it, so a reader
   * never sees half a file) and owner-only.
   */
  public static void writeWhole(Path target, byte[] bytes) throws IOException {
    Path tmp = target.resolveSibling("." + target.getFileName());
    Files.write(tmp, bytes);
    try {
      Files.setPosixFilePermissions(tmp, OWNER_ONLY);
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system
    }
    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
  }
}
