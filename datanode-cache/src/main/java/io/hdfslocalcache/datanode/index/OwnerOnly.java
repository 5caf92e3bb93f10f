package io.hdfslocalcache.datanode.index;

import io.hdfslocalcache.datanode.files.OwnerOnlyFiles;
import java.nio.file.Path;
import org.rocksdb.AbstractEventListener;
import org.rocksdb.CompactionJobInfo;
import org.rocksdb.FlushJobInfo;
import org.rocksdb.RocksDB;

/**
 * Keeps a block index's files owner-only ({@link OwnerOnlyFiles}). RocksDB creates its files under
 * the umask, and each flush or compaction may add some (tables, logs, manifests), so this runs at
 * open and after each.
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
        OwnerOnlyFiles.restrictAll(dir);
      }

      @Override
      public void onCompactionCompleted(RocksDB db, CompactionJobInfo info) {
        OwnerOnlyFiles.restrictAll(dir);
      }
    };
  }
}
