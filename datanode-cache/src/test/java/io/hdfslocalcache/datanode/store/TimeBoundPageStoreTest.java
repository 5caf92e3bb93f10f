package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.time.FakeClock;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The time bound's refusals, with a fake clock for how long threads have been stuck: a burst is
 * BUSY (the copy stays), a disk whose every thread is stuck past the timeout is a TIMEOUT (a
 * directory error, so it leaves service even if nobody awaits the stuck reads), and read-aheads
 * never take more than half the threads.
 */
class TimeBoundPageStoreTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);
  private static final int THREADS = 4;

  /** Reads of file "hang" block until released; others return at once. */
  private final CountDownLatch release = new CountDownLatch(1);

  private final Semaphore hanging = new Semaphore(0);
  private final FakeClock now = new FakeClock(0);
  private final PageStore hangable =
      new RecordingPageStore() {
        @Override
        public void read(String f, long p, int o, ByteBuffer d) {
          if (f.equals("hang")) {
            hanging.release();
            try {
              release.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
        }
      };
  private final TimeBoundPageStore store =
      new TimeBoundPageStore(
          hangable,
          TIMEOUT,
          THREADS,
          0,
          "test",
          new InlineReadGate(ReadBound.STRICT, TIMEOUT, "test", now, ProcessStalls.NONE),
          now);

  @AfterEach
  void tearDown() {
    release.countDown();
    callers.shutdownNow();
    store.close();
  }

  /** Callers blocked in reads of the hanging file (read-aheads could fill only half). */
  private final ExecutorService callers = Executors.newCachedThreadPool();

  private void hangThreads(int n) throws InterruptedException {
    for (int i = 0; i < n; i++) {
      long page = i;
      callers.execute(
          () -> {
            try {
              store.read("hang", page, 0, java.nio.ByteBuffer.wrap(new byte[1], 0, 1));
            } catch (CacheException e) {
              // the test's release or close ends it
            }
          });
    }
    if (!hanging.tryAcquire(n, 30, TimeUnit.SECONDS)) {
      throw new AssertionError("pool threads did not start");
    }
  }

  private CacheFailure readFailure() {
    return assertThrows(
            CacheException.class,
            () -> store.read("other", 0, 0, java.nio.ByteBuffer.wrap(new byte[1], 0, 1)))
        .failure();
  }

  /**
   * A cancelled read-ahead's buffer is handed back only once nothing can write into it: not while
   * its read runs (a hung SSD), as soon as it has ended.
   */
  @Test
  void readAsync_cancelledWhileReading_bufferHandedBackWhenTheReadEnds() throws Exception {
    PendingIo io = store.readAsync("hang", 9, 0, ByteBuffer.allocate(1), () -> {});
    if (!hanging.tryAcquire(30, TimeUnit.SECONDS)) {
      throw new AssertionError("the read-ahead did not start");
    }
    CountDownLatch handedBack = new CountDownLatch(1);
    io.cancel().whenEnded(handedBack::countDown);
    assertEquals(1, handedBack.getCount(), "the read still runs");
    release.countDown();
    assertTrue(handedBack.await(30, TimeUnit.SECONDS), "handed back as the read ended");
  }

  @Test
  void readAsync_cancelledAfterItsEnd_bufferHandedBackAtOnce() throws Exception {
    PendingIo io = store.readAsync("other", 1, 0, ByteBuffer.allocate(1), () -> {});
    io.await();
    AtomicBoolean handedBack = new AtomicBoolean();
    io.cancel().whenEnded(() -> handedBack.set(true));
    assertTrue(handedBack.get());
  }

  @Test
  void read_timedOut_bufferHandedBackWhenTheReadEnds() throws Exception {
    Duration brief = Duration.ofSeconds(1); // the reader's wait, on the machine's clock
    TimeBoundPageStore briefStore =
        new TimeBoundPageStore(
            hangable,
            brief,
            THREADS,
            0,
            "brief",
            new InlineReadGate(ReadBound.STRICT, brief, "brief", now, ProcessStalls.NONE),
            now);
    try {
      CacheException e =
          assertThrows(
              CacheException.class, () -> briefStore.read("hang", 3, 0, ByteBuffer.allocate(1)));
      assertEquals(CacheFailure.TIMEOUT, e.failure());
      assertTrue(hanging.tryAcquire(30, TimeUnit.SECONDS), "the read started");
      CountDownLatch handedBack = new CountDownLatch(1);
      e.operationEnd().whenEnded(handedBack::countDown);
      assertEquals(1, handedBack.getCount(), "the read still runs");
      release.countDown();
      assertTrue(handedBack.await(30, TimeUnit.SECONDS), "handed back as the read ended");
    } finally {
      release.countDown();
      briefStore.close();
    }
  }

  @Test
  void read_everyThreadBusyWithinTimeout_refusedBusy() throws Exception {
    hangThreads(THREADS);
    now.advanceNanos(TIMEOUT.toNanos() - 1);
    assertEquals(CacheFailure.BUSY, readFailure());
  }

  @Test
  void read_everyThreadStuckPastTimeout_refusedTimeout() throws Exception {
    hangThreads(THREADS);
    now.advanceNanos(TIMEOUT.toNanos() + 1);
    assertEquals(CacheFailure.TIMEOUT, readFailure());
  }

  @Test
  void readAsync_halfTheThreadsInUse_refusedBusyWhileReadStillRuns() throws Exception {
    hangThreads(THREADS / 2);
    PendingIo ahead = store.readAsync("other", 1, 0, ByteBuffer.allocate(1), () -> {});
    assertEquals(CacheFailure.BUSY, assertThrows(CacheException.class, ahead::await).failure());
    store.read(
        "other",
        0,
        0,
        java.nio.ByteBuffer.wrap(new byte[1], 0, 1)); // a reader's own read still gets a thread
  }

  @Test
  void readAsync_checkFails_awaitThrowsItsFailure() throws Exception {
    PendingIo io =
        store.readAsync(
            "other",
            0,
            0,
            ByteBuffer.allocate(1),
            () -> {
              throw new CacheException(CacheFailure.CHECKSUM_MISMATCH, "bad chunk");
            });
    assertEquals(
        CacheFailure.CHECKSUM_MISMATCH, assertThrows(CacheException.class, io::await).failure());
  }
}
