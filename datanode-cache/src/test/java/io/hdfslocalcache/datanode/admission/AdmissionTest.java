package io.hdfslocalcache.datanode.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.DirectoryFixture;
import io.hdfslocalcache.datanode.dir.ServingDirectories;
import io.hdfslocalcache.datanode.fill.FillRequest;
import io.hdfslocalcache.datanode.fill.FillScheduler;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.model.policy.ThresholdTuner;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.FakeClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Admission and placement on a fake clock: more than 2 reads in 3 one-minute buckets. */
class AdmissionTest {
  @TempDir Path root;
  private final FakeClock clock = new FakeClock(1_000_000);
  private final MetricRegistry registry = new MetricRegistry();
  private final BlockMap map = new BlockMap();
  private final FillScheduler fills = mock(FillScheduler.class);
  private DirectoryFixture d0;
  private DirectoryFixture d1;
  private Admission admission;
  private final BlockId id = new BlockId("BP-1", 42);

  @BeforeEach
  void setUp() throws Exception {
    d0 = new DirectoryFixture(0, root.resolve("a"), 1 << 20, 10, clock);
    d1 = new DirectoryFixture(1, root.resolve("b"), 1 << 20, 10, clock);
    admission = admission(policy(false, 0), registry);
  }

  private static final ThresholdTuner.Listener LOG_NOTHING = (from, to, demand, target) -> {};

  /**
   * A write budget of 1 GiB a day, at a quarter of its 1 GiB burst; fills ask for {@code asked}.
   */
  private final class FakeBudget implements ThresholdTuner.Budget {
    long asked;

    @Override
    public long availableBytes() {
      return 1L << 28;
    }

    @Override
    public long bytesAsked() {
      return asked;
    }
  }

  private final FakeBudget budget = new FakeBudget();

  /** The DataNode's policy, tuned or fixed, over {@link #budget} of {@code bytesPerDay}. */
  private AdmissionPolicy policy(boolean tuned, double bytesPerDay) {
    AdmissionPolicy p =
        PolicySpec.dataNode(new RateLimitConfig(2, 3, Duration.ofMinutes(1), 1000), tuned).create();
    p.bind(bytesPerDay, 1L << 30, budget, clock, LOG_NOTHING);
    return p;
  }

  private Admission admission(AdmissionPolicy policy, MetricRegistry metrics) {
    return new Admission(
        policy,
        map,
        new ServingDirectories(Arrays.asList(d0.dir, d1.dir), 2),
        fills,
        new AdmissionStats(metrics, policy, clock.millis()),
        FillMode.BLOCK,
        1 << 20);
  }

  @Test
  void record_budgetShort_admitsOnlyAboveTheTunedThreshold() {
    AdmissionPolicy policy = policy(true, 1L << 30);
    ThresholdTuner tuner = policy.tuner().get();
    MetricRegistry metrics = new MetricRegistry();
    admission = admission(policy, metrics);
    for (int minute = 0; minute < 60; minute++) {
      budget.asked += 1L << 30; // fills ask for a day's budget every minute
      clock.advanceMillis(60_000);
      tuner.threshold();
    }
    int threshold = tuner.threshold();
    assertTrue(threshold > 5, "raised from 2: " + threshold);
    for (int i = 0; i < threshold; i++) {
      assertEquals(
          AdmissionOutcome.REJECTED, admission.record(id, 7, false).outcome(), "read " + (i + 1));
    }
    assertEquals(AdmissionOutcome.FILL_REQUESTED, admission.record(id, 7, false).outcome());
    assertEquals(threshold, metrics.getGauges().get(AdmissionMetrics.THRESHOLD).getValue());
  }

  @AfterEach
  void tearDown() {
    if (d0 != null) {
      d0.close();
    }
    if (d1 != null) {
      d1.close();
    }
  }

  @Test
  void record_thirdReadInWindow_requestsFillIntoStableDirectory() {
    assertEquals(AdmissionOutcome.REJECTED, admission.record(id, 7, false).outcome());
    assertEquals(AdmissionOutcome.REJECTED, admission.record(id, 7, false).outcome());
    assertEquals(AdmissionOutcome.FILL_REQUESTED, admission.record(id, 7, false).outcome());
    verify(fills)
        .request(
            argThat(
                r ->
                    r.toString()
                        .equals(FillRequest.wholeBlock(id, 7, admission.placeFor(id)).toString())));
    assertEquals(1, registry.counter(AdmissionMetrics.ADMIT).getCount());
    assertEquals(2, registry.counter(AdmissionMetrics.REJECT).getCount());
  }

  @Test
  void record_readsSpreadPastTheWindow_neverAdmitted() {
    for (int i = 0; i < 6; i++) {
      assertEquals(AdmissionOutcome.REJECTED, admission.record(id, 7, false).outcome());
      clock.advance(Duration.ofMinutes(2)); // at most 2 reads in any 3 minutes
    }
    verify(fills, never()).request(any());
  }

  @Test
  void partialRead_secondOnTheSameEntry_fillsEveryMissingPageInOnePass() {
    CachedReplica e = d0.publish(map, id, 7, 4 << 20, 0);
    admission.partialRead(e, 1 << 20, (1 << 20) + 4096);
    verify(fills).request(argThat(r -> r.toString().contains(" pages 1..1 ")));
    admission.partialRead(e, 3 << 20, (3 << 20) + 4096);
    verify(fills).request(argThat(r -> r.toString().contains(" pages 0..3 ")));
  }

  @Test
  void record_cachedBlock_countedNeverFilled() {
    for (int i = 0; i < 5; i++) {
      assertEquals(AdmissionOutcome.CACHED, admission.record(id, 7, true).outcome());
    }
    assertEquals(
        AdmissionOutcome.FILL_REQUESTED,
        admission.record(id, 7, false).outcome(),
        "its heat is known the moment it leaves the cache");
  }

  @Test
  void record_hotButNoRoomOrNoDirectory_typedOutcomeNoFill() {
    admission.record(id, 7, false);
    admission.record(id, 7, false);
    admission.placeFor(id).budget().fileSystemLow(true);
    assertEquals(AdmissionOutcome.NO_SPACE, admission.record(id, 7, false).outcome());
    assertEquals(1, registry.counter(AdmissionMetrics.SKIPPED_NO_SPACE).getCount());
    d0.dir.health().takeOutOfService("test");
    d1.dir.health().takeOutOfService("test");
    assertEquals(AdmissionOutcome.NO_DIRECTORY, admission.record(id, 7, false).outcome());
    verify(fills, never()).request(any());
  }

  @Test
  void placeFor_directoryOutOfService_nextInServiceTakesIt() {
    DirectoryFixture first = admission.placeFor(id) == d0.dir ? d0 : d1;
    DirectoryFixture other = first == d0 ? d1 : d0;
    first.dir.health().takeOutOfService("test");
    assertSame(other.dir, admission.placeFor(id));
  }
}
