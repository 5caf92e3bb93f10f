package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.time.CacheClock;

/**
 * Admission that tunes itself to the SSD write budget: the operator sets what the SSD may write
 * (drive writes per day, the fill guard's budget) and the configured threshold F; this class starts
 * at F and moves the threshold within [{@link #lowest}(F), {@link #ceiling}(F)] = about [F / {@link
 * #BELOW}, {@link #CEILING_FACTOR} x F] so that fills spend the budget, not more, on the blocks
 * read most often (without a tuner the budget binds first come, first served). The DataNode ({@code
 * Admission}), the simulator and shadow mode ({@code EventRules}, through the {@code tuned} policy)
 * run this class.
 *
 * <p><b>Why below F, to F / 2.</b> The best fixed threshold in hindsight is nearly always the
 * lowest one whose fills the budget sustains (docs/tuning.md), below the default F = 15 on most 5%
 * caches; a quarter of F took {@code batch} at 20% below no cache (-1.9%), F / 16 lost 1.6 points.
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
 *   <li>T crosses below F only while D is below r and after {@link #WARM_STEPS} such steps at F
 *       (the window's hour): a cold burst that fills at F would spend anyway is no reason to (3.9
 *       points lost on {@code steep} at 1%); once below, the same law;
 *   <li>ln(T + 1) moves by {@link #GAIN} x e, within [ln(lowest + 1), ln(ceiling + 1)], lowest = (F
 *       + 1) / {@link #BELOW} - 1 (at least 0), ceiling = {@link #CEILING_FACTOR} x (F + 1) - 1; T
 *       is its nearest whole number.
 * </ul>
 *
 * <p><b>Why it is stable.</b> The inner loop is an integral controller on log T. Fill demand falls
 * with the threshold roughly as a power, D ~ (T + 1)^-a (a around 1-2 on Zipf popularity), so the
 * error shrinks by 1 - GAIN x a per step behind the average's lag: GAIN x a x SMOOTHING_STEPS =
 * 0.15-0.3, damping 0.9-1.3 (no oscillation; the test holds overshoot under 10% for a = 1 to 2),
 * settled in 15-35 steps. One step moves T + 1 by at most e^(GAIN x ln 4) = 1.042 (a doubling takes
 * 17 minutes or more). The outer loop is the budget's level, dL/dt = r - R = -(L - L0) / H, first
 * order with time constant H (6 h above the reserve, 1 h below), slower than the inner loop
 * settles: the two do not ring. The range's bounds and the crossing rule are saturations.
 *
 * <p><b>What it converges to.</b> The threshold at which the admitted blocks' fills ask for the
 * budget's rate r, the level at the reserve (2.4 hours of refill at 0.5 drive writes a day): fills
 * are seldom denied for the budget, and the writes go to the blocks read most often in the window.
 * A cold budget is spent over hours, 98% of it within a day; a level below the reserve is refilled
 * within about an hour. With no write budget (guard off, or 0 drive writes per day) T is F. Why 6
 * hours and 5% (a 1-hour drain to a quarter of the burst lost 4.5 points on a 5% cache): tuning.md.
 *
 * <p><b>The margin's payback</b> ({@code tuned:payback=N}, 4 by default, 0 off): entries admitted
 * at the margin report their fills' and hits' disk time ({@link MarginalPayback}). T at or below F
 * with an idle budget does not go lower while they save less than N x their fills' cost, and climbs
 * back to F if below: an idle budget is no reason to fill blocks not read again ({@code batch} at
 * 5%: 7, where the margin pays 2x, saved 2.4 points less than 15). It only saturates the error.
 *
 * <p><b>The room rule</b> ({@link RoomRule}) changes which blocks are admitted, not this loop: more
 * demand D, which moves T as any does; it reports to the payback at its own margin. <b>Costs.</b> A
 * read: a volatile read or two, a comparison, with the payback a flag test per cached read and an
 * atomic add per hit or fill of a flagged entry; a step, once a minute under the monitor: the
 * budget, the payback, a few logarithms. Heap: a few fields, a flag per cached entry. The clock is
 * injected (a clock going backwards does nothing). {@code budget} is read under this monitor, so a
 * budget's own lock comes after this one (the guard never calls back).
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
  static final double MILLIS_PER_DAY = 86_400_000.0;

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

  private final int configured;
  private final int lowest;
  private final MarginalPayback payback;
  private final int ceiling;
  // From the same directories as the budget's level and bytes asked: a directory that joins after
  // start-up grows all four at once ({@link #resize}).
  private volatile BudgetRate rate;
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
  private volatile double budgetShare; // the budget's level / burst at the last step; 0: no budget
  private volatile boolean marginFallsShort; // at the last step

  /**
   * @param configured the configured threshold F
   * @param bytesPerDay the write budget's refill rate; 0 for none (T stays at F)
   * @param burstBytes the budget's burst (its largest level)
   * @param payback the margin's payback, which holds T at or below F while it falls short
   */
  public ThresholdTuner(
      int configured,
      double bytesPerDay,
      long burstBytes,
      Budget budget,
      CacheClock clock,
      Listener listener,
      MarginalPayback payback) {
    this.payback = payback;
    if (configured < 0) {
      throw new IllegalArgumentException("configured threshold must be >= 0: " + configured);
    }
    this.rate = new BudgetRate(bytesPerDay, burstBytes);
    this.configured = configured;
    this.lowest = lowest(configured);
    this.ceiling = ceiling(configured);
    this.budget = budget;
    this.clock = clock;
    this.listener = listener;
    this.logT = Math.log(configured + 1.0);
    this.threshold = configured;
    this.announced = configured;
    this.changedAtMillis = clock.millis();
    this.stepEnd = clock.millis() + STEP_MILLIS;
    this.asked = budget.bytesAsked();
    this.budgetShare = rate.share(budget);
  }

  /**
   * A directory still opening at start-up joined: the budget's rate and burst over the new set. A
   * tuner bound before any directory had a budget starts tuning here, at F, as at a first start.
   */
  public synchronized void resize(double bytesPerDay, long burstBytes) {
    rate = new BudgetRate(bytesPerDay, burstBytes);
    budgetShare = rate.share(budget);
  }

  /** The smallest threshold a tuner configured at {@code configured} reaches (budget idle). */
  public static int lowest(int configured) {
    return Math.max(0, (configured + 1) / BELOW - 1);
  }

  /** The largest threshold a tuner configured at this reaches: the limiter must count that far. */
  public static int ceiling(int configured) {
    return (int) Math.min(65_534L, CEILING_FACTOR * (configured + 1L) - 1);
  }

  /** The effective threshold now: admit a block read more than this often in the window. */
  public int threshold() {
    if (clock.millis() >= stepEnd) {
      advance();
    }
    return threshold;
  }

  private synchronized void advance() {
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
    double ratePerStep = rate.perStep;
    double burst = rate.burst;
    if (ratePerStep <= 0) {
      return;
    }
    double level = Math.min(burst, (double) budget.availableBytes());
    budgetShare = level / burst;
    double excess = level - RESERVE * burst;
    payback.step();
    MarginalPayback.Verdict margin = payback.verdict();
    marginFallsShort = margin == MarginalPayback.Verdict.FALLS_SHORT;
    double horizon = excess < 0 ? REFILL_MILLIS : DRAIN_MILLIS;
    target = Math.max(ratePerStep / 8, ratePerStep + excess * STEP_MILLIS / horizon);
    double error = Math.log(Math.max(demand, ratePerStep / 64) / target);
    error = Math.max(-MAX_ERROR, Math.min(MAX_ERROR, error));
    double atF = Math.log(configured + 1.0);
    if (error < 0 && logT <= atF + 1e-9 && marginFallsShort) {
      error = logT < atF - 1e-9 ? MAX_ERROR : 0; // an idle budget, but the margin does not pay
    } else if (error < 0 && logT <= atF + 1e-9 && margin == MarginalPayback.Verdict.REGATHERING) {
      error = 0; // restored: no evidence yet either way, so T neither climbs nor goes lower
    }
    double next = logT + GAIN * error;
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

  /** The budget's level / burst at the last step (or start), 0 without a budget: once a step. */
  public double budgetShare() {
    return budgetShare;
  }

  /** True if at the last step the margin's fills fell short of paying for themselves. */
  boolean marginFallsShort() {
    return marginFallsShort;
  }

  /** Where the fills admitted at the margin report what they cost and what their hits saved. */
  public MarginalPayback payback() {
    return payback;
  }

  /** The configured threshold F: where the tuner starts, and what its range scales from. */
  public int configured() {
    return configured;
  }

  /** When the threshold in use took its value (start-up, a step, or as restored), epoch ms. */
  public long changedAtMillis() {
    return changedAtMillis;
  }

  /** Whether the threshold moves at all: a write budget to tune to. */
  public boolean tunes() {
    return rate.perStep > 0;
  }

  /** What a restart needs to go on where this tuner is now ({@link #restore}). */
  public synchronized TunedThreshold state() {
    return new TunedThreshold(configured, threshold, demand, changedAtMillis);
  }

  /**
   * Goes on from {@code saved}, a state this DataNode's tuner had before a restart: the threshold,
   * the smoothed demand (so the first steps do not read an idle budget into a cold average) and
   * since when. Only under the same configured threshold: a changed one starts again from it. The
   * margin's payback starts neutral ({@link MarginalPayback#restarted}; why: {@link TunerRestore}).
   */
  public synchronized TunerRestore restore(TunedThreshold saved) {
    if (!tunes()) {
      return TunerRestore.NOT_TUNING;
    }
    if (saved.configured() != configured) {
      return TunerRestore.CONFIGURED_CHANGED;
    }
    threshold = saved.threshold();
    logT = Math.log(threshold + 1.0);
    demand = saved.demandBytesPerStep();
    steps = WARM_STEPS; // the saved demand is a warm one
    announced = threshold;
    changedAtMillis = saved.changedAtMillis();
    payback.restarted();
    return TunerRestore.RESTORED;
  }

  /** Large changes so far (one INFO line each on a DataNode). */
  public synchronized long largeChanges() {
    return largeChanges;
  }
}
