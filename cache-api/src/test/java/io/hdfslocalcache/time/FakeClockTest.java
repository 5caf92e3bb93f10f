package io.hdfslocalcache.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FakeClockTest {
  private final FakeClock clock = new FakeClock(1_000);

  @Test
  void advance_subMillisecondSteps_wallMillisAddUp() {
    for (int i = 0; i < 4; i++) {
      clock.advanceNanos(250_000);
    }
    assertEquals(1_000_000, clock.nanoTime());
    assertEquals(1_001, clock.millis());
  }

  @Test
  void setMillis_backwards_monotonicTimeStays() {
    clock.advance(Duration.ofSeconds(2));
    clock.setMillis(500);
    assertEquals(500, clock.millis());
    assertEquals(2_000_000_000L, clock.nanoTime());
  }

  @Test
  void sleepNanos_advancesAtOnceThenRunsHook() throws Exception {
    AtomicLong seen = new AtomicLong();
    clock.onSleep(() -> seen.set(clock.nanoTime()));
    clock.sleepMillis(30);
    assertEquals(30_000_000L, seen.get());
    assertEquals(1_030, clock.millis());
    assertEquals(1, clock.sleeps());
  }

  @Test
  void sleepNanos_sleepsMoveNoTime_clockStaysAndSleepIsCounted() throws Exception {
    clock.sleepsMoveNoTime().sleepMillis(30_000);
    assertEquals(0, clock.nanoTime());
    assertEquals(1_000, clock.millis());
    assertEquals(1, clock.sleeps());
  }

  @Test
  void sleepNanos_interrupted_throwsAndClearsStatus() {
    Thread.currentThread().interrupt();
    assertThrows(InterruptedException.class, () -> clock.sleepNanos(1));
    assertEquals(false, Thread.currentThread().isInterrupted());
    assertEquals(0, clock.nanoTime());
  }

  @Test
  void ofEventTime_sleep_fails() {
    CacheClock replay = CacheClock.ofEventTime(() -> 7);
    assertEquals(7_000_000L, replay.nanoTime());
    assertThrows(UnsupportedOperationException.class, () -> replay.sleepNanos(1));
  }
}
