package io.hdfslocalcache.datanode.dir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SpaceBudgetTest {
  @Test
  void tryReserve_exactlyCapacity_fitsAndOneByteMoreDoesNot() {
    SpaceBudget b = new SpaceBudget(100);
    assertTrue(b.tryReserve(60));
    assertFalse(b.tryReserve(41));
    assertEquals(1, b.shortfall(41));
    assertTrue(b.tryReserve(40));
    b.release(60);
    assertEquals(40, b.reserved());
  }

  @Test
  void shortfall_drainingBytes_notCountedTwice() {
    SpaceBudget b = new SpaceBudget(100);
    assertTrue(b.tryReserve(100));
    b.draining(60); // evicted, a reader still open
    assertFalse(b.tryReserve(50), "not free yet");
    assertEquals(-10, b.shortfall(50), "but nothing more to evict");
    b.releaseDrained(60);
    assertTrue(b.tryReserve(50));
    assertEquals(90, b.reserved());
  }

  @Test
  void reserveExisting_pastCapacity_countedSoFillsEvictFirst() {
    SpaceBudget b = new SpaceBudget(100);
    b.reserveExisting(150);
    assertFalse(b.tryReserve(1));
    assertEquals(51, b.shortfall(1));
  }

  @Test
  void tryReserve_concurrent_neverOversubscribes() {
    SpaceBudget b = new SpaceBudget(1000);
    AtomicInteger granted = new AtomicInteger();
    IntStream.range(0, 10_000)
        .parallel()
        .forEach(
            i -> {
              if (b.tryReserve(7)) {
                granted.incrementAndGet();
              }
            });
    assertEquals(1000 / 7, granted.get());
    assertEquals(1000 / 7 * 7, b.reserved());
  }

  /**
   * A fill polls {@code shortfall} while the delete thread releases drained bytes: a read between
   * the release's two counter updates must never see more to evict than there is, or the fill
   * evicts a page too many (DecisionParityTest saw one more page eviction than the model under
   * load). Each cycle drains a byte and releases it; once a drain is done, the shortfall can only
   * be lower.
   */
  @Test
  void shortfall_readDuringReleaseDrained_neverMoreThanBeforeTheRelease() throws Exception {
    int cycles = 2_000_000;
    SpaceBudget b = new SpaceBudget(cycles);
    assertTrue(b.tryReserve(cycles));
    AtomicInteger drained = new AtomicInteger();
    Thread deletes =
        new Thread(
            () -> {
              for (int i = 0; i < cycles; i++) {
                b.draining(1);
                drained.incrementAndGet();
                b.releaseDrained(1);
              }
            });
    deletes.start();
    long worst = Long.MIN_VALUE;
    while (deletes.isAlive()) {
      int done = drained.get();
      // After `done` drains, reserved minus draining is at most cycles - done.
      worst = Math.max(worst, b.shortfall(0) + done);
    }
    deletes.join();
    assertTrue(worst <= 0, "a shortfall read mid-release saw " + worst + " bytes too many");
  }
}
