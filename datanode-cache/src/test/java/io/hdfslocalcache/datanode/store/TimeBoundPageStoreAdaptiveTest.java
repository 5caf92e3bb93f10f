package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.ReadRoute;
import io.hdfslocalcache.time.FakeClock;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code read.bound=adaptive} in the time bound: synchronous reads on the caller's thread while the
 * gate allows it, through the pool after a slow one; an interrupt that fails a read on the caller's
 * thread is INTERRUPTED (not a directory error), as on the pool.
 */
class TimeBoundPageStoreAdaptiveTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final FakeClock now = new FakeClock(0);
  private final AtomicReference<Thread> readBy = new AtomicReference<>();

  /** What the next read does besides recording its thread. */
  private volatile Runnable during = () -> {};

  private volatile CacheFailure failWith;

  private final PageStore inner =
      new ForwardingPageStore(new RecordingPageStore()) {
        @Override
        public void read(String f, long p, int o, ByteBuffer d) throws CacheException {
          readBy.set(Thread.currentThread());
          during.run();
          if (failWith != null) {
            throw new CacheException(failWith, "injected");
          }
        }
      };

  private static final int IO_THREADS = 2;

  private final InlineReadGate gate =
      new InlineReadGate(
          ReadBound.ADAPTIVE,
          Duration.ofMillis(50),
          Duration.ofMillis(500),
          TIMEOUT,
          Duration.ofMinutes(1),
          "test",
          now,
          ProcessStalls.NONE);
  private final TimeBoundPageStore store =
      new TimeBoundPageStore(inner, TIMEOUT, IO_THREADS, 0, "test", gate, now);

  @AfterEach
  void tearDown() {
    Thread.interrupted();
    store.close();
  }

  private void read() throws CacheException {
    store.read("f", 0, 0, java.nio.ByteBuffer.wrap(new byte[1], 0, 1));
  }

  @Test
  void read_fastDirectory_runsOnCallerThread() throws Exception {
    read();
    assertEquals(Thread.currentThread(), readBy.get());
    assertEquals(ReadRoute.CALLER, store.readRoute());
  }

  @Test
  void read_afterASlowRead_runsOnIoThread() throws Exception {
    during = () -> now.advanceNanos(Duration.ofMillis(501).toNanos());
    read();
    assertEquals(Thread.currentThread(), readBy.get(), "the slow read itself");
    during = () -> {};
    read();
    assertTrue(readBy.get().getName().startsWith("local-cache-io-test"), readBy.get().getName());
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, store.readRoute());
  }

  @Test
  void read_manyMoreConcurrentReadsThanIoThreads_allServedOnTheirCallers() throws Exception {
    // A busy DataNode's readers on a healthy SSD: none may queue behind the pool or be refused.
    int readers = 8 * IO_THREADS;
    CountDownLatch allIn = new CountDownLatch(readers);
    Set<Thread> readOn = ConcurrentHashMap.newKeySet();
    during =
        () -> {
          readOn.add(Thread.currentThread());
          allIn.countDown();
          try {
            allIn.await(10, TimeUnit.SECONDS); // every read in flight at once
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        };
    ExecutorService callers = Executors.newFixedThreadPool(readers);
    try {
      List<Future<Thread>> done = new ArrayList<>();
      for (int i = 0; i < readers; i++) {
        done.add(
            callers.submit(
                () -> {
                  read();
                  return Thread.currentThread();
                }));
      }
      Set<Thread> callerThreads = new HashSet<>();
      for (Future<Thread> f : done) {
        callerThreads.add(f.get(30, TimeUnit.SECONDS)); // a refused read (BUSY) throws here
      }
      assertEquals(callerThreads, readOn, "every read on its caller's thread");
      assertEquals(ReadRoute.CALLER, store.readRoute());
    } finally {
      callers.shutdownNow();
    }
  }

  @Test
  void read_interruptedDuringReadOnCaller_failsInterruptedKeepsFlag() {
    during = () -> Thread.currentThread().interrupt(); // an interrupted FileChannel read fails
    failWith = CacheFailure.IO_ERROR;
    CacheException e = assertThrows(CacheException.class, this::read);
    assertEquals(CacheFailure.INTERRUPTED, e.failure());
    assertTrue(Thread.currentThread().isInterrupted());
  }

  @Test
  void read_callerAlreadyInterrupted_notReadOnItsThread() {
    Thread.currentThread().interrupt();
    try {
      read(); // the pool may finish it before the wait sees the interrupt
    } catch (CacheException e) {
      assertEquals(CacheFailure.INTERRUPTED, e.failure());
    }
    assertNotEquals(Thread.currentThread(), readBy.get());
    assertTrue(Thread.currentThread().isInterrupted());
  }

  @Test
  void read_failsOnCallerWithoutInterrupt_keepsItsFailure() {
    failWith = CacheFailure.IO_ERROR;
    assertEquals(CacheFailure.IO_ERROR, assertThrows(CacheException.class, this::read).failure());
  }
}
