package io.hdfslocalcache.time;

/**
 * The one seam for time, after Guava's {@code SleepingStopwatch} and Caffeine's {@code Ticker}:
 * every component that reads the time or waits takes a {@code CacheClock}, so a test moves all of
 * them with one fake clock (the {@code FakeClock} of this module's test-jar) and no test waits for
 * the wall clock.
 *
 * <p>Two readings because they answer different questions: {@link #millis()} is wall time since the
 * epoch, for what is compared across restarts or with other machines (limiter buckets, access
 * times, error windows); {@link #nanoTime()} is monotonic, for durations and deadlines (timeouts,
 * throttles, waits for room). A component takes the clock, not a bare {@code LongSupplier}, so the
 * two cannot be mixed up by type.
 *
 * <p>What stays on the machine's own clock, on purpose: latency histograms and the I/O time bound
 * (they judge the real disk: a test's clock that jumps minutes while a read is in flight would call
 * it hung), a spin's CPU budget, the deadline of a JDK wait that itself blocks in real time ({@code
 * Future.get}, {@code tryLock}, {@code awaitTermination}), and a poll's idle pause: a fake clock
 * there would measure nothing, spin forever, or move a test's time under it.
 *
 * <p>Java 8 API: the DataNode side runs on Hadoop 3.3/3.4's Java 8.
 */
public interface CacheClock {
  /** The real clock: {@link System#currentTimeMillis}, {@link System#nanoTime}, parking. */
  CacheClock SYSTEM = new SystemClock();

  /**
   * A replay's clock (the simulator, the model): its time is {@code millis}, the newest event's; it
   * cannot sleep.
   */
  static CacheClock ofEventTime(java.util.function.LongSupplier millis) {
    return new EventTimeClock(millis);
  }

  /** Wall time, milliseconds since the epoch; may step (NTP), so never used for durations. */
  long millis();

  /** Monotonic nanoseconds from an arbitrary origin; only differences mean anything. */
  long nanoTime();

  /**
   * Waits about {@code nanos} (nothing when not positive), interruptibly: an interrupt ends the
   * wait with {@link InterruptedException} and the interrupt status cleared, as {@link
   * Thread#sleep} does.
   */
  void sleepNanos(long nanos) throws InterruptedException;

  /** {@link #sleepNanos} in milliseconds. */
  default void sleepMillis(long millis) throws InterruptedException {
    sleepNanos(java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(millis));
  }
}
