package io.hdfslocalcache.ops.status;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Time that moves only when the watch sleeps; after the n-th sleep it runs the test's step n (what
 * happens on the cluster during that interval). Public for the integration tests (test-jar).
 */
public final class FakePacing implements Pacing {
  /** What happens during interval {@code n} (from 1). */
  public interface Step {
    void during(int n) throws Exception;
  }

  private long nanos = 1_000_000_000L;
  private final List<Duration> sleeps = new ArrayList<>();
  private final Step step;

  public FakePacing(Step step) {
    this.step = step;
  }

  public List<Duration> sleeps() {
    return sleeps;
  }

  @Override
  public long nanoTime() {
    return nanos;
  }

  @Override
  public Instant now() {
    return Instant.EPOCH.plusNanos(nanos);
  }

  @Override
  public void sleep(Duration d) {
    sleeps.add(d);
    nanos += d.toNanos();
    try {
      step.during(sleeps.size());
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
