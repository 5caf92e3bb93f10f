package io.hdfslocalcache.ratelimit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hdfslocalcache.time.FakeClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class BucketTimeRateLimitTest {
  private static final long MIN = 60_000;
  private final FakeClock clock = new FakeClock(1_700_000_000_000L);

  private BucketTimeRateLimit limiter(int threshold, int buckets) {
    return new BucketTimeRateLimit(
        RateLimitConfig.defaults().withThreshold(threshold).withBucketCount(buckets), clock);
  }

  @Test
  void recordAndCheck_exactlyThresholdAccesses_rejects() {
    BucketTimeRateLimit l = limiter(15, 60);
    for (int i = 0; i < 15; i++) {
      assertEquals(Decision.REJECT, l.recordAndCheck(42));
    }
  }

  @Test
  void recordAndCheck_thresholdPlusOneAccesses_admits() {
    BucketTimeRateLimit l = limiter(15, 60);
    for (int i = 0; i < 15; i++) {
      l.recordAndCheck(42);
    }
    assertEquals(Decision.ADMIT, l.recordAndCheck(42));
    assertEquals(Decision.ADMIT, l.recordAndCheck(42));
    assertEquals(Decision.REJECT, l.recordAndCheck(43));
  }

  @Test
  void recordAndCheck_thresholdZero_admitsFirstAccess() {
    assertEquals(Decision.ADMIT, limiter(0, 1).recordAndCheck(7));
  }

  @Test
  void recordAndCheck_accessesSpreadOverWholeWindow_countsEveryBucket() {
    BucketTimeRateLimit l = limiter(3, 4);
    clock.setMillis(0);
    l.recordAndCheck(1); // bucket 0
    clock.setMillis(MIN);
    l.recordAndCheck(1); // bucket 1
    clock.setMillis(2 * MIN);
    l.recordAndCheck(1); // bucket 2
    clock.setMillis(4 * MIN - 1); // last millisecond of bucket 3: bucket 0 still in the window
    assertEquals(Decision.ADMIT, l.recordAndCheck(1));
  }

  @Test
  void recordAndCheck_oldestBucketRollsOver_dropsItsCounts() {
    BucketTimeRateLimit l = limiter(3, 4);
    clock.setMillis(0);
    l.recordAndCheck(1);
    l.recordAndCheck(1);
    l.recordAndCheck(1); // 3 in bucket 0
    clock.setMillis(4 * MIN); // bucket 4: window is buckets 1..4, bucket 0 is gone
    assertEquals(Decision.REJECT, l.recordAndCheck(1));
    assertEquals(1, l.stats().trackedKeys());
  }

  @Test
  void recordAndCheck_gapLongerThanWindow_startsFromZero() {
    BucketTimeRateLimit l = limiter(2, 3);
    clock.setMillis(0);
    for (int i = 0; i < 10; i++) {
      l.recordAndCheck(5);
    }
    clock.setMillis(1000 * MIN);
    assertEquals(Decision.REJECT, l.recordAndCheck(5));
    assertEquals(Decision.REJECT, l.recordAndCheck(5));
    assertEquals(Decision.ADMIT, l.recordAndCheck(5));
  }

  @Test
  void recordAndCheck_clockGoesBackwards_countsInNewestBucket() {
    BucketTimeRateLimit l = limiter(2, 2);
    clock.setMillis(10 * MIN);
    l.recordAndCheck(9);
    clock.setMillis(3 * MIN); // backwards: must not resurrect or reorder buckets
    l.recordAndCheck(9);
    assertEquals(Decision.ADMIT, l.recordAndCheck(9));
    clock.setMillis(12 * MIN); // window 11..12: all three accesses were counted in bucket 10
    assertEquals(Decision.REJECT, l.recordAndCheck(9));
  }

  @Test
  void recordAndCheck_negativeEpoch_usesFloorBuckets() {
    BucketTimeRateLimit l = limiter(1, 1);
    clock.setMillis(-1); // bucket -1
    l.recordAndCheck(3);
    clock.setMillis(0); // bucket 0: bucket -1 left the one-bucket window
    assertEquals(Decision.REJECT, l.recordAndCheck(3));
  }

  @Test
  void expire_afterWindow_holdsNoKeys() {
    BucketTimeRateLimit l = limiter(15, 60);
    for (long k = 0; k < 10_000; k++) {
      l.recordAndCheck(k);
    }
    assertEquals(10_000, l.stats().trackedKeys());
    clock.advanceMillis(60 * MIN);
    l.expire();
    assertEquals(0, l.stats().trackedKeys());
  }

  @Test
  void recordAndCheck_keyCapReachedWithOlderBuckets_dropsOldestBucketEarly() {
    RateLimitConfig c =
        RateLimitConfig.defaults().withThreshold(1).withBucketCount(10).withMaxTrackedKeys(8);
    BucketTimeRateLimit l = new BucketTimeRateLimit(c, clock, 1);
    clock.setMillis(0);
    for (long k = 0; k < 8; k++) {
      l.recordAndCheck(k);
    }
    clock.setMillis(MIN);
    l.recordAndCheck(0); // key 0 now also has an access in bucket 1
    l.recordAndCheck(100); // segment full: bucket 0 is forgotten early
    RateLimitStats s = l.stats();
    assertEquals(1, s.earlyBucketDrops());
    assertEquals(2, s.trackedKeys()); // key 0 (bucket 1) and key 100
    assertEquals(Decision.ADMIT, l.recordAndCheck(0)); // 2 accesses left in bucket 1
  }

  @Test
  void recordAndCheck_currentBucketAloneFillsCap_decidesAsFirstAccessAndCounts() {
    RateLimitConfig c =
        RateLimitConfig.defaults().withThreshold(0).withBucketCount(10).withMaxTrackedKeys(4);
    BucketTimeRateLimit l = new BucketTimeRateLimit(c, clock, 1);
    for (long k = 0; k < 4; k++) {
      l.recordAndCheck(k);
    }
    assertEquals(Decision.ADMIT, l.recordAndCheck(99)); // 1 > 0
    assertEquals(1, l.stats().untrackedAccesses());
    assertEquals(4, l.stats().trackedKeys());
  }

  @Test
  void recordAndCheck_manyAccessesInOneBucket_saturatesWithoutOverflow() {
    BucketTimeRateLimit l = limiter(2, 2);
    clock.setMillis(0);
    for (int i = 0; i < 100_000; i++) {
      l.recordAndCheck(1);
    }
    clock.setMillis(MIN);
    assertEquals(Decision.ADMIT, l.recordAndCheck(1)); // 3 (saturated) + 1 > 2
    clock.setMillis(2 * MIN); // bucket 0 leaves: only bucket 1's single access and this one
    assertEquals(Decision.REJECT, l.recordAndCheck(1));
  }

  @Test
  void recordAndCheck_concurrentThreads_losesNoUpdates() throws Exception {
    int threads = 8;
    int perThreadPerKey = 500;
    int keys = 200;
    int extra = 5;
    int threshold = threads * perThreadPerKey - extra;
    BucketTimeRateLimit l = limiter(threshold, 60);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<Integer>> admits = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      admits.add(
          pool.submit(
              () -> {
                start.await();
                int a = 0;
                for (int i = 0; i < perThreadPerKey; i++) {
                  for (long k = 0; k < keys; k++) {
                    if (l.recordAndCheck(k) == Decision.ADMIT) {
                      a++;
                    }
                  }
                }
                return a;
              }));
    }
    start.countDown();
    int total = 0;
    for (Future<Integer> f : admits) {
      total += f.get();
    }
    pool.shutdown();
    // Every access sees a distinct total; exactly the last `extra` of each key exceed the
    // threshold.
    assertEquals(keys * extra, total);
  }

  @Test
  void recordAndCheck_randomWorkload_matchesReferenceModel() {
    Random rnd = new Random(20261122);
    int threshold = 3;
    int buckets = 5;
    RateLimitConfig c =
        RateLimitConfig.defaults().withThreshold(threshold).withBucketCount(buckets);
    BucketTimeRateLimit l = new BucketTimeRateLimit(c, clock, 4);
    Map<Long, TreeMap<Long, Integer>> model = new HashMap<>();
    long now = 0;
    long newest = Long.MIN_VALUE;
    for (int op = 0; op < 200_000; op++) {
      int r = rnd.nextInt(1000);
      if (r < 3) {
        now -= rnd.nextInt(3) * MIN; // backwards
      } else if (r < 30) {
        now += rnd.nextInt(3) * MIN + rnd.nextInt(1000);
      } else if (r < 31) {
        now += rnd.nextInt(20) * MIN;
      }
      // Keys that share low bits stress probing and deletion.
      long key = rnd.nextInt(300) * (1L << 40);
      long bucket = Math.max(Math.floorDiv(now, MIN), newest);
      newest = bucket;
      TreeMap<Long, Integer> perBucket = model.computeIfAbsent(key, k -> new TreeMap<>());
      perBucket.merge(bucket, 1, Integer::sum);
      int total =
          perBucket.tailMap(bucket - buckets + 1).values().stream()
              .mapToInt(Integer::intValue)
              .sum();
      Decision expected = total > threshold ? Decision.ADMIT : Decision.REJECT;
      clock.setMillis(now);
      assertEquals(expected, l.recordAndCheck(key), "op " + op);
    }
  }

  @Test
  void config_invalidValues_throwNamingTheField() {
    assertThrows(
        IllegalArgumentException.class, () -> RateLimitConfig.defaults().withThreshold(-1));
    assertThrows(
        IllegalArgumentException.class, () -> RateLimitConfig.defaults().withBucketCount(0));
    assertThrows(
        IllegalArgumentException.class,
        () -> RateLimitConfig.defaults().withBucketDuration(Duration.ZERO));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> RateLimitConfig.defaults().withMaxTrackedKeys(0));
    assertEquals("maxTrackedKeys must be >= 1, got 0", e.getMessage());
  }
}
