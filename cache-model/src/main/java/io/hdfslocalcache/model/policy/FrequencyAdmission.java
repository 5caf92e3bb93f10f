package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;
import java.util.Optional;

/**
 * Victim-aware frequency admission, policy {@code frequency}: TinyLFU's test over the tuned gate. A
 * missed block is admitted when
 *
 * <ul>
 *   <li>its reads in the admission window pass a floor: the {@link ThresholdTuner}'s threshold T
 *       divided by {@code floorDiv} (default 1: T itself), which keeps one-hit wonders out and
 *       rises when fills ask for more than the write budget gives; and
 *   <li>its long-horizon frequency ({@link FrequencySketch}, aged over {@code sample} times the
 *       blocks held, TinyLFU's 10 by default) beats that of the block its fill would evict first,
 *       the cache's LRU tail ({@link Victims}); {@code victim=0} leaves this test out.
 * </ul>
 *
 * While the cache has room, the {@link RoomRule} applies instead, with the divisor {@code roomDiv}
 * (default 4), the budget's level {@code roomLevel}% (default 50) and, with {@code roomLowest=1}
 * (default), never below the tuner's lowest threshold: there is nothing to beat. {@code tuned}
 * applies the same rule at these defaults; what this policy adds is the victim test.
 *
 * <p><b>What it measured</b> (docs/tuning.md, "Victim-aware frequency admission"): with the tuned
 * gate as the floor, the victim test changed nothing in any cell: a block past the floor has been
 * read more often lately than the LRU tail's block, which is the tail because it has not been read
 * (its aged frequency was 0 in every comparison on {@code interactive} at 5%). Below the gate, with
 * TinyLFU's own floor of 0, it admitted nearly every block and lost 3.3 points on average. What
 * gained was the rule for a cache with room.
 *
 * <p>Costs: per read the window count, one sketch increment and, past the floor with a full cache,
 * two sketch lookups (a few array reads each); heap: the limiter's plus the sketch, 16 bytes per
 * block held (at most {@code maxKeys} x 16). Serves one replay thread: the DataNode does not run
 * it.
 */
final class FrequencyAdmission implements GatedPolicy {
  private final TunedAdmission tuned;
  private final FrequencySketch sketch;
  private final int floorDiv;
  private final RoomRule room;
  private final boolean victimTest;
  private Victims victims = Victims.ROOM;

  FrequencyAdmission(
      RateLimitConfig config,
      int floorDiv,
      int roomDiv,
      int roomLevel,
      boolean victimTest,
      boolean roomAtLowest,
      int sample) {
    if (floorDiv < 1 || roomDiv < 1 || roomLevel < 0 || roomLevel > 100) {
      throw new IllegalArgumentException(
          "frequency: floorDiv and roomDiv must be >= 1 and roomLevel 0-100, got "
              + floorDiv
              + ", "
              + roomDiv
              + ", "
              + roomLevel);
    }
    this.tuned = new TunedAdmission(config, 0, false); // no margin payback; its own room rule
    this.floorDiv = floorDiv;
    this.room =
        new RoomRule(
            true,
            roomAtLowest ? ThresholdTuner.lowest(config.threshold()) : 0,
            roomDiv,
            roomLevel / 100.0);
    this.victimTest = victimTest;
    long counters = (long) config.maxTrackedKeys() * FrequencySketch.COUNTERS_PER_BLOCK;
    this.sketch =
        new FrequencySketch(sample, Integer.highestOneBit((int) Math.min(1 << 30, counters)));
  }

  static FrequencyAdmission from(PolicyParams params) {
    RateLimitConfig config = BucketTimeAdmission.config(params);
    try {
      return new FrequencyAdmission(
          config,
          params.integer("floorDiv", 1),
          params.integer("roomDiv", 4),
          params.integer("roomLevel", 50),
          params.integer("victim", 1) != 0,
          params.integer("roomLowest", 1) != 0,
          params.integer("sample", 10));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          e.getMessage().startsWith("frequency") ? e.getMessage() : "frequency: " + e.getMessage(),
          e);
    }
  }

  @Override
  public void bind(
      double bytesPerDay,
      long burstBytes,
      ThresholdTuner.Budget budget,
      CacheClock clock,
      ThresholdTuner.Listener listener) {
    tuned.bind(bytesPerDay, burstBytes, budget, clock, listener);
  }

  @Override
  public void watch(Victims victims) {
    this.victims = victims;
  }

  @Override
  public void watch(CacheRoom room) {
    this.room.watch(room);
  }

  @Override
  public AdmissionDecision onRead(long key) {
    int count = tuned.count(key);
    sketch.ensureBlocks(victims.heldBlocks());
    sketch.increment(key);
    int t = tuned.effectiveThreshold();
    int atRoom = room.threshold(t, tuned.tuner().get());
    if (atRoom < t) { // room: nothing to beat
      return count > atRoom ? AdmissionDecision.ADMIT : AdmissionDecision.REJECT;
    }
    long victim = victims.victimKey();
    return count > t / floorDiv
            && (!victimTest
                || victim == Victims.NONE
                || sketch.frequency(key) > sketch.frequency(victim))
        ? AdmissionDecision.ADMIT
        : AdmissionDecision.REJECT;
  }

  @Override
  public int effectiveThreshold() {
    return tuned.effectiveThreshold() / floorDiv;
  }

  @Override
  public AdmissionPolicy gate() {
    return tuned;
  }

  @Override
  public Optional<ThresholdTuner> tuner() {
    return tuned.tuner();
  }
}
