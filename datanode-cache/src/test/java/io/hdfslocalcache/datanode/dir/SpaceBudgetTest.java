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
}
