package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.time.CacheClock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class BoundedIoPoolTest {
  private static final PageOp OP = new PageOp("read", "f", 0);

  /**
   * One operation after another on a one-thread pool: each finds the thread done with the last one
   * but perhaps not yet back waiting for work, the window in which a starved CPU leaves it.
   */
  @Test
  void submit_threadFinishingItsLastOperation_waitsForItInsteadOfRefusing() throws Exception {
    BoundedIoPool pool = new BoundedIoPool(Duration.ofMinutes(5), 1, 0, "t", CacheClock.SYSTEM);
    int refused = 0;
    try {
      for (int i = 0; i < 20_000; i++) {
        try {
          pool.submit(OP, true, () -> null).await();
        } catch (CacheException e) {
          refused++;
        }
      }
    } finally {
      pool.shutdown();
      pool.finish();
    }
    assertEquals(0, refused, "operations refused while the only thread was finishing the last");
  }

  @Test
  void submit_everyThreadRunningAnOperation_refusedBusyAtOnce() throws Exception {
    BoundedIoPool pool = new BoundedIoPool(Duration.ofMinutes(5), 1, 0, "t", CacheClock.SYSTEM);
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    try {
      PendingIo held =
          pool.submit(
              OP,
              false,
              () -> {
                running.countDown();
                release.await();
                return null;
              });
      running.await();
      CacheException e =
          assertThrows(CacheException.class, () -> pool.submit(OP, false, () -> null).await());
      assertEquals(CacheFailure.BUSY, e.failure());
      release.countDown();
      held.await();
    } finally {
      release.countDown();
      pool.shutdown();
      pool.finish();
    }
  }
}
