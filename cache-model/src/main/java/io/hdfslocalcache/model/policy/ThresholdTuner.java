package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.time.CacheClock;

/**
 * Admission that tunes itself to the SSD write budget: the operator sets what the SSD may write
 * (drive writes per day, the fill guard's budget) and the configured admission threshold F (named
 * the floor in the saved state); this class starts at F and moves the effective threshold within
 * [{@link #lowest}(F), {@link #ceiling}(F)] = about [F / {@link #BELOW}, {@link #CEILING_FACTOR} x
 * F] so that the fills the admitted blocks ask for spend the budget, not more: while fills want
 * more than the budget gives, only blocks read more often get in; while the budget sits idle,
 * blocks read less often do, down to half of F. Without a tuner the budget binds first come, first
 * served: the bytes go to whichever blocks cross the threshold first, not to the hottest. The
 * DataNode ({@code Admission}), the simulator and shadow mode ({@code EventRules}, through the
 * {@code tuned} policy) run this class.
 *
 * <p><b>Why below F.</b> Swept over every shape {@code generate} offers at 1% and 5% of the bytes
 * read (docs/tuning.md, "Admission that tunes itself"), the best fixed threshold in hindsight is
 * nearly always the lowest one whose fills the write budget sustains: below it fills are denied
 * first come, first served; above it hits are lost. On a large cache that threshold is below the
 * default F = 15 (7 on most shapes at 5%, sometimes 3), which a tuner held at F cannot reach: it
 * sat at F with the budget idle and saved 2-4 points less than the best threshold there. Half of F
 * (7 for the default), not less: a quarter (3) saved a few tenths of a point more on some 5%
 * caches, but on {@code batch} at 20% it wrote 1.1 TB of fills a day that were seldom read again
 * and cost the HDDs more than no cache (-1.9%; at 7, +10.9%); F / 16 lost 1.6 points on average.
 *
 * <p><b>The control law.</b> Time is cut in steps of {@link #STEP_MILLIS}. At the end of each step:
 *
 * <ul>
 *   <li>demand D, the SSD bytes fills asked the guard for per step (allowed or denied), is smoothed
 *       as an exponential moving average over {@link #SMOOTHING_STEPS} steps;
 *   <li>the target rate is the budget's refill rate r plus what moves the budget's level L to a
 *       reserve L0 = {@link #RESERVE} x its burst B: R = r + (L - L0) / (H / STEP), H = {@link
 *       #DRAIN_MILLIS} above the reserve, {@link #REFILL_MILLIS} below it, never below r / 8;
 *   <li>the error is e = ln(D / R), D floored at r / 64 (so an idle cache lowers the threshold at
 *       the fastest pace) and e clamped to [-ln 4, ln 4];
 *   <li>T crosses below F only while D is below r, fills at F leaving the budget idle at its refill
 *       rate, and only after {@link #WARM_STEPS} steps at F with D below r (the admission window's
 *       hour: until it has filled once, fewer blocks cross F than will); a cold burst that fills at
 *       F would spend anyway is no reason to (spent below F it went to blocks read less often: 3.9
 *       points lost on {@code steep} at 1%); once below, the same law;
 *   <li>ln(T + 1) moves by {@link #GAIN} x e, within [ln(lowest + 1), ln(ceiling + 1)], lowest = (F
 *       + 1) / {@link #BELOW} - 1 (at least 0), ceiling = {@link #CEILING_FACTOR} x (F + 1) - 1; T
 *       is its nearest whole number.
 * </ul>
 *
 * <p><b>Why it is stable.</b> Two loops, one inside the other. The inner one is an integral
 * controller on log T. Fill demand falls with the threshold roughly as a power, D ~ (T + 1)^-a (a
 * around 1-2 on Zipf popularity), so the loop is linear in the logs: error shrinks by a factor 1 -
 * GAIN x a per step, behind the moving average's lag of SMOOTHING_STEPS. GAIN x a x SMOOTHING_STEPS
 * = 0.15-0.3 keeps that second-order loop damped (damping 1 / (2 sqrt(GAIN x a x SMOOTHING_STEPS))
 * = 0.9-1.3: no oscillation; the test holds the overshoot under 10% for a = 1 to 2) and settles in
 * about 1 / (GAIN x a) = 15-35 steps (minutes). One step moves T + 1 by at most a factor e^(GAIN x
 * ln 4) = 1.042, so doubling it takes at least 17 minutes: no wild swings, whatever the input. The
 * outer loop is the budget's level: with fills asking for R it moves as dL/dt = r - R = -(L - L0) /
 * H, a first-order approach to the reserve with time constant H (6 hours above it, 1 hour below),
 * slower than the inner loop settles, so the inner loop follows it and the two do not ring. The
 * range's bounds and the rule for crossing below F are saturations: they hold log T at a bound and
 * add no state to the loop (the crossing's counter of idle steps at F only runs out), so the
 * argument holds between them; at F with D between r and R the threshold rests at F, as it did when
 * F was a floor.
 *
 * <p><b>What it converges to.</b> The threshold at which the admitted blocks' fills ask for the
 * budget's rate r, with the budget's level at the reserve (5% of the burst: about 2.4 hours of
 * refill at 0.5 drive writes a day), so fills are seldom denied for the budget and the writes go to
 * the blocks read most often in the admission window. A cold cache's full budget is spent over
 * hours, not minutes: while fills ask for it, the level above the reserve falls by a factor e every
 * 6 hours, 98% of it spent within a day, and the threshold admits the blocks read most often rather
 * than the floor's first comers. A level run below the reserve is refilled within about an hour (R
 * is r / 8 a third of the way down, at 0.5 drive writes a day) so that the budget seldom empties
 * and denies fills first come, first served. When fills at the lowest threshold ask for less than
 * the budget gives, T stays there (an idle budget admits every block read more than F / 2 times);
 * with no write budget (guard off, or 0 drive writes per day) T is F: nothing to tune to.
 *
 * <p><b>Why these numbers</b> (measured on day-long traces: docs/tuning.md). A 1-hour drain to a
 * reserve of a quarter of the burst spent a cold budget within the first hours at the floor, on
 * whichever blocks crossed it first, then left the reserve unspent: on a 5% cache it wrote 318 of
 * the 381 GiB a day allowed and saved 4.5 points less disk time than the best fixed threshold. A 5%
 * reserve drained over 6 hours writes about 97% of what the day allows; a faster refill below the
 * reserve keeps the smallest caches, whose budget is short, from running empty.
 *
 * <p><b>Costs, time, threads.</b> A read pays one volatile read and a comparison with the step's
 * end; a step, once a minute under the monitor, reads the budget twice and does a few logarithms;
 * heap: a few fields, no per-block state. The clock is injected (a replay passes the trace's time;
 * a clock going backwards does nothing). {@code budget} is read under this monitor, so a budget's
 * own lock comes after this one (the guard never calls back here).
 */
public final class ThresholdTuner {
  public static final long STEP_MILLIS = 60_000;
  static final double SMOOTHING_STEPS = 5;
  static final double GAIN = 0.03;
  static final double RESERVE = 0.05;
  static final long DRAIN_MILLIS = 6 * 3_600_000L;
  static final long REFILL_MILLIS = 3_600_000;
  public static final int CEILING_FACTOR = 64;
  static final int BELOW = 2;
  static final long WARM_STEPS = 60;
  private static final double MAX_ERROR = Math.log(4);
  private static final double LARGE_CHANGE = Math.log(2);
  private static final double MILLIS_PER_DAY = 86_400_000.0;

  /** What the tuner watches: the fill guards' write budget and what fills asked of it. */
  public interface Budget {
    /** SSD bytes fills may write now. */
    long availableBytes();

    /** SSD bytes fills asked the guards for since they started, allowed or denied. */
    long bytesAsked();
  }

  /** Hears each large change of the threshold (a factor of 2 in T + 1 since the last one). */
  public interface Listener {
    void changed(int from, int to, double demandBytesPerDay, double targetBytesPerDay);
  }

  private final int floor;
  private final int lowest;
  private final int ceiling;
  private final double ratePerStep;
  private final double burst;
  private final Budget budget;
  private final CacheClock clock;
  private final Listener listener;
  private volatile long stepEnd;
  private volatile int threshold;
  private double logT;
  private long asked; // bytesAsked at the last step
  private double demand; // smoothed, bytes per step
  private double target; // bytes per step, at the last step
  private int announced;
  private long steps; // at F with demand below r, up to WARM_STEPS
  private long largeChanges;
  private volatile long changedAtMillis; // when the threshold took its value

  /** What came of {@link #restore}. */
  public enum Restore {
    /** The saved threshold is in use again, since the time it took that value. */
    RESTORED,
    /** Saved under another configured threshold: the tuner starts again at the new one. */
    FLOOR_CHANGED,
    /** The threshold does not tune itself here (tuning fixed, or no write budget): F. */
    NOT_TUNING,
    /** Nothing was saved (a first start): the tuner starts at F. */
    NONE_SAVED
  }

  /**
   * @param floor the configured threshold
   * @param bytesPerDay the write budget's refill rate; 0 for none (T stays at the floor)
   * @param burstBytes the budget's burst (its largest level)
   */
  public ThresholdTuner(
      int floor,
      double bytesPerDay,
      long burstBytes,
      Budget budget,
      CacheClock clock,
      Listener listener) {
    if (floor < 0 || bytesPerDay < 0 || burstBytes < 0) {
      throw new IllegalArgumentException(
          "floor, bytesPerDay and burstBytes must be >= 0, got "
              + floor
              + ", "
              + bytesPerDay
              + ", "
              + burstBytes);
    }
    this.floor = floor;
    this.lowest = lowest(floor);
    this.ceiling = ceiling(floor);
    this.ratePerStep = bytesPerDay * STEP_MILLIS / MILLIS_PER_DAY;
    this.burst = burstBytes;
    this.budget = budget;
    this.clock = clock;
    this.listener = listener;
    this.logT = Math.log(floor + 1.0);
    this.threshold = floor;
    this.announced = floor;
    this.changedAtMillis = clock.millis();
    this.stepEnd = clock.millis() + STEP_MILLIS;
    this.asked = budget.bytesAsked();
  }

  /** The smallest threshold a tuner started at {@code floor} reaches (while its budget idles). */
  public static int lowest(int floor) {
    return Math.max(0, (floor + 1) / BELOW - 1);
  }

  /** The largest threshold a tuner with this floor reaches: the limiter must count that far. */
  public static int ceiling(int floor) {
    return (int) Math.min(65_534L, CEILING_FACTOR * (floor + 1L) - 1);
  }

  /** The effective threshold now: admit a block read more than this often in the window. */
  public int threshold() {
    if (clock.millis() >= stepEnd) {
      advance();
    }
    return threshold;
  }

  private synchronized void advance() {
    advanceLocked();
  }

  private void advanceLocked() {
    long now = clock.millis();
    if (now < stepEnd) {
      return;
    }
    long steps = (now - stepEnd) / STEP_MILLIS + 1;
    int before = threshold;
    // A gap of more than a day settles as a day would: an idle budget, demand decayed to nothing.
    for (long i = 0; i < Math.min(steps, 1440); i++) {
      step();
    }
    stepEnd += steps * STEP_MILLIS;
    if (threshold != before) {
      changedAtMillis = now;
    }
  }

  private void step() {
    long nowAsked = budget.bytesAsked();
    demand += (nowAsked - asked - demand) / SMOOTHING_STEPS;
    asked = nowAsked;
    if (ratePerStep <= 0) {
      return;
    }
    double level = Math.min(burst, (double) budget.availableBytes());
    double excess = level - RESERVE * burst;
    double horizon = excess < 0 ? REFILL_MILLIS : DRAIN_MILLIS;
    target = Math.max(ratePerStep / 8, ratePerStep + excess * STEP_MILLIS / horizon);
    double error = Math.log(Math.max(demand, ratePerStep / 64) / target);
    error = Math.max(-MAX_ERROR, Math.min(MAX_ERROR, error));
    double next = logT + GAIN * error;
    double atF = Math.log(floor + 1.0);
    if (next < atF && logT >= atF - 1e-9 && (demand >= ratePerStep || ++steps <= WARM_STEPS)) {
      // Below F only if fills at F leave the budget idle at its refill rate: a cold burst that
      // fills at F would spend anyway is no reason to admit blocks read less often. Not before
      // the admission window has filled once: until then fewer blocks cross F than will.
      next = atF;
    }
    logT = Math.max(Math.log(lowest + 1.0), Math.min(Math.log(ceiling + 1.0), next));
    int t = (int) Math.round(Math.exp(logT)) - 1;
    threshold = Math.max(lowest, Math.min(ceiling, t));
    if (Math.abs(Math.log(threshold + 1.0) - Math.log(announced + 1.0)) >= LARGE_CHANGE - 1e-9) {
      largeChanges++;
      double perDay = MILLIS_PER_DAY / STEP_MILLIS;
      listener.changed(announced, threshold, demand * perDay, target * perDay);
      announced = threshold;
    }
  }

  /** The configured threshold F: where the tuner starts, and what its range scales from. */
  public int floor() {
    return floor;
  }

  /** When the threshold in use took its value (start-up, a step, or as restored), epoch ms. */
  public long changedAtMillis() {
    return changedAtMillis;
  }

  /** Whether the threshold moves at all: a write budget to tune to. */
  public boolean tunes() {
    return ratePerStep > 0;
  }

  /** What a restart needs to go on where this tuner is now ({@link #restore}). */
  public synchronized TunedThreshold state() {
    return new TunedThreshold(floor, threshold, demand, changedAtMillis);
  }

  /**
   * Goes on from {@code saved}, a state this DataNode's tuner had before a restart: the threshold,
   * the smoothed demand (so the first steps do not read an idle budget into a cold average) and
   * since when. Only under the same floor: a changed configured threshold starts again from it.
   */
  public synchronized Restore restore(TunedThreshold saved) {
    if (!tunes()) {
      return Restore.NOT_TUNING;
    }
    if (saved.floor() != floor) {
      return Restore.FLOOR_CHANGED;
    }
    threshold = saved.threshold();
    logT = Math.log(threshold + 1.0);
    demand = saved.demandBytesPerStep();
    steps = WARM_STEPS; // the saved demand is a warm one
    announced = threshold;
    changedAtMillis = saved.changedAtMillis();
    return Restore.RESTORED;
  }

  /** Large changes so far (one INFO line each on a DataNode). */
  public synchronized long largeChanges() {
    return largeChanges;
  }
}
