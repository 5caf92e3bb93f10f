package io.hdfslocalcache.bench;

import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import io.hdfslocalcache.ratelimit.Decision;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Throughput of {@link BucketTimeRateLimit#recordAndCheck(long)} over a Zipf(1.1) stream of 1M
 * distinct block ids, with the paper's parameters (threshold 15, 60 one-minute buckets). Time
 * advances 0.6 ms per access (100k reads a minute), so buckets roll over and expire during the run
 * and the window holds a realistic working set, not a frozen one.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RateLimitBenchmark {
  static final int STREAM = 1 << 23;

  @State(Scope.Benchmark)
  public static class Shared {
    long[] keys;
    BucketTimeRateLimit limiter;

    @Setup(Level.Trial)
    public void setUp() {
      keys = ZipfKeys.stream(1_000_000, 1.1, STREAM, 42);
      // Each thread's time is its own step's (its cursor), read through the limiter's clock.
      limiter =
          new BucketTimeRateLimit(
              RateLimitConfig.defaults(), CacheClock.ofEventTime(() -> Cursor.NOW.get()[0]));
    }
  }

  /**
   * Each thread walks the key stream from its own starting point (threads in lockstep on the same
   * keys would contend on the same stripes more than a DataNode's unrelated readers do); time is
   * the same function of the step for all, so the window moves alike.
   */
  @State(Scope.Thread)
  public static class Cursor {
    private static final java.util.concurrent.atomic.AtomicInteger THREADS =
        new java.util.concurrent.atomic.AtomicInteger();
    static final ThreadLocal<long[]> NOW = ThreadLocal.withInitial(() -> new long[1]);
    long i;
    long keyOffset;
    long[] now;

    @Setup(Level.Trial)
    public void setUp() {
      keyOffset = (long) THREADS.getAndIncrement() * (STREAM / 2 + 12_345);
      now = NOW.get();
    }
  }

  @Benchmark
  @Threads(1)
  public Decision oneThread(Shared s, Cursor c) {
    return step(s, c);
  }

  @Benchmark
  @Threads(2)
  public Decision twoThreads(Shared s, Cursor c) {
    return step(s, c);
  }

  private static Decision step(Shared s, Cursor c) {
    long i = c.i++;
    c.now[0] = i * 3 / 5;
    return s.limiter.recordAndCheck(s.keys[(int) ((i + c.keyOffset) & (STREAM - 1))]);
  }
}
