package io.hdfslocalcache.time;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one fake {@link CacheClock} of the tests (shipped in rate-limiter's test-jar): it moves only
 * when a test moves it, or when code under test sleeps on it, which advances it by the sleep at
 * once (as Guava's {@code FakeStopwatch} does for {@code RateLimiter}), so a wait for room or a
 * throttle runs without wall time passing.
 *
 * <p>A test whose code under test sleeps while it waits for another thread (a fill waiting for a
 * reader to free room) asks for {@link #sleepsMoveNoTime}: a sleep then pauses the sleeper for a
 * moment of real time (at most a millisecond) and moves nothing, so the poll re-checks what the
 * other thread did and only the test moves time; a deadline passes only when the test says so.
 *
 * <p>Wall and monotonic time move together on {@link #advance}; {@link #setMillis} steps only the
 * wall clock (an NTP step, backwards too), as a real machine's would. Thread-safe: code under test
 * reads it from its own threads.
 */
public final class FakeClock implements CacheClock {
  private final AtomicLong millis;
  private final AtomicLong nanos = new AtomicLong();
  private final AtomicInteger sleeps = new AtomicInteger();
  private volatile Runnable onSleep = () -> {};
  private volatile boolean sleepsMoveTime = true;

  /** A clock at {@code startMillis} since the epoch, its monotonic reading at zero. */
  public FakeClock(long startMillis) {
    this.millis = new AtomicLong(startMillis);
  }

  /** Moves wall and monotonic time forward by {@code d}. */
  public void advance(Duration d) {
    advanceNanos(d.toNanos());
  }

  public void advanceMillis(long m) {
    advanceNanos(m * 1_000_000);
  }

  public void advanceNanos(long n) {
    if (n < 0) {
      throw new IllegalArgumentException("monotonic time cannot go back: " + n);
    }
    // Wall millis follow the nanos' own millisecond boundaries, so sub-millisecond steps add up.
    long before = nanos.getAndAdd(n);
    millis.addAndGet(Math.floorDiv(before + n, 1_000_000L) - Math.floorDiv(before, 1_000_000L));
  }

  /** Steps only the wall clock to {@code m}, forward or back; the monotonic reading stays. */
  public void setMillis(long m) {
    millis.set(m);
  }

  /** Sleeps from now on move no time: see the class comment. */
  public FakeClock sleepsMoveNoTime() {
    sleepsMoveTime = false;
    return this;
  }

  /** Runs on every sleep, after the clock has advanced by it (e.g. to free room meanwhile). */
  public void onSleep(Runnable r) {
    onSleep = r;
  }

  /** How many times code slept on this clock. */
  public int sleeps() {
    return sleeps.get();
  }

  @Override
  public long millis() {
    return millis.get();
  }

  @Override
  public long nanoTime() {
    return nanos.get();
  }

  @Override
  public void sleepNanos(long n) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    sleeps.incrementAndGet();
    if (!sleepsMoveTime) {
      Thread.sleep(0, (int) Math.min(Math.max(n, 0), 999_999));
    } else if (n > 0) {
      advanceNanos(n);
    }
    onSleep.run();
  }
}
