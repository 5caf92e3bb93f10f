package io.hdfslocalcache.bench;

import io.hdfslocalcache.model.policy.AdmissionDecision;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.PolicyRead;
import io.hdfslocalcache.model.policy.PolicyType;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Throughput of the DataNode's admission call per read, {@code tuned} against {@code outcome}
 * ({@code -p policy=tuned,outcome}; a spec such as {@code outcome:roomPay=0} runs that policy), at
 * 1, 8 and 128 reader threads: {@link AdmissionPolicy#startRead} and the read's end (1 MB at offset
 * 0 of a 128 MB block), over the Zipf(1.1) stream of 1M block ids of {@link RateLimitBenchmark},
 * 0.6 ms of each thread's time a read, threshold 15, a 64 GB cache with a full write budget.
 * Outcome takes its monitor on every read here (sample 1, the DataNode's default): its contention
 * is what the thread counts show.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AdmissionPolicyBenchmark {
  private static final long MB = 1 << 20;
  private static final long CAPACITY = 64L << 30;

  @State(Scope.Benchmark)
  public static class Shared {
    @Param({"tuned", "outcome"})
    String policy;

    long[] keys;
    AdmissionPolicy p;

    @Setup(Level.Trial)
    public void setUp() {
      keys = ZipfKeys.stream(1_000_000, 1.1, RateLimitBenchmark.STREAM, 42);
      CacheClock clock = CacheClock.ofEventTime(() -> RateLimitBenchmark.Cursor.NOW.get()[0]);
      p =
          policy.contains(":")
              ? BoundPolicy.of(policy, CAPACITY, clock) // a spec: outcome:roomPay=0
              : BoundPolicy.of(
                  "tuned".equals(policy) ? PolicyType.TUNED : PolicyType.OUTCOME,
                  RateLimitConfig.DEFAULT_THRESHOLD,
                  CAPACITY,
                  clock);
    }
  }

  @Benchmark
  @Threads(1)
  public AdmissionDecision oneThread(Shared s, RateLimitBenchmark.Cursor c) {
    return read(s, c);
  }

  @Benchmark
  @Threads(8)
  public AdmissionDecision eightThreads(Shared s, RateLimitBenchmark.Cursor c) {
    return read(s, c);
  }

  @Benchmark
  @Threads(128)
  public AdmissionDecision oneHundredTwentyEightThreads(Shared s, RateLimitBenchmark.Cursor c) {
    return read(s, c);
  }

  private static AdmissionDecision read(Shared s, RateLimitBenchmark.Cursor c) {
    long i = c.i++;
    c.now[0] = i * 3 / 5;
    PolicyRead r =
        s.p.startRead(s.keys[(int) ((i + c.keyOffset) & (RateLimitBenchmark.STREAM - 1))]);
    r.ended(0, MB, 128 * MB);
    return r.decision();
  }
}
