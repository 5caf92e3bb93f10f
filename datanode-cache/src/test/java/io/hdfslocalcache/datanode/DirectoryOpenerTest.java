package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.OpenProgress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One directory's open: what a failed one leaves behind. */
class DirectoryOpenerTest {
  @TempDir Path base;

  /**
   * The page tree cannot be created after the block index opened (here a file stands where its
   * directory goes): the directory is left out, and the index it opened is closed, not left with
   * its native handle, background threads and lock for the life of the DataNode.
   */
  @Test
  void openOne_pageTreeUnusableAfterIndexOpened_unusableAndIndexClosed() throws Exception {
    Path dir = cacheDir().resolve("dn");
    Files.createDirectories(dir);
    Files.write(dir.resolve("LOCAL"), new byte[0]);

    assertNull(
        DirectoryOpener.openOne(config(), 0, dir, CacheFaultInjector.NONE, new OpenProgress()));
    // RocksDB refuses a second open of a database this process still holds open.
    BlockIndex.open(dir.resolve("index")).close();
  }

  /**
   * The block index is held open (a cache directory listed twice, a tool on the live index): the
   * directory is left out, its files kept. It was taken for an unreadable index and wiped, deleting
   * the holder's database files and pages under it.
   */
  @Test
  void openOne_indexHeldOpen_unusableAndNothingWiped() throws Exception {
    Path dir = cacheDir().resolve("dn");
    Files.createDirectories(dir.resolve("LOCAL"));
    Path page = Files.write(dir.resolve("LOCAL").resolve("a-page"), new byte[] {1});
    try (BlockIndex held = BlockIndex.open(dir.resolve("index"))) {
      assertNull(
          DirectoryOpener.openOne(config(), 0, dir, CacheFaultInjector.NONE, new OpenProgress()));
      assertTrue(Files.exists(page), "pages kept");
      assertTrue(Files.exists(dir.resolve("index").resolve("CURRENT")), "the index kept");
    }
  }

  private Path cacheDir() throws Exception {
    return CacheDirMarker.create(base.resolve("ssd"));
  }

  /** One cache directory, {@link #cacheDir}, of 64 MiB. */
  private CacheConfig config() {
    Configuration conf = new Configuration(false);
    conf.set(CacheKeys.DIRS, base.resolve("ssd").toString());
    conf.set(CacheKeys.CAPACITY, "64m");
    return CacheConfig.from(conf);
  }
}
