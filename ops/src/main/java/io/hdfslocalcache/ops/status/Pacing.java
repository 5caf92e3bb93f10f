package io.hdfslocalcache.ops.status;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Time for {@code --watch}: a monotonic clock for the rates, the wall clock for the labels, and the
 * wait between readings. Tests pass a fake one that advances when asked to sleep.
 */
public interface Pacing {
  long nanoTime();

  Instant now();

  void sleep(Duration d) throws InterruptedException;

  /** The real clocks and {@link Thread#sleep}. */
  static Pacing system() {
    Clock clock = Clock.systemDefaultZone();
    return new Pacing() {
      @Override
      public long nanoTime() {
        return System.nanoTime();
      }

      @Override
      public Instant now() {
        return clock.instant();
      }

      @Override
      public void sleep(Duration d) throws InterruptedException {
        Thread.sleep(d.toMillis());
      }
    };
  }
}
