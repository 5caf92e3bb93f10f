package io.hdfslocalcache.model.policy;

/**
 * {@code outcome}'s room rule ({@code room}, {@code 1} by default: the warm-up): while the live
 * cache has room and the write budget holds at least {@code roomLevel} percent of its burst (95 by
 * default), a block is admitted at max(the ladder's bottom rung, T / 4) instead of the live rung T.
 * It is {@code tuned}'s {@link RoomRule} with the bottom rung as its floor and no margin test
 * (nothing measures the margin here). A fill into free space evicts nothing, so its only cost is
 * the write.
 *
 * <p><b>Why the level is high.</b> A block admitted into free space is not one write: each later
 * read fills what it missed, from the second such read the whole block, so the rule commits more of
 * the budget than it spends while it holds. At the tuned rule's level (half the burst) it ran the
 * live budget dry within 20 minutes on {@code rotating} at 1% (-8.3 points against the best fixed
 * threshold, from -1.4); at 95% it spends a twentieth of the burst on the blocks read a few times,
 * and the rest follows the ladder (docs/research/outcome-admission.md, "Outcome admission's first
 * hour without the hold at F").
 *
 * <p><b>Why.</b> The law holds the live rung at F for its first H / 2 steps (its ghosts start as
 * cold as the cache); on an empty cache that hold alone is {@code outcome}'s loss on short traces
 * ({@code coldstart} at 5%: 15 for an hour, then the best threshold, is -1.7 single and -3.1 in
 * fleets against the best fixed threshold; docs/research/admission-bound.md). {@link Span#WARM_UP}
 * applies the rule during that hold only; {@link Span#ALWAYS} whenever the cache has room (measured
 * worse: a cache that never fills keeps it on, -7.9 on a fleet's {@code flat} at 5%). The ghosts do
 * not see it (they model fixed thresholds), so the law's ranking is unchanged.
 *
 * <p><b>Whether its blocks pay ({@code roomPay=L}, {@value #PAY_PERCENT} by default; 0: off).</b>
 * During the warm-up a {@link RoomLedger} counts the rule's blocks (those it alone admitted) and
 * every later read of them: what their hits saved and what their fills wrote, the committed ones
 * included. At each step where they saved more than they wrote and at least what the live rung's
 * ghost saves per byte it asks for (payback of the burst's price, {@link RungScores}), the rule
 * earns {@link #STEP_SHARE} of the burst below {@code roomLevel}, down to L% at most; while they
 * pay it holds down to that level, the budget's level less what its blocks still owe (their lengths
 * less what they hold: the fills they will write as they are read). A step of spend at once on one
 * step's evidence cost {@code rotating} at 1% 1.9 points (one minute at 50% committed 31 blocks and
 * the budget fell to 39% by minute 60, from 70%); the owed bytes and a twentieth a step bound it.
 * At 75 it is better than {@code roomPay=0} on the mean of the tuning and held-out cells, single
 * and fleets ({@code coldstart} at 5% most), and on every held-out figure; two tuning figures are
 * worse by one cell each. The blocks' net alone does not tell where the rule loses (at level 50 the
 * losing cells' blocks pay; their fills take the live rung's budget):
 * docs/research/outcome-admission.md, "The room rule by its blocks' payback".
 *
 * <p><b>Threads.</b> The budget's level is published once a step by the ladder's monitor (a
 * volatile write); readers ask {@link #threshold} without a lock: one volatile read, and the room
 * signal only while the rule can hold. With {@code roomPay}, during the warm-up only, a read also
 * asks the ledger (its own monitor, a map step) whether it is one of the rule's blocks. Lock order:
 * the ladder's monitor, then the ledger's ({@link #stepped} asks whether the blocks pay); a read
 * takes the ledger's alone.
 */
final class OutcomeRoom {
  /** When the rule may hold. */
  enum Span {
    /** Never: the live rung alone ({@code room=0}). */
    OFF,
    /** During the law's first H / 2 steps, the hold at the live rung ({@code room=1}). */
    WARM_UP,
    /** Whenever the cache has room ({@code room=2}). */
    ALWAYS;

    /** The span a {@code room} setting names; anything but 0-2 names the setting. */
    static Span of(int setting) {
      if (setting < 0 || setting >= values().length) {
        throw new IllegalArgumentException(
            "outcome: room must be 0 (off), 1 (during the warm-up) or 2 (whenever the cache has"
                + " room), got "
                + setting);
      }
      return values()[setting];
    }
  }

  /** The budget's level, in percent of its burst, from which the rule holds ({@code roomLevel}). */
  static final int LEVEL_PERCENT = 95;

  /**
   * The budget's level, in percent of its burst, down to which the rule holds while its blocks pay.
   */
  static final int PAY_PERCENT = 75;

  /** What each step the rule's blocks pay lets it commit beyond its level, share of the burst. */
  static final double STEP_SHARE = 0.05;

  private final Span span;
  private final RoomRule rule;
  private BudgetRate rate = new BudgetRate(0, 0); // none until modelled: the rule never holds
  private ThresholdTuner.Budget budget;
  private volatile double budgetShare; // the budget's level / burst at the last step; 0: no budget
  private volatile boolean warming = true;
  private final double spendLevel; // roomPay's lowest level, share of the burst; 1: off
  private final double roomLevel;
  private volatile double allowance; // the share below roomLevel earned by paying steps
  private volatile RoomLedger ledger; // null: nothing counted
  private volatile boolean paying; // as of the last step: the rule's blocks pay
  private volatile double burstBytes = 1;

  /** The rule of {@code params} over a ladder whose bottom rung is {@code bottom}. */
  OutcomeRoom(OutcomeParams params, int bottom) {
    this.span = params.room();
    this.rule = new RoomRule(span != Span.OFF, bottom, RoomRule.DIVISOR, params.roomLevel());
    this.roomLevel = params.roomLevel();
    this.spendLevel = params.roomPay() > 0 ? params.roomPay() / 100.0 : 1;
  }

  /** Where the rule learns whether the cache has room; once, before the first read. */
  void watch(CacheRoom room) {
    rule.watch(room);
  }

  /** The budget modelled (at a bind or a resize: the warm-up again), under the ladder's monitor. */
  void model(
      double bytesPerDay,
      long burstBytes,
      ThresholdTuner.Budget budget,
      RungScores scores,
      int live) {
    this.rate = new BudgetRate(bytesPerDay, burstBytes);
    this.budget = budget;
    this.burstBytes = Math.max(1, burstBytes);
    this.allowance = 0;
    this.ledger = spendLevel < 1 && span != Span.OFF ? new RoomLedger(burstBytes) : null;
    stepped(true, scores, live);
  }

  /** The budget's level as of this step, and whether the law still holds; under the monitor. */
  void stepped(boolean warming, RungScores scores, int live) {
    budgetShare = budget == null ? 0 : rate.share(budget);
    this.warming = warming;
    RoomLedger l = ledger;
    paying = spendLevel < 1 && warming && l != null && l.pays(scores.netPerByte(live));
    if (paying) {
      allowance = Math.min(Math.max(0, roomLevel - spendLevel), allowance + STEP_SHARE);
    }
    if (!warming) {
      ledger = null; // the rule holds no more: nothing left to decide, no read to hear
    }
  }

  /**
   * A read counted {@code count} at the live rung {@code t}, decided {@code admitted}, of {@code
   * [offset, offset + length)} (at its end on a DataNode): one of the rule's blocks if the rule
   * alone admitted it, and counted if it is one.
   */
  void read(
      long key, int count, int t, boolean admitted, long offset, long length, long blockLength) {
    RoomLedger l = ledger;
    if (l == null) {
      return;
    }
    if (alone(admitted, count, t)) {
      l.admitted(key, offset, length, blockLength);
    } else {
      l.read(key, offset, length, blockLength);
    }
  }

  /**
   * {@code read}, or, if the rule must hear its range ({@link #read}: one it admitted alone, or a
   * later read of such a block), {@code read} told to the rule at its end too (reads one after
   * another: as {@code onRead} counts it).
   */
  PolicyRead heard(long key, int count, int t, PolicyRead read) {
    RoomLedger l = ledger;
    boolean admitted = read.decision().admits();
    if (l == null || !(alone(admitted, count, t) || l.holds(key))) {
      return read;
    }
    return new PolicyRead() {
      @Override
      public AdmissionDecision decision() {
        return read.decision();
      }

      @Override
      public void ended(long offset, long length, long blockLength) {
        read.ended(offset, length, blockLength);
        OutcomeRoom.this.read(key, count, t, admitted, offset, length, blockLength);
      }
    };
  }

  /**
   * Whether the rule alone admitted a read: admitted at a count the live rung {@code t} refuses.
   */
  private static boolean alone(boolean admitted, int count, int t) {
    return admitted && count <= t;
  }

  /** The threshold to admit above now, for the live rung {@code t}. */
  int threshold(int t) {
    if (span == Span.OFF || (span == Span.WARM_UP && !warming)) {
      return t;
    }
    RoomLedger l = ledger;
    if (paying && l != null) {
      int lower = rule.threshold(t, budgetShare - l.owedBytes() / burstBytes + allowance, false);
      if (lower < t) {
        return lower;
      }
    }
    return rule.threshold(t, budgetShare, false);
  }
}
