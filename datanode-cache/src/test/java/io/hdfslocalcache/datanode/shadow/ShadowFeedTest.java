package io.hdfslocalcache.datanode.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.model.FillMode;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ShadowFeedTest {
  static final BlockId A = new BlockId("BP-1", 1);
  final MetricRegistry registry = new MetricRegistry();
  final AtomicLong clock = new AtomicLong(1_000_000);

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
    return new ShadowFeed(specs, Calibration.NONE, capacity, clock::get, registry);
  }

  @Test
  void offer_queueFull_eventDroppedAndCounted() {
    try (ShadowFeed feed = unstarted(2, List.of(spec("t1", 1)))) {
      assertEquals(ShadowFeed.Offer.QUEUED, feed.offer(ShadowEvent.read(read(A, 0, 512), 1)));
      assertEquals(ShadowFeed.Offer.QUEUED, feed.offer(ShadowEvent.removed(A, 2)));
      assertEquals(ShadowFeed.Offer.DROPPED, feed.offer(ShadowEvent.read(read(A, 0, 512), 3)));
      feed.read(read(A, 512, 512)); // the reader's path: never waits, drops
      assertEquals(2, feed.dropped());
      assertEquals(2, registry.counter(ShadowStats.FEED_DROPPED).getCount());
      assertEquals(2, registry.getGauges().get(ShadowStats.FEED_QUEUE_DEPTH).getValue());
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
}
