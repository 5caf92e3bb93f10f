package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import alluxio.client.file.cache.PageId;
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
 * Page reads that bypass Alluxio's read call: the plain case is served directly, every other case
 * is left to Alluxio untouched (AlluxioPageStoreTest checks what Alluxio then does).
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

  @Test
  void read_rangeOfAWrittenPage_servedDirectly() {
    byte[] got = new byte[PAGE];
    assertEquals(LocalPageReads.Outcome.READ, direct.read(new PageId("f", 0), 100, got, 7, 5000));
    assertArrayEquals(Arrays.copyOfRange(page, 100, 5100), Arrays.copyOfRange(got, 7, 5007));
    assertEquals(LocalPageReads.Outcome.READ, direct.read(new PageId("f", 1), 0, got, 0, 3000));
    assertArrayEquals(Arrays.copyOf(page, 3000), Arrays.copyOf(got, 3000));
  }

  @Test
  void read_pageAlluxioDoesNotHold_leftToAlluxio() {
    assertEquals(
        LocalPageReads.Outcome.ASK_ALLUXIO,
        direct.read(new PageId("f", 2), 0, new byte[PAGE], 0, 100));
    assertEquals(
        LocalPageReads.Outcome.ASK_ALLUXIO,
        direct.read(new PageId("g", 0), 0, new byte[PAGE], 0, 100));
  }

  @Test
  void read_pastThePageRecordedSize_leftToAlluxio() {
    assertEquals(
        LocalPageReads.Outcome.ASK_ALLUXIO,
        direct.read(new PageId("f", 1), 2000, new byte[PAGE], 0, 1001));
  }

  @Test
  void read_fileShorterThanRecorded_leftToAlluxioAndNotDeleted() throws Exception {
    Path file = pageFile(0);
    try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
      c.truncate(1000);
    }
    assertEquals(
        LocalPageReads.Outcome.ASK_ALLUXIO,
        direct.read(new PageId("f", 0), 0, new byte[PAGE], 0, PAGE));
    assertTrue(Files.exists(file), "deleting is Alluxio's decision");
  }

  @Test
  void read_fileGone_leftToAlluxio() throws Exception {
    Files.delete(pageFile(0));
    assertEquals(
        LocalPageReads.Outcome.ASK_ALLUXIO,
        direct.read(new PageId("f", 0), 0, new byte[PAGE], 0, PAGE));
  }

  private byte[] readPartly(String fileId, long index, int at, int len) {
    byte[] got = new byte[len];
    assertEquals(
        LocalPageReads.Outcome.READ, direct.read(new PageId(fileId, index), at, got, 0, len));
    return got;
  }

  @Test
  void read_partialRangesOfOnePage_openItsFileOnce() {
    assertArrayEquals(Arrays.copyOfRange(page, 10, 4106), readPartly("f", 0, 10, 4096));
    FileChannel kept = store.openFiles().get(new PageId("f", 0));
    assertTrue(kept != null && kept.isOpen());
    assertArrayEquals(Arrays.copyOfRange(page, 5000, 9096), readPartly("f", 0, 5000, 4096));
    assertEquals(kept, store.openFiles().get(new PageId("f", 0)), "the same file served both");
    assertEquals(1, store.openFiles().size());
  }

  @Test
  void read_wholePage_keepsNoFileOpen() {
    assertArrayEquals(page, readPartly("f", 0, 0, PAGE));
    assertArrayEquals(Arrays.copyOf(page, 3000), readPartly("f", 1, 0, 3000));
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
  }

  @Test
  void read_keptFileClosedUnderTheReader_opensItAgain() throws Exception {
    readPartly("f", 0, 0, 100);
    store.openFiles().get(new PageId("f", 0)).close(); // as an interrupt of a timed-out read does
    assertArrayEquals(Arrays.copyOfRange(page, 200, 300), readPartly("f", 0, 200, 100));
    assertTrue(store.openFiles().get(new PageId("f", 0)).isOpen());
  }

  @Test
  void read_pageAlluxioEvictedItself_closesItsKeptFile() throws Exception {
    readPartly("f", 0, 0, 100);
    FileChannel kept = store.openFiles().get(new PageId("f", 0));
    readPartly("f", 1, 0, 100); // page 0 is now Alluxio's least recently used
    for (int i = 0; store.wholePages("f", PAGE + 3000L).get(0); i++) {
      store.write("g", i, page, 0, PAGE); // past Alluxio's capacity: its own LRU evicts
    }
    assertEquals(
        LocalPageReads.Outcome.ASK_ALLUXIO,
        direct.read(new PageId("f", 0), 0, new byte[100], 0, 100));
    assertTrue(!kept.isOpen(), "an evicted page's blocks are not held by an open file");
  }
}
