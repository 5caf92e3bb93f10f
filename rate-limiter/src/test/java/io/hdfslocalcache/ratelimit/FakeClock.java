package io.hdfslocalcache.ratelimit;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock tests move by hand; nothing sleeps. */
final class FakeClock extends Clock {
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

  // The limiter reads only millis(); a zone is part of Clock's contract.
  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException();
  }
}
