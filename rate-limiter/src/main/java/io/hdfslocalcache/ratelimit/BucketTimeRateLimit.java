package io.hdfslocalcache.ratelimit;

import io.hdfslocalcache.time.CacheClock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The admission gate of section 6.2.2 of the ATC'24 paper: a key is admitted once it was accessed
 * more than {@code threshold} times in the last {@code bucketCount} buckets of {@code
 * bucketDuration}, the current bucket included.
 *
 * <p><b>Semantics.</b> Bucket index = {@code floorDiv(epochMillis, bucketMillis)}. {@link
 * #recordAndCheck(long)} counts the access in the current bucket, then answers ADMIT iff the key's
 * total over the window is greater than the threshold. Buckets that leave the window are dropped
 * with all their counts; a key with no access left in the window is removed. A clock that goes
 * backwards is clamped: the access counts in the newest bucket seen so far.
 *
 * <p><b>Design.</b> Keys are primitive longs (the DataNode folds block pool and block id into one
 * long; a rare collision only merges two keys' counts, which affects admission, never data). The
 * key space is split into power-of-two {@link Segment}s by the high bits of a 64-bit mix of the
 * key, each guarded by its own monitor, so hundreds of DataXceiver threads rarely meet. A segment
 * holds an open-addressing table {@code key -> (window total, position in the newest bucket's log)}
 * and a ring of per-bucket logs {@code (key, count)}: an access touches one table slot and one log
 * entry; expiring a bucket walks its log and subtracts. Each bucket's count saturates at threshold
 * + 1, which keeps every decision exact (if one bucket alone exceeds the threshold, so does the
 * total) and bounds totals so they cannot overflow. Expiry is lazy, on the next access to a
 * segment, or eager through {@link #expire(long)}.
 *
 * <p><b>Memory cap.</b> {@code maxTrackedKeys} is split evenly over segments. When a new key finds
 * its segment full, the segment forgets its oldest non-current buckets early, one at a time, until
 * the key fits: the coldest history goes first, and the window of that segment shrinks for a while
 * (counted as {@code earlyBucketDrops}). If the current bucket alone fills the segment the access
 * is not recorded and decided as a first access (counted as {@code untrackedAccesses}).
 *
 * <p><b>Time.</b> One door, as in Guava's {@code RateLimiter}: every call reads the injected clock,
 * never a time argument. A DataNode injects its clock; a replay (the simulator, shadow mode)
 * injects an event-time clock ({@link CacheClock#ofEventTime}) that reads its newest event, so both
 * run the same calls.
 *
 * <p>Thread-safe. No lock is held across segments, so there is no lock order to keep.
 */
public final class BucketTimeRateLimit {
  private final RateLimitConfig config;
  private final CacheClock clock;
  private final long bucketMillis;
  private final Segment[] segments;
  private final int segmentShift;

  /** Newest bucket seen by any caller: one clamp for all segments, so they agree on "now". */
  private final AtomicLong newestBucket = new AtomicLong(Long.MIN_VALUE);

  public BucketTimeRateLimit(RateLimitConfig config, CacheClock clock) {
    this(config, clock, defaultSegments(config.maxTrackedKeys()));
  }

  BucketTimeRateLimit(RateLimitConfig config, CacheClock clock, int segmentCount) {
    this(config, clock, segmentCount, config.threshold());
  }

  /**
   * A limiter that also counts up to {@code maxThreshold} + 1 reads per bucket, for a caller that
   * compares {@link #recordAndCount} with a threshold of its own (one that moves, up to {@code
   * maxThreshold}); {@link #recordAndCheck} still answers for the configured threshold.
   */
  public static BucketTimeRateLimit counting(
      RateLimitConfig config, CacheClock clock, int maxThreshold) {
    if (maxThreshold < config.threshold() || maxThreshold > RateLimitConfig.MAX_THRESHOLD) {
      throw new IllegalArgumentException(
          "maxThreshold must be in [threshold, "
              + RateLimitConfig.MAX_THRESHOLD
              + "], got "
              + maxThreshold);
    }
    return new BucketTimeRateLimit(
        config, clock, defaultSegments(config.maxTrackedKeys()), maxThreshold);
  }

  private BucketTimeRateLimit(
      RateLimitConfig config, CacheClock clock, int segmentCount, int countedThreshold) {
    if (Integer.bitCount(segmentCount) != 1) {
      throw new IllegalArgumentException("segmentCount must be a power of two: " + segmentCount);
    }
    this.config = config;
    this.clock = clock;
    this.bucketMillis = config.bucketDuration().toMillis();
    this.segments = new Segment[segmentCount];
    int perSegment = Math.max(1, (config.maxTrackedKeys() + segmentCount - 1) / segmentCount);
    for (int i = 0; i < segmentCount; i++) {
      segments[i] = new Segment(config.bucketCount(), countedThreshold + 1, perSegment);
    }
    this.segmentShift = 64 - Integer.numberOfTrailingZeros(segmentCount);
  }

  /** 64 stripes are plenty for a few hundred threads; fewer when the key cap is tiny. */
  private static int defaultSegments(int maxKeys) {
    int n = 64;
    while (n > 1 && maxKeys / n < 16) {
      n >>= 1;
    }
    return n;
  }

  public RateLimitConfig config() {
    return config;
  }

  /** Records an access now; ADMIT iff the key's accesses in the window exceed the threshold. */
  public Decision recordAndCheck(long key) {
    return recordAndCount(key) > config.threshold() ? Decision.ADMIT : Decision.REJECT;
  }

  /**
   * Records an access now; the key's accesses in the window, this one included (each bucket's count
   * saturated above the largest threshold this limiter answers for).
   */
  public int recordAndCount(long key) {
    long h = Segment.mix(key);
    Segment s = segments[segmentShift == 64 ? 0 : (int) (h >>> segmentShift)];
    return s.record(key, h, clampedBucket(clock.millis()));
  }

  /** The bucket of {@code nowMillis}, or the newest seen so far if the clock went backwards. */
  private long clampedBucket(long nowMillis) {
    long bucket = Math.floorDiv(nowMillis, bucketMillis);
    long newest = newestBucket.get();
    // Read-mostly: the shared word is written once per bucket, not once per access.
    return bucket > newest
        ? Math.max(bucket, newestBucket.accumulateAndGet(bucket, Math::max))
        : newest;
  }

  /** Drops buckets that have left the window now, in every segment. */
  public void expire() {
    long bucket = clampedBucket(clock.millis());
    for (Segment s : segments) {
      s.advance(bucket);
    }
  }

  public RateLimitStats stats() {
    long keys = 0;
    long drops = 0;
    long untracked = 0;
    for (Segment s : segments) {
      synchronized (s) {
        keys += s.size();
        drops += s.earlyBucketDrops();
        untracked += s.untrackedAccesses();
      }
    }
    return new RateLimitStats(keys, drops, untracked);
  }
}
