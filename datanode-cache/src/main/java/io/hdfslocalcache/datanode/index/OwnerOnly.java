package io.hdfslocalcache.datanode.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.rocksdb.AbstractEventListener;
import org.rocksdb.CompactionJobInfo;
import org.rocksdb.FlushJobInfo;
import org.rocksdb.RocksDB;

/**
 * Makes a block index's files owner-only (0600). RocksDB creates its files under the umask, and
 * each flush or compaction may add some (tables, logs, manifests), so this runs at open and after
 * each. Best effort: the directory above is 0700.
 */
final class OwnerOnly {
  private OwnerOnly() {}

  /** Applies it to {@code dir} after each flush and compaction of the RocksDB in it. */
  static AbstractEventListener listener(Path dir) {
    return new AbstractEventListener(
        AbstractEventListener.EnabledEventCallback.ON_FLUSH_COMPLETED,
        AbstractEventListener.EnabledEventCallback.ON_COMPACTION_COMPLETED) {
      @Override
      public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
        apply(dir);
      }

      @Override
      public void onCompactionCompleted(RocksDB db, CompactionJobInfo info) {
        apply(dir);
      }
    };
  }

  static void apply(Path dir) {
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
