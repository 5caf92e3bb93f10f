package io.hdfslocalcache.demo.hdd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SpindleTest {
  /** 10 ms seeks, 1 MB/s: 1 byte costs 1 us (rounded to whole nanos by the model). */
  private static final HddModel MODEL = new HddModel(10, 10, 1_000_000, 0);

  @Test
  void serve_costIsSeekPlusTransfer_sleepsExactlyThat() throws Exception {
    AtomicLong slept = new AtomicLong();
    Spindle s = new Spindle(MODEL, slept::addAndGet);

    s.serve("a", 0, 1000);

    assertEquals(10_000_000 + 1_000_000, slept.get());
    assertEquals(slept.get(), s.busyNanos());
  }

  @Test
  void serve_continuesPreviousRequest_skipsSeek() throws Exception {
    AtomicLong slept = new AtomicLong();
    Spindle s = new Spindle(MODEL, slept::addAndGet);

    s.serve("a", 0, 100);
    s.serve("a", 100, 100);
    s.serve("a", 200, 100);

    assertEquals(3, s.requests());
    assertEquals(1, s.seeks());
    assertEquals(10_000_000 + 300_000, slept.get());
  }

  @Test
  void serve_otherStreamOrGapInBetween_seeksAgain() throws Exception {
    Spindle s = new Spindle(MODEL, n -> {});

    s.serve("a", 0, 100);
    s.serve("b", 100, 100); // same offset, other file
    s.serve("a", 200, 100); // a's previous request ended at 100, and b moved the head anyway
    s.serve("a", 400, 100); // gap

    assertEquals(4, s.seeks());
  }

  @Test
  void serve_concurrentRequests_servedOneAtATime() throws Exception {
    AtomicInteger inService = new AtomicInteger();
    AtomicInteger maxInService = new AtomicInteger();
    Spindle s =
        new Spindle(
            MODEL,
            n -> {
              maxInService.accumulateAndGet(inService.incrementAndGet(), Math::max);
              Thread.sleep(1); // widen the window in which an overlap would be seen
              inService.decrementAndGet();
            });
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      String file = "f" + t;
      threads.add(
          new Thread(
              () -> {
                for (int i = 0; i < 5; i++) {
                  try {
                    s.serve(file, i * 100L, 100);
                  } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                  }
                }
              }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }

    assertEquals(20, s.requests());
    assertEquals(1, maxInService.get());
  }

  @Test
  void queueDepth_requestsWaitingBehindOneInService_countsAll() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    Spindle s = new Spindle(MODEL, n -> release.await());
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 3; t++) {
      String file = "f" + t;
      Thread th =
          new Thread(
              () -> {
                try {
                  s.serve(file, 0, 100);
                } catch (InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              });
      threads.add(th);
      th.start();
    }

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (s.queueDepth() < 3 && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    int depth = s.queueDepth();
    long servedWhileBlocked = s.requests();
    release.countDown();
    for (Thread t : threads) {
      t.join();
    }

    assertEquals(3, depth);
    assertTrue(servedWhileBlocked <= 1, "only one request may be in service");
    assertEquals(0, s.queueDepth());
    assertEquals(3, s.requests());
  }
}
