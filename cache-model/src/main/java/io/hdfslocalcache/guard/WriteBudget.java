package io.hdfslocalcache.guard;

/**
 * The SSD write budget: a token bucket of bytes that refills at {@code drive writes per day x
 * capacity} spread evenly over the day, holds at most one capacity (the burst that lets an empty
 * directory fill once), and starts full. A fill takes its SSD bytes or is refused; there is no
 * debt, so bytes written never exceed {@code capacity + rate x elapsed}.
 *
 * <p>Hysteresis: once a fill finds the bucket short, the budget stays exhausted until it holds a
 * whole guard window's refill (and at least the refused fill), so a write-bound workload pauses and
 * resumes about once per window rather than once per fill. Not thread-safe: {@link FillGuard} holds
 * its monitor.
 */
final class WriteBudget {
  private static final double MILLIS_PER_DAY = 86_400_000.0;

  private final double bytesPerMilli;
  private final double burst;
  private final double resumeLevel;
  private double tokens;
  private long lastMillis;
  private boolean exhausted;
  private double needed; // the refused fill's bytes, while exhausted

  WriteBudget(double driveWritesPerDay, long capacityBytes, long windowMillis, long nowMillis) {
    this.bytesPerMilli = driveWritesPerDay * capacityBytes / MILLIS_PER_DAY;
    this.burst = capacityBytes;
    this.resumeLevel = Math.min(burst, bytesPerMilli * windowMillis);
    this.tokens = burst;
    this.lastMillis = nowMillis;
  }

  /** Refills for the time since the last call; a clock that went backwards adds nothing. */
  void refill(long nowMillis) {
    if (nowMillis > lastMillis) {
      tokens = Math.min(burst, tokens + (nowMillis - lastMillis) * bytesPerMilli);
      lastMillis = nowMillis;
    }
  }

  /** True once the bucket is exhausted until it refilled past its resume level. */
  boolean exhausted() {
    return exhausted;
  }

  /** Leaves the exhausted state if the bucket refilled enough; true if it did now. */
  boolean tryResume() {
    if (exhausted && tokens >= resumeBytes()) {
      exhausted = false;
      needed = 0;
      return true;
    }
    return false;
  }

  /**
   * Takes {@code bytes} if they are there; otherwise the budget becomes exhausted (an exhausted
   * budget refuses everything). A fill larger than the whole burst can never fit: it is refused
   * without changing the state.
   */
  boolean tryTake(long bytes) {
    if (exhausted || bytes > burst) {
      return false;
    }
    if (tokens >= bytes) {
      tokens -= bytes;
      return true;
    }
    exhausted = true;
    needed = bytes;
    return false;
  }

  /** The level as of the last refill, for persisting. */
  WriteBudgetState state() {
    return new WriteBudgetState((long) tokens, exhausted, (long) needed, lastMillis);
  }

  /**
   * Takes up a persisted level: the bytes left then, refilled for the time since (none if the clock
   * is behind it), capped at this budget's burst (the capacity may have shrunk), and its pause.
   */
  void restore(WriteBudgetState s, long nowMillis) {
    tokens = Math.min(burst, s.availableBytes());
    exhausted = s.exhausted();
    needed = exhausted ? s.neededBytes() : 0;
    lastMillis = Math.min(s.atMillis(), nowMillis);
    refill(nowMillis);
  }

  /** Bytes that may be written now. */
  long available() {
    return (long) tokens;
  }

  double bytesPerDay() {
    return bytesPerMilli * MILLIS_PER_DAY;
  }

  /** The level an exhausted budget must refill to: a window's refill, and the refused fill. */
  double resumeBytes() {
    return Math.min(burst, Math.max(resumeLevel, needed));
  }
}
