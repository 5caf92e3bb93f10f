package io.hdfslocalcache.time;

import java.util.function.LongSupplier;

/**
 * {@link CacheClock#ofEventTime}: a replay's clock, whose time is what its events say. Monotonic
 * time is the same reading in nanoseconds. A replay never waits, so sleeping is a programming error
 * and fails at once rather than stalling a simulation on the wall clock.
 */
final class EventTimeClock implements CacheClock {
  private final LongSupplier millis;

  EventTimeClock(LongSupplier millis) {
    this.millis = millis;
  }

  @Override
  public long millis() {
    return millis.getAsLong();
  }

  @Override
  public long nanoTime() {
    return millis.getAsLong() * 1_000_000L;
  }

  @Override
  public void sleepNanos(long nanos) {
    throw new UnsupportedOperationException(
        "a replay's clock never waits (asked to sleep " + nanos + " ns)");
  }
}
