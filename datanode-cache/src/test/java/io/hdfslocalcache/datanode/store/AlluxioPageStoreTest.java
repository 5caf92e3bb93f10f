package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.metrics.CacheFailure;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real Alluxio store: the facts the cache's own space budget relies on. */
class AlluxioPageStoreTest {
  private static final int PAGE = 64 * 1024;

  @TempDir Path dir;

  @Test
  void write_upToCapacityBytes_evictsNothingAndOnePageMoreEvicts() throws Exception {
    long configured = 100L * PAGE;
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, configured, PAGE)) {
      // Alluxio keeps back ~5% for overhead: the budget must use what it reports, not the config.
      assertTrue(s.capacityBytes() < configured, "effective capacity " + s.capacityBytes());
      int fit = (int) (s.capacityBytes() / PAGE);
      byte[] page = new byte[PAGE];
      for (int i = 0; i < fit; i++) {
        s.write("f", i, page, 0, PAGE);
      }
      assertEquals(fit, s.pageCount("f", (long) fit * PAGE), "a full budget: nothing evicted");
      s.write("f", fit, page, 0, PAGE);
      assertEquals(fit, s.pageCount("f", (fit + 1L) * PAGE), "one page past it: Alluxio evicts");
    }
  }

  private static byte[] page(int seed, int len) {
    byte[] b = new byte[len];
    new Random(seed).nextBytes(b);
    return b;
  }

  /** The one file Alluxio keeps page {@code index} of {@code fileId} in. */
  private Path pageFile(String fileId, long index) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.getFileName().toString().equals(Long.toString(index)))
          .filter(p -> p.getParent().getFileName().toString().equals(fileId))
          .findFirst()
          .orElseThrow();
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
      s.read("f", 0, 0, got, 10, PAGE);
      assertArrayEquals(p0, Arrays.copyOfRange(got, 10, 10 + PAGE));
      s.read("f", 0, 4097, got, 0, 5000);
      assertArrayEquals(Arrays.copyOfRange(p0, 4097, 9097), Arrays.copyOf(got, 5000));
      s.read("f", 1, 0, got, 3, 1000);
      assertArrayEquals(p1, Arrays.copyOfRange(got, 3, 1003));
    }
  }

  @Test
  void read_pageNeverWritten_missingPage() throws Exception {
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, 100L * PAGE, PAGE)) {
      s.write("f", 0, page(1, PAGE), 0, PAGE);
      CacheException e =
          assertThrows(CacheException.class, () -> s.read("f", 1, 0, new byte[PAGE], 0, PAGE));
      assertEquals(CacheFailure.MISSING_PAGE, e.failure());
    }
  }

  @Test
  void read_pageFileDeletedBehindAlluxio_ioErrorAndPageForgotten() throws Exception {
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, 100L * PAGE, PAGE)) {
      s.write("f", 0, page(1, PAGE), 0, PAGE);
      Files.delete(pageFile("f", 0));
      CacheException e =
          assertThrows(CacheException.class, () -> s.read("f", 0, 0, new byte[PAGE], 0, PAGE));
      assertEquals(CacheFailure.IO_ERROR, e.failure());
      assertEquals(0, s.pageCount("f", PAGE), "Alluxio dropped the page it could not read");
    }
  }

  @Test
  void read_pageFileShorterThanRecorded_ioErrorAndPageDeleted() throws Exception {
    try (AlluxioPageStore s = AlluxioPageStore.open(dir, 100L * PAGE, PAGE)) {
      s.write("f", 0, page(1, PAGE), 0, PAGE);
      Path file = pageFile("f", 0);
      try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
        c.truncate(1000); // torn after it was indexed
      }
      CacheException e =
          assertThrows(
              CacheException.class, () -> s.read("f", 0, 512, new byte[PAGE], 0, PAGE - 512));
      assertEquals(CacheFailure.IO_ERROR, e.failure());
      assertEquals(0, s.pageCount("f", PAGE));
      assertTrue(!Files.exists(file), "Alluxio deletes a page it finds short");
    }
  }
}
