package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import alluxio.client.file.cache.PageId;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.time.CacheClock;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A page read stuck in the kernel, as on a hung SSD (the page's file is a {@link KernelHungFile}):
 * the reader still leaves with TIMEOUT while the I/O thread stays stuck in the channel's native
 * read, and that thread still counts against the directory's pool; a delete that closes a kept file
 * a read is stuck in does not wait for that read. The JDK closes a channel under a thread it
 * interrupts, and a close waits for every thread inside the channel's native read: before the fix,
 * the reader's timeout interrupted the stuck I/O thread and the reader then waited in {@code
 * Thread.interrupt()} for as long as the disk hung.
 *
 * <p>{@link #SAFETY} only keeps a broken build from hanging the suite: no outcome depends on how
 * fast the machine is, but on whether the call returns at all while the read is held.
 */
class KernelHungReadTest {
  private static final int PAGE = 64 * 1024;
  private static final Duration TIMEOUT = Duration.ofSeconds(1);
  private static final Duration SAFETY = Duration.ofSeconds(30);
  private static final PageId PAGE_0 = new PageId("f", 0);

  @TempDir Path dir;
  private KernelHungFile hung;
  private AlluxioPageStore alluxio;
  private PageStore store;
  private final ExecutorService helper = Executors.newSingleThreadExecutor();

  @BeforeEach
  void setUp() throws Exception {
    hung = KernelHungFile.mount(dir, PAGE);
    Path ssd = Files.createDirectories(dir.resolve("ssd"));
    alluxio = AlluxioPageStore.open(ssd, 16L * PAGE, PAGE);
    alluxio.write("f", 0, new byte[PAGE], 0, PAGE);
    Path file = pageFile(ssd);
    Files.delete(file);
    Files.createSymbolicLink(file, hung.file()); // the page's reads now hang in the kernel
    store =
        PageStores.wrap(
            alluxio,
            ssd,
            new DirectoryHealth(ssd, 100, Duration.ofMinutes(1), CacheClock.SYSTEM, h -> {}),
            TIMEOUT,
            1,
            0,
            0,
            "hung",
            ReadBound.STRICT,
            CacheClock.SYSTEM,
            CacheFaultInjector.NONE);
  }

  @AfterEach
  void tearDown() throws Exception {
    if (hung != null) {
      hung.close(); // fails the reads still held, so their threads end
    }
    helper.shutdownNow();
    if (store != null) {
      store.close();
    }
  }

  private static Path pageFile(Path ssd) throws Exception {
    try (Stream<Path> s = Files.walk(ssd)) {
      return s.filter(p -> p.getFileName().toString().equals("0"))
          .filter(p -> p.getParent().getFileName().toString().equals("f"))
          .findFirst()
          .orElseThrow(AssertionError::new);
    }
  }

  private CacheFailure timedRead(int offset, int len) {
    return assertTimeoutPreemptively(
            SAFETY,
            () ->
                assertThrows(
                    CacheException.class,
                    () -> store.read("f", 0, offset, ByteBuffer.allocateDirect(PAGE).limit(len))),
            "the reader must not wait for the hung read")
        .failure();
  }

  @Test
  void read_wholePageHungInKernel_timesOutAndTheStuckThreadStillCounts() throws Exception {
    assertEquals(CacheFailure.TIMEOUT, timedRead(0, PAGE));
    hung.awaitHeldReads(1); // the I/O thread is in the kernel still: nobody answered its read

    // The pool's one thread is still taken: the next read is refused, and never reaches the disk.
    CacheFailure refused = timedRead(0, PAGE);
    assertTrue(EnumSet.of(CacheFailure.BUSY, CacheFailure.TIMEOUT).contains(refused), "" + refused);
    assertEquals(0, hung.unawaitedReads());
  }

  @Test
  void close_readStuckInKernel_leavesItToTheDiskAndReturns() throws Exception {
    assertEquals(CacheFailure.TIMEOUT, timedRead(0, PAGE));
    hung.awaitHeldReads(1);
    PageStore closing = store;
    store = null;
    assertTimeoutPreemptively(SAFETY, closing::close, "closing must not wait for the stuck read");
  }

  @Test
  void read_rangeFromAKeptFileHungInKernel_timesOut() throws Exception {
    keepPageFileOpen();
    assertEquals(CacheFailure.TIMEOUT, timedRead(512, 1024));
    hung.awaitHeldReads(1);
  }

  @Test
  void deletePage_keptFileAReadIsStuckIn_returnsAndTheFileClosesWhenTheReadEnds() throws Exception {
    FileChannel kept = keepPageFileOpen();
    Future<?> stuck = helper.submit(() -> readRange(alluxio)); // no time bound: stays in the kernel
    hung.awaitHeldReads(1);

    assertTimeoutPreemptively(SAFETY, () -> alluxio.deletePage("f", 0), "the delete must not wait");
    assertEquals(0, alluxio.openFiles().size());
    assertTrue(kept.isOpen(), "a read is inside it still");

    hung.answer();
    stuck.get();
    assertFalse(kept.isOpen(), "closed by the read that left it last");
  }

  /** Reads a range of the page through Alluxio's store alone, answering it: its file is kept. */
  private FileChannel keepPageFileOpen() throws Exception {
    Future<?> read = helper.submit(() -> readRange(alluxio));
    hung.awaitHeldReads(1);
    hung.answer();
    read.get();
    FileChannel kept = alluxio.openFiles().get(PAGE_0);
    assertTrue(kept != null && kept.isOpen());
    return kept;
  }

  private static Void readRange(PageStore s) throws CacheException {
    s.read("f", 0, 512, ByteBuffer.allocateDirect(1024));
    return null;
  }
}
