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
}
