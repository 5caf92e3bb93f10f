package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.RateLimitStats;
import io.hdfslocalcache.time.CacheClock;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Decides, on every read of a block, whether a miss on it should fill the cache. Called for hits
 * too, as the DataNode records every client read. The simulator and shadow mode replay a trace
 * through one; the DataNode holds the same object ({@code bucket-time}, {@code tuned} or {@code
 * outcome}) and asks it on every client read, so the two cannot decide differently.
 *
 * <p>Time comes only from the clock given to {@link #bind}: the DataNode's clock, or a replay's
 * event-time clock. The DataNode's policies are thread-safe (every reader thread asks them); the
 * others serve one replay thread.
 */
public interface AdmissionPolicy {
  /**
   * Records a read of {@code key} at the bound clock's time and decides; the decision says too
   * whether it admitted at a tuner's margin (a value per read: reader threads share a policy).
   *
   * @param key the block's limiter key ({@link io.hdfslocalcache.ratelimit.BlockKey#of})
   */
  AdmissionDecision onRead(long key);

  /**
   * {@link #onRead(long)} for a read of {@code [offset, offset + length)} of a block of {@code
   * blockLength} bytes: a policy that models what reads cost ({@code outcome}) needs the bytes; the
   * others ignore them.
   */
  default AdmissionDecision onRead(long key, long offset, long length, long blockLength) {
    return onRead(key);
  }

  /**
   * {@link #onRead(long, long, long, long)} in two halves, for a caller that decides at a read's
   * start and learns its range at its end (the DataNode): records the read of {@code key} and
   * decides now; the range comes to {@link PolicyRead#ended}. Reads that run one after another
   * decide as {@code onRead} with their ranges would. The default decides by {@link #onRead(long)}
   * and ignores the range.
   */
  default PolicyRead startRead(long key) {
    return PolicyRead.decided(onRead(key));
  }

  /**
   * Gives the policy its clock and the write budget a self-tuning policy ({@code tuned}) follows;
   * called once, before the first read. {@code bytesPerDay} 0: no budget. {@code listener} hears
   * each large change of a tuned threshold.
   */
  default void bind(
      double bytesPerDay,
      long burstBytes,
      ThresholdTuner.Budget budget,
      CacheClock clock,
      ThresholdTuner.Listener listener) {}

  /**
   * A directory still opening at start-up joined: the write budget's rate and burst over the new
   * set of directories (a tuner resizes; a policy with no budget ignores it).
   */
  default void resize(double bytesPerDay, long burstBytes) {
    tuner().ifPresent(t -> t.resize(bytesPerDay, burstBytes));
  }

  /**
   * Tells a victim-aware policy what a fill would evict; called once, after {@link #bind}. Others
   * ignore it.
   */
  default void watch(Victims victims) {}

  /**
   * Tells a policy with the room rule ({@link RoomRule}: {@code tuned}, {@code frequency}, {@code
   * outcome} with {@code room}) whether the cache has room; called once, after {@link #bind},
   * before the first read. Others ignore it.
   */
  default void watch(CacheRoom room) {}

  /**
   * The threshold this policy admits above now (a tuned policy: its tuner's); -1 if it has none.
   */
  default int effectiveThreshold() {
    return -1;
  }

  /**
   * The threshold a read is admitted above now: {@link #effectiveThreshold}, or lower while a rule
   * admits below it (the {@link RoomRule} of a cache with room). What an operator's gauge shows.
   */
  default int thresholdInEffect() {
    return effectiveThreshold();
  }

  /**
   * When the threshold in use last moved (a tuner's change, a ladder's step), or, restored after a
   * restart, since when it was in force before; empty while it has not moved since the policy was
   * bound (or never moves): what {@code admission.threshold.since} shows.
   */
  default OptionalLong thresholdMovedAtMillis() {
    return tuner().map(t -> OptionalLong.of(t.changedAtMillis())).orElse(OptionalLong.empty());
  }

  /** Keys the policy keeps history for now (its memory), for heap figures; 0 if it keeps none. */
  default long trackedKeys() {
    return 0;
  }

  /** The policy's window limiter's figures; all 0 if it has none. */
  default RateLimitStats limiterStats() {
    return new RateLimitStats(trackedKeys(), 0, 0);
  }

  /** Forgets history that left the window now (memory follows the window on idle keys too). */
  default void expire() {}

  /** The tuner that moves this policy's threshold, to keep its state across restarts; if any. */
  default Optional<ThresholdTuner> tuner() {
    return Optional.empty();
  }

  /**
   * The outcome ladder whose live rung this policy admits at, to keep it across restarts; if any.
   */
  default Optional<OutcomeLadder> ladder() {
    return Optional.empty();
  }
}
