package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.ReadRoute;
import io.hdfslocalcache.time.FakeClock;
import java.time.Duration;
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
        public void read(String f, long p, int o, byte[] d, int off, int len)
            throws CacheException {
          readBy.set(Thread.currentThread());
          during.run();
          if (failWith != null) {
            throw new CacheException(failWith, "injected");
          }
        }
      };

  private final InlineReadGate gate =
      new InlineReadGate(
          ReadBound.ADAPTIVE, Duration.ofMillis(50), Duration.ofMinutes(1), 4, "test", now);
  private final TimeBoundPageStore store =
      new TimeBoundPageStore(inner, TIMEOUT, 4, 0, "test", gate, now);

  @AfterEach
  void tearDown() {
    Thread.interrupted();
    store.close();
  }

  private void read() throws CacheException {
    store.read("f", 0, 0, new byte[1], 0, 1);
  }

  @Test
  void read_fastDirectory_runsOnCallerThread() throws Exception {
    read();
    assertEquals(Thread.currentThread(), readBy.get());
    assertEquals(ReadRoute.CALLER, store.readRoute());
  }

  @Test
  void read_afterASlowRead_runsOnIoThread() throws Exception {
    during = () -> now.advanceNanos(Duration.ofMillis(51).toNanos());
    read();
    assertEquals(Thread.currentThread(), readBy.get(), "the slow read itself");
    during = () -> {};
    read();
    assertTrue(readBy.get().getName().startsWith("local-cache-io-test"), readBy.get().getName());
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, store.readRoute());
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
