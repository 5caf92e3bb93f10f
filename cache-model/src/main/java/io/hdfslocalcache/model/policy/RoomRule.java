package io.hdfslocalcache.model.policy;

/**
 * The room rule: while the cache has room (a fill would evict nothing) and the write budget held at
 * least half its burst at the tuner's last step, a block is admitted at max({@link
 * ThresholdTuner#lowest}(F), T / 4) instead of the tuner's T (F the configured threshold). An empty
 * cache fills at once from the blocks read a few times, rather than waiting hours for the tuner to
 * descend (on {@code coldstart} at 5% that wait cost 3.3-4.2 points against the best fixed
 * threshold, with the rule 0.2-1.6); the budget's second half is kept for the blocks read most
 * often; never below the tuner's own lowest threshold, or a cache that never fills keeps the rule
 * on and fills blocks read a few times and never again (unclamped, {@code flat} at 20% went below
 * no cache). Its admissions are flagged at their own margin (a count in (r, 2r + 1] for the rule's
 * threshold r) and report to the tuner's {@link MarginalPayback}; while the margin falls short of
 * paying (as of the tuner's last step) the rule does not hold: on {@code batch} at 5%, where the
 * cache never fills, it would otherwise admit at 7 all day and undo what the payback holds (1.4-1.7
 * points behind the best fixed threshold, 0.2 with this). Measured in docs/tuning.md.
 *
 * <p><b>Why its own class, and not {@link ThresholdTuner} or {@link TunedAdmission}.</b> It changes
 * which blocks are admitted at the tuner's threshold, not the tuner's loop: the tuner only
 * publishes the budget's level it already reads at each step ({@link ThresholdTuner#budgetShare}),
 * and hears the fill demand the rule leaves like any other. Two policies apply it, the tuned
 * default and the opt-in {@code frequency}, and {@code outcome} with {@code room} ({@link
 * OutcomeRoom}, without a tuner), so it lives once, here.
 *
 * <p><b>Costs, threads.</b> Per read, while T is above the lowest: the tuner's published level (one
 * volatile read) and, only while that holds half the burst, the room signal (one volatile read of
 * it here, and the signal's own: a few fields of the model in the simulator and shadow mode, the
 * directory list and two atomic reads per cache directory on a DataNode). Nothing per key, no lock,
 * no allocation; heap: these five fields and the tuner's one. The room signal is given once ({@link
 * #watch}), before reads; every reader thread may then ask.
 */
final class RoomRule {
  /** T is divided by this while the rule holds. */
  static final int DIVISOR = 4;

  /** The budget's level, as a share of its burst, at or above which the rule holds. */
  static final double LEVEL = 0.5;

  private final boolean on;
  private final int lowest;
  private final int divisor;
  private final double level;
  private volatile CacheRoom room = CacheRoom.NEVER;

  /**
   * The rule at its defaults for configured threshold {@code configured}; {@code on} false: never.
   */
  RoomRule(int configured, boolean on) {
    this(on, ThresholdTuner.lowest(configured), DIVISOR, LEVEL);
  }

  /**
   * @param lowest the threshold the rule never admits below
   * @param divisor T is divided by this while the rule holds (at least 1)
   * @param level the budget's share of its burst from which the rule holds (0 to 1)
   */
  RoomRule(boolean on, int lowest, int divisor, double level) {
    if (divisor < 1 || !(level >= 0 && level <= 1) || lowest < 0) {
      throw new IllegalArgumentException(
          "room rule: divisor must be >= 1, level 0-1 and lowest >= 0, got "
              + divisor
              + ", "
              + level
              + ", "
              + lowest);
    }
    this.on = on;
    this.lowest = lowest;
    this.divisor = divisor;
    this.level = level;
  }

  /** Where the rule learns whether the cache has room; once, before the first read. */
  void watch(CacheRoom room) {
    this.room = room;
  }

  /**
   * The threshold to admit above now: {@code t}, the tuner's threshold, or while the rule holds
   * max(lowest, t / divisor).
   */
  int threshold(int t, ThresholdTuner tuner) {
    return on ? threshold(t, tuner.budgetShare(), tuner.marginFallsShort()) : t;
  }

  /**
   * The same, for a policy without a tuner ({@link OutcomeAdmission}): {@code budgetShare}, the
   * budget's level / burst as of its last step; {@code marginFallsShort}, whether the fills at the
   * margin fell short of paying at that step (false where nothing measures it).
   */
  int threshold(int t, double budgetShare, boolean marginFallsShort) {
    if (!on) {
      return t;
    }
    int lower = Math.max(lowest, t / divisor);
    return lower < t
            && budgetShare >= level
            && !marginFallsShort
            && room.now() == CacheRoom.State.ROOM
        ? lower
        : t;
  }
}
