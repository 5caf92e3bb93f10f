package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import alluxio.client.file.cache.PageId;
import io.hdfslocalcache.metrics.CacheFailure;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Page reads straight from the page files, with no page index asked: a written page's ranges are
 * served, a missing or torn page file is a miss (MISSING_PAGE, not a disk error), partial reads
 * keep the page's file open and every delete closes it.
 */
class LocalPageReadsTest {
  private static final int PAGE = 64 * 1024;

  @TempDir Path dir;
  private AlluxioPageStore store;
  private LocalPageReads direct;
  private final byte[] page = new byte[PAGE];

  @BeforeEach
  void setUp() throws Exception {
    store = AlluxioPageStore.open(dir, 100L * PAGE, PAGE);
    direct = store.directReads();
    new Random(9).nextBytes(page);
    store.write("f", 0, page, 0, PAGE);
    store.write("f", 1, page, 0, 3000);
  }

  @AfterEach
  void tearDown() {
    store.close();
  }

  private Path pageFile(long index) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.getFileName().toString().equals(Long.toString(index)))
          .filter(p -> p.getParent().getFileName().toString().equals("f"))
          .findFirst()
          .orElseThrow();
    }
  }

  private CacheFailure failure(String fileId, long index, int at, int len) {
    return assertThrows(
            CacheException.class,
            () ->
                direct.read(new PageId(fileId, index), at, ByteBuffer.wrap(new byte[PAGE], 0, len)))
        .failure();
  }

  @Test
  void read_rangeOfAWrittenPage_servedDirectly() throws Exception {
    byte[] got = new byte[PAGE];
    direct.read(new PageId("f", 0), 100, ByteBuffer.wrap(got, 7, 5000));
    assertArrayEquals(Arrays.copyOfRange(page, 100, 5100), Arrays.copyOfRange(got, 7, 5007));
    direct.read(new PageId("f", 1), 0, ByteBuffer.wrap(got, 0, 3000));
    assertArrayEquals(Arrays.copyOf(page, 3000), Arrays.copyOf(got, 3000));
  }

  @Test
  void read_pageNeverWritten_missingPage() {
    assertEquals(CacheFailure.MISSING_PAGE, failure("f", 2, 0, 100));
    assertEquals(CacheFailure.MISSING_PAGE, failure("g", 0, 0, PAGE));
  }

  @Test
  void read_pastThePagesEnd_missingPage() {
    assertEquals(CacheFailure.MISSING_PAGE, failure("f", 1, 2000, 1001));
  }

  @Test
  void read_fileTornShorterThanAPage_missingPageAndNotDeleted() throws Exception {
    Path file = pageFile(0);
    try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
      c.truncate(1000);
    }
    assertEquals(CacheFailure.MISSING_PAGE, failure("f", 0, 0, PAGE));
    assertEquals(CacheFailure.MISSING_PAGE, failure("f", 0, 512, 1000));
    assertEquals(0, store.openFiles().size(), "a torn page's file is not kept open");
    assertTrue(Files.exists(file), "the entry's drop deletes it with its block");
  }

  @Test
  void read_fileGone_missingPage() throws Exception {
    Files.delete(pageFile(0));
    assertEquals(CacheFailure.MISSING_PAGE, failure("f", 0, 0, PAGE));
    assertEquals(CacheFailure.MISSING_PAGE, failure("f", 0, 10, 100));
  }

  @Test
  void read_pageFileUnreadable_ioError() throws Exception {
    Path file = pageFile(0);
    Files.delete(file);
    Files.createDirectory(file); // a read of it fails, and not for being absent
    assertEquals(CacheFailure.IO_ERROR, failure("f", 0, 0, PAGE));
    assertEquals(CacheFailure.IO_ERROR, failure("f", 0, 10, 100));
  }

  private byte[] readPartly(String fileId, long index, int at, int len) throws Exception {
    byte[] got = new byte[len];
    direct.read(new PageId(fileId, index), at, ByteBuffer.wrap(got, 0, len));
    return got;
  }

  @Test
  void read_partialRangesOfOnePage_openItsFileOnce() throws Exception {
    assertArrayEquals(Arrays.copyOfRange(page, 10, 4106), readPartly("f", 0, 10, 4096));
    FileChannel kept = store.openFiles().get(new PageId("f", 0));
    assertTrue(kept != null && kept.isOpen());
    assertArrayEquals(Arrays.copyOfRange(page, 5000, 9096), readPartly("f", 0, 5000, 4096));
    assertEquals(kept, store.openFiles().get(new PageId("f", 0)), "the same file served both");
    assertEquals(1, store.openFiles().size());
  }

  @Test
  void read_partialRangesOfAGibOfPages_keepsEveryPagesFileOpen() throws Exception {
    // A GiB hot set of 1 MiB pages: random preads over it must not open and close page files.
    int pages = 1024;
    try (AlluxioPageStore big =
        AlluxioPageStore.open(dir.resolve("big"), 2L * pages * PAGE, PAGE)) {
      byte[] got = new byte[10];
      for (int i = 0; i < pages; i++) {
        big.write("h", i, page, 0, 100);
        big.directReads().read(new PageId("h", i), 5, ByteBuffer.wrap(got, 0, 10));
      }
      FileChannel first = big.openFiles().get(new PageId("h", 0));
      assertTrue(first != null && first.isOpen(), "the least recently read page is still open");
      assertEquals(pages, big.openFiles().size());
      big.directReads().read(new PageId("h", 0), 20, ByteBuffer.wrap(got, 0, 10));
      assertArrayEquals(Arrays.copyOfRange(page, 20, 30), got);
      assertEquals(first, big.openFiles().get(new PageId("h", 0)), "served by the kept file");
    }
  }

  @Test
  void read_wholePage_keepsNoFileOpen() throws Exception {
    assertArrayEquals(page, readPartly("f", 0, 0, PAGE));
    assertEquals(0, store.openFiles().size(), "a stream reads each data page once");
  }

  @Test
  void deletePage_closesThatPagesFileOnly() throws Exception {
    store.write("g", 0, page, 0, PAGE);
    readPartly("f", 0, 0, 100);
    readPartly("g", 0, 0, 100);
    FileChannel f0 = store.openFiles().get(new PageId("f", 0));
    store.deletePage("f", 0);
    assertTrue(!f0.isOpen(), "a deleted page's blocks are not held by an open file");
    assertEquals(1, store.openFiles().size());
    store.deleteFile("g");
    assertEquals(0, store.openFiles().size());
    assertEquals(CacheFailure.MISSING_PAGE, failure("f", 0, 0, 100));
  }

  @Test
  void read_keptFileClosedUnderTheReader_opensItAgain() throws Exception {
    readPartly("f", 0, 0, 100);
    store.openFiles().get(new PageId("f", 0)).close(); // as an interrupt of a timed-out read does
    assertArrayEquals(Arrays.copyOfRange(page, 200, 300), readPartly("f", 0, 200, 100));
    assertTrue(store.openFiles().get(new PageId("f", 0)).isOpen());
  }
}
