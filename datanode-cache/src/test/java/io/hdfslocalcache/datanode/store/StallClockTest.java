package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.time.FakeClock;
import org.junit.jupiter.api.Test;

/** The pause detector's count on a fake clock: late wake-ups, and one late right now. */
class StallClockTest {
  private static final long MS = 1_000_000L;

  private final FakeClock now = new FakeClock(0);
  private final StallClock clock = new StallClock(now);

  @Test
  void stalledNanos_wakesOnTime_nothing() {
    for (int i = 0; i < 10; i++) {
      now.advanceNanos(StallClock.PERIOD_NANOS);
      clock.woke(now.nanoTime());
    }
    assertEquals(0, clock.stalledNanos(now.nanoTime()));
  }

  @Test
  void stalledNanos_lateWakeUp_countsTheOvershoot() {
    now.advanceNanos(StallClock.PERIOD_NANOS + 200 * MS); // a 200 ms GC pause
    clock.woke(now.nanoTime());
    now.advanceNanos(StallClock.PERIOD_NANOS);
    clock.woke(now.nanoTime());
    assertEquals(200 * MS, clock.stalledNanos(now.nanoTime()));
  }

  @Test
  void stalledNanos_pauseNotYetWokenFrom_countedAlready() {
    // A reader that ends right after a pause, before the clock's thread has run, sees it too.
    now.advanceNanos(StallClock.PERIOD_NANOS + 300 * MS);
    assertEquals(300 * MS, clock.stalledNanos(now.nanoTime()));
    clock.woke(now.nanoTime());
    assertEquals(300 * MS, clock.stalledNanos(now.nanoTime()), "no double count on waking");
  }
}
