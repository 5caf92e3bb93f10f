package io.hdfslocalcache.ratelimit;

import java.time.Instant;
import java.time.InstantSource;

/** A clock tests move by hand; nothing sleeps. */
final class FakeClock implements InstantSource {
  private long millis;

  FakeClock(long millis) {
    this.millis = millis;
  }

  void set(long m) {
    millis = m;
  }

  void advance(long m) {
    millis += m;
  }

  @Override
  public long millis() {
    return millis;
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis);
  }
}
