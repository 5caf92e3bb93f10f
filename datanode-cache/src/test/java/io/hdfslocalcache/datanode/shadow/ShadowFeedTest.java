package io.hdfslocalcache.datanode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.metrics.CandidateNames;
import io.hdfslocalcache.metrics.ShadowMetrics;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.model.LiveModel;
import io.hdfslocalcache.model.ModelTotals;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.FakeClock;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.test.GenericTestUtils;
import org.junit.jupiter.api.Test;

class ShadowFeedTest {
  static final BlockId A = new BlockId("BP-1", 1);
  final MetricRegistry registry = new MetricRegistry();
  final FakeClock clock = new FakeClock(1_000_000);

  static CandidateSpec spec(String name, int threshold) {
    return new CandidateSpec(
        name,
        RateLimitConfig.defaults().withThreshold(threshold),
        1L << 30,
        FillMode.BLOCK,
        1 << 20,
        false,
        3_600_000,
        0);
  }

  static ClientRead read(BlockId b, long offset, long bytes) {
    return new ClientRead(b, 7, 1 << 20, offset, bytes, RealRead.NO_CACHE, 0);
  }

  ShadowFeed unstarted(int capacity, List<CandidateSpec> specs) {
    return new ShadowFeed(specs, Calibration.NONE, capacity, clock, registry);
  }

  @Test
  void offer_queueFull_eventDroppedAndCounted() {
    try (ShadowFeed feed = unstarted(2, List.of(spec("t1", 1)))) {
      assertEquals(ShadowFeed.Offer.QUEUED, feed.offer(ShadowEvent.read(read(A, 0, 512), 1)));
      assertEquals(ShadowFeed.Offer.QUEUED, feed.offer(ShadowEvent.removed(A, 2)));
      assertEquals(ShadowFeed.Offer.DROPPED, feed.offer(ShadowEvent.read(read(A, 0, 512), 3)));
      feed.read(read(A, 512, 512)); // the reader's path: never waits, drops
      assertEquals(2, feed.dropped());
      assertEquals(2, registry.counter(ShadowMetrics.FEED_DROPPED).getCount());
      assertEquals(2, registry.getGauges().get(ShadowMetrics.FEED_QUEUE_DEPTH).getValue());
      assertEquals(0, feed.applied());
    }
  }

  @Test
  void offer_afterClose_refusedNotCountedAsDropped() {
    ShadowFeed feed = unstarted(1, Collections.emptyList());
    feed.close();
    assertEquals(ShadowFeed.Offer.CLOSED, feed.offer(ShadowEvent.removed(A, 1)));
    assertEquals(0, feed.dropped());
  }

  /** Waits (polling, the feed thread is asynchronous) until the feed applied {@code n} events. */
  static void awaitApplied(ShadowFeed feed, long n) throws Exception {
    GenericTestUtils.waitFor(() -> feed.applied() >= n, 5, 30_000);
  }

  @Test
  void feed_randomEvents_eachCandidateCountsWhatADirectModelCounts() throws Exception {
    List<CandidateSpec> specs = List.of(spec("t1", 1), spec("t0", 0));
    Random random = new Random(3);
    List<LiveModel> direct = List.of(new LiveModel(specs.get(0)), new LiveModel(specs.get(1)));
    try (ShadowFeed feed = ShadowFeed.start(specs, Calibration.NONE, 1 << 16, clock, registry)) {
      int events = 5000;
      for (int i = 0; i < events; i++) {
        clock.advanceMillis(random.nextInt(2000));
        BlockId b = new BlockId("BP-" + random.nextInt(2), random.nextInt(40));
        long gs = 1001 + random.nextInt(2);
        int kind = random.nextInt(20);
        for (LiveModel m : direct) {
          if (kind == 0) {
            m.delete(b.poolId(), b.blockId(), clock.millis());
          } else if (kind == 1) {
            m.write(b.poolId(), b.blockId(), gs, clock.millis());
          } else {
            m.read(b.poolId(), b.blockId(), gs, 1 << 20, 4096L * kind, 65_536, clock.millis());
          }
        }
        if (kind == 0) {
          feed.removed(b);
        } else if (kind == 1) {
          feed.rewritten(b, gs);
        } else {
          feed.read(new ClientRead(b, gs, 1 << 20, 4096L * kind, 65_536, RealRead.NO_CACHE, 0));
        }
      }
      awaitApplied(feed, events);
      assertEquals(0, feed.dropped());
      assertEquals(direct.get(0).totals(), feed.totals("t1"));
      assertEquals(direct.get(1).totals(), feed.totals("t0"));
      assertTrue(feed.totals("t1").hits > 100, feed.totals("t1").toString());
      assertTrue(feed.totals("t1").deletions > 0 && feed.totals("t1").invalidations > 0);
      assertEquals(
          feed.totals("t1").hits,
          registry.getGauges().get(CandidateNames.of("t1", ShadowMetrics.HITS)).getValue());
    }
  }

  @Test
  void feed_fakeClock_readsSpreadPastTheWindowNeverAdmitted() throws Exception {
    // threshold 1 in a window of 60 buckets of 1 s: a block needs two reads within a minute
    CandidateSpec spec =
        new CandidateSpec(
            "w",
            RateLimitConfig.defaults().withThreshold(1).withBucketDuration(Duration.ofSeconds(1)),
            1L << 30,
            FillMode.BLOCK,
            1 << 20,
            false,
            3_600_000,
            0);
    try (ShadowFeed feed = ShadowFeed.start(List.of(spec), Calibration.NONE, 16, clock, registry)) {
      for (int i = 0; i < 3; i++) {
        feed.read(read(A, 0, 512));
        clock.advanceMillis(120_000); // two minutes between reads: never two in the window
      }
      awaitApplied(feed, 3);
      assertEquals(0, feed.totals("w").admissions);
      for (int i = 0; i < 3; i++) {
        feed.read(read(A, 0, 512));
        clock.advanceMillis(1_000); // a second apart: the second is admitted, the third hits
      }
      awaitApplied(feed, 6);
      assertEquals(1, feed.totals("w").admissions);
      assertEquals(1, feed.totals("w").hits);
    }
  }

  @Test
  void feed_clockStepsBack_modelTimeNeverGoesBack() throws Exception {
    try (ShadowFeed feed =
        ShadowFeed.start(List.of(spec("t1", 1)), Calibration.NONE, 16, clock, registry)) {
      long start = clock.millis();
      feed.read(read(A, 0, 512));
      clock.setMillis(clock.millis() - 50); // two readers' offers race by a few milliseconds
      feed.read(read(A, 0, 512));
      awaitApplied(feed, 2);
      assertEquals(start, feed.totals("t1").newestReadMillis);
    }
  }

  @Test
  void feed_calibration_realCacheTalliedOverTheSameReads() throws Exception {
    try (ShadowFeed feed =
        ShadowFeed.start(List.of(spec("t1", 1)), Calibration.AGAINST_CACHE, 16, clock, registry)) {
      // The model: miss, admitted, hit, hit. The real cache (its fill was slow): 1 hit in 4.
      feed.read(new ClientRead(A, 7, 1 << 20, 0, 1000, RealRead.HDD, 0));
      feed.read(new ClientRead(A, 7, 1 << 20, 0, 1000, RealRead.HDD, 0));
      feed.read(new ClientRead(A, 7, 1 << 20, 0, 1000, RealRead.PARTIAL, 600));
      feed.read(new ClientRead(A, 7, 1 << 20, 0, 1000, RealRead.HIT, 1000));
      feed.removed(A);
      awaitApplied(feed, 5);
      assertEquals(0.25, gauge(ShadowMetrics.REAL_HIT_RATIO), 1e-12);
      assertEquals(1600.0 / 4000, gauge(ShadowMetrics.REAL_BYTE_HIT_RATIO), 1e-12);
      ModelTotals t = feed.totals("t1");
      assertEquals(0.5, t.hitRatio(), 1e-12);
      assertEquals(
          0.25, gauge(CandidateNames.of("t1", ShadowMetrics.CALIBRATION_HIT_RATIO_DELTA)), 1e-12);
      assertEquals(
          0.5 - 0.4,
          gauge(CandidateNames.of("t1", ShadowMetrics.CALIBRATION_BYTE_HIT_RATIO_DELTA)),
          1e-12);
    }
  }

  @Test
  void start_shadowMode_noCalibrationMetrics() {
    try (ShadowFeed feed =
        ShadowFeed.start(List.of(spec("t1", 1)), Calibration.NONE, 16, clock, registry)) {
      assertTrue(registry.getGauges().containsKey(CandidateNames.of("t1", ShadowMetrics.HITS)));
      assertFalse(registry.getGauges().containsKey(ShadowMetrics.REAL_HIT_RATIO));
      assertFalse(
          registry
              .getGauges()
              .containsKey(CandidateNames.of("t1", ShadowMetrics.CALIBRATION_HIT_RATIO_DELTA)));
    }
  }

  private double gauge(String name) {
    return ((Number) registry.getGauges().get(name).getValue()).doubleValue();
  }
}
