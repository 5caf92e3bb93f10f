package io.hdfslocalcache.guard;

import java.util.function.LongSupplier;

/** A clock tests move by hand; nothing sleeps. */
final class ManualClock implements LongSupplier {
  private long millis;

  ManualClock(long millis) {
    this.millis = millis;
  }

  void advance(long m) {
    millis += m;
  }

  void set(long m) {
    millis = m;
  }

  @Override
  public long getAsLong() {
    return millis;
  }
}
