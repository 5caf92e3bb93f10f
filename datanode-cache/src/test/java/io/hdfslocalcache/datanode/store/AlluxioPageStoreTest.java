package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import alluxio.client.file.cache.CacheManagerOptions;
import alluxio.client.file.cache.LocalCacheManager;
import alluxio.client.file.cache.PageMetaStore;
import alluxio.conf.AlluxioProperties;
import alluxio.conf.InstancedConfiguration;
import alluxio.conf.PropertyKey;
import io.hdfslocalcache.metrics.CacheFailure;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page store on Alluxio's LOCAL page files without Alluxio's cache manager: its capacity is the
 * one the manager reported, pages land in Alluxio's layout, and what the manager did at start
 * (purging files nobody owns, pages of another page size) is done a file id at a time.
 */
class AlluxioPageStoreTest {
  private static final int PAGE = 64 * 1024;

  @TempDir Path dir;

  @Test
  void capacityBytes_configured_whatAlluxiosCacheManagerReports() throws Exception {
    long configured = 100L * PAGE;
    InstancedConfiguration conf = new InstancedConfiguration(new AlluxioProperties());
    conf.set(PropertyKey.USER_CLIENT_CACHE_DIRS, dir.resolve("manager").toString());
    conf.set(PropertyKey.USER_CLIENT_CACHE_SIZE, Long.toString(configured));
    conf.set(PropertyKey.USER_CLIENT_CACHE_PAGE_SIZE, Integer.toString(PAGE));
    conf.set(PropertyKey.USER_CLIENT_CACHE_STORE_TYPE, "LOCAL");
    conf.set(PropertyKey.USER_CLIENT_CACHE_ASYNC_RESTORE_ENABLED, false);
    CacheManagerOptions options = CacheManagerOptions.create(conf);
    long managers;
    try (LocalCacheManager m = LocalCacheManager.create(options, PageMetaStore.create(options))) {
      managers = m.getUsage().get().capacity();
    }
    try (AlluxioPageStore s = AlluxioPageStore.open(dir.resolve("store"), configured, PAGE)) {
      assertTrue(s.capacityBytes() < configured, "effective capacity " + s.capacityBytes());
      assertEquals(managers, s.capacityBytes(), "the budget the cache filled before");
    }
  }

  private static byte[] page(int seed, int len) {
    byte[] b = new byte[len];
    new Random(seed).nextBytes(b);
    return b;
  }

  /** Alluxio's LOCAL layout: {@code LOCAL/<page size>/<bucket>/<file id>/<page>}. */
  private Path pageFile(String fileId, long index) {
    return dir.resolve("LOCAL")
        .resolve(Integer.toString(PAGE))
        .resolve(Integer.toString(Math.floorMod(fileId.hashCode(), 1000)))
        .resolve(fileId)
        .resolve(Long.toString(index));
  }

  @Test
  void write_page_inAlluxiosLayoutOwnerOnly() throws Exception {
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, 100L * PAGE, PAGE)) {
      s.write("f", 3, page(1, 1000), 0, 1000);
      Path file = pageFile("f", 3);
      assertEquals(1000, Files.size(file));
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }
  }

  @Test
  void read_rangesOfWrittenPages_returnsTheirBytes() throws Exception {
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, 100L * PAGE, PAGE)) {
      byte[] p0 = page(1, PAGE);
      byte[] p1 = page(2, 1000); // a file's short last page
      s.write("f", 0, p0, 0, PAGE);
      s.write("f", 1, p1, 0, p1.length);
      byte[] got = new byte[PAGE + 10];
      s.read("f", 0, 0, java.nio.ByteBuffer.wrap(got, 10, PAGE));
      assertArrayEquals(p0, Arrays.copyOfRange(got, 10, 10 + PAGE));
      s.read("f", 0, 4097, java.nio.ByteBuffer.wrap(got, 0, 5000));
      assertArrayEquals(Arrays.copyOfRange(p0, 4097, 9097), Arrays.copyOf(got, 5000));
      s.read("f", 1, 0, java.nio.ByteBuffer.wrap(got, 3, 1000));
      assertArrayEquals(p1, Arrays.copyOfRange(got, 3, 1003));
    }
  }

  @Test
  void read_pageNeverWritten_missingPage() throws Exception {
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, 100L * PAGE, PAGE)) {
      s.write("f", 0, page(1, PAGE), 0, PAGE);
      CacheException e =
          assertThrows(
              CacheException.class,
              () -> s.read("f", 1, 0, java.nio.ByteBuffer.wrap(new byte[PAGE], 0, PAGE)));
      assertEquals(CacheFailure.MISSING_PAGE, e.failure());
    }
  }

  @Test
  void usedBytes_writesDeletesAndRestoredPages_counted() throws Exception {
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, 100L * PAGE, PAGE)) {
      s.write("f", 0, page(1, PAGE), 0, PAGE);
      s.write("f", 1, page(1, 100), 0, 100);
      s.write("g", 0, page(1, PAGE), 0, PAGE);
      assertEquals(2L * PAGE + 100, s.usedBytes());
      s.deletePage("g", 0);
      assertEquals(PAGE + 100L, s.usedBytes());
      s.deleteFile("f");
      assertEquals(0, s.usedBytes());
      assertFalse(Files.exists(pageFile("f", 0).getParent()), "the file's directory goes too");
      s.restored(5 * PAGE);
      assertEquals(5L * PAGE, s.usedBytes(), "what the block index says is on disk");
    }
  }

  @Test
  void retainFiles_fileIdsNotKept_deletedWithTheirDirectories() throws Exception {
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, 100L * PAGE, PAGE)) {
      for (String f : new String[] {"keep", "orphan1", "orphan2"}) {
        s.write(f, 0, page(1, 100), 0, 100);
        s.write(f, 7, page(1, 100), 0, 100);
      }
      s.retainFiles(Set.of("keep")::contains);
      assertTrue(Files.exists(pageFile("keep", 0)) && Files.exists(pageFile("keep", 7)));
      assertFalse(Files.exists(pageFile("orphan1", 0).getParent()));
      assertFalse(Files.exists(pageFile("orphan2", 7).getParent()));
    }
  }

  @Test
  void open_pagesOfAnotherPageSize_deleted() throws Exception {
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, 100L * PAGE, PAGE / 2)) {
      s.write("f", 0, page(1, 100), 0, 100);
    }
    assertTrue(Files.exists(dir.resolve("LOCAL").resolve(Integer.toString(PAGE / 2))));
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, 100L * PAGE, PAGE)) {
      assertFalse(Files.exists(dir.resolve("LOCAL").resolve(Integer.toString(PAGE / 2))));
      assertTrue(Files.isDirectory(dir.resolve("LOCAL").resolve(Integer.toString(PAGE))));
    }
  }

  @Test
  void pagesOnDisk_wholeAndTornPagesOfAFile_listed() throws Exception {
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, 100L * PAGE, PAGE)) {
      s.write("f", 0, page(1, PAGE), 0, PAGE);
      s.write("f", 1, page(1, PAGE), 0, PAGE);
      s.write("f", 2, page(1, 500), 0, 500); // the file's last page, whole
      try (FileChannel c = FileChannel.open(pageFile("f", 1), StandardOpenOption.WRITE)) {
        c.truncate(1000); // torn by a crash
      }
      PagesOnDisk found = s.pagesOnDisk("f", 2L * PAGE + 500);
      assertEquals(Set.of(0, 2), Set.copyOf(found.whole.stream().boxed().toList()));
      assertEquals(Set.of(1), Set.copyOf(found.torn.stream().boxed().toList()));
      assertEquals(0, s.pagesOnDisk("never", PAGE).whole.cardinality());
    }
  }
}
