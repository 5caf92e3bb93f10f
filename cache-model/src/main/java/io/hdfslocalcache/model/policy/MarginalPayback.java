package io.hdfslocalcache.model.policy;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether the fills {@link ThresholdTuner} admits at its margin pay for themselves: of the entries
 * admitted with a window count just past the threshold T (in (T, 2T + 1]), the HDD disk-head time
 * their hits saved against the disk-head time their fills cost (the admission and the pages added
 * later), both in the guard's disk model, both moving averages over {@link #HORIZON_STEPS} tuner
 * steps. The ratio of two averaged rates is the payback of a steady stream of marginal fills
 * without waiting for their entries to leave: older entries' hits balance the new ones' fills.
 *
 * <p>Below {@code pays} (x their cost) the margin does not pay once what its fills evict is
 * counted, so an idle write budget is no reason to admit blocks read less often (the tuner's rule).
 * Measured at threshold 7 on 5% caches: {@code batch} 2.0-2.4 (where 15 is the best threshold),
 * {@code interactive} 5-6, {@code storms} 6-7, {@code multiday} 5-12, {@code skewed} 25-60, {@code
 * warm} 28-200 (where 7 or 3 are best); hence 4. Without {@link #EVIDENCE_MICROS} of averaged fill
 * cost, or off ({@code pays} 0), it has no opinion.
 *
 * <p>Costs and threads: reporters (the model's rules from one thread; on a DataNode its reader
 * threads for hits and its fill threads for fills, through the directory guards) add atomically per
 * fill or hit of an entry admitted at the margin, nothing for the others; {@link #step} runs under
 * the tuner's monitor and takes what was added since the last one. Heap: six fields, and a flag per
 * cached entry where the entries are kept.
 */
public final class MarginalPayback {
  /** The payback below which the margin is held, the tuned policy's default: 4. */
  public static final int MEASURED_PAYS = 4;

  static final double HORIZON_STEPS = 120;
  static final double EVIDENCE_MICROS = 20 * 11_500.0;

  private final double pays;
  private final AtomicLong fillMicros = new AtomicLong();
  private final AtomicLong savedMicros = new AtomicLong();
  private double fill; // averaged per step
  private double saved;
  private long regathering; // steps left before it judges again, after a restart

  /** What the margin's averages say at the tuner's last step. */
  public enum Verdict {
    /** Not known to fall short: the margin pays, or too little evidence (or off) to say. */
    NO_CASE,
    /** The marginal fills are known to fall short of paying {@code pays} x their cost. */
    FALLS_SHORT,
    /**
     * A restored tuner's first horizon: the averages restart from nothing while the entries
     * admitted at the margin before the restart no longer report their hits, so no verdict either
     * way.
     */
    REGATHERING
  }

  /**
   * @param pays saved over cost below which the margin does not pay; 0: off
   */
  public MarginalPayback(double pays) {
    if (!(pays >= 0)) {
      throw new IllegalArgumentException("payback must be >= 0, got " + pays);
    }
    this.pays = pays;
  }

  /** Whether anything should report to it. */
  public boolean enabled() {
    return pays > 0;
  }

  /** Disk-head time a fill of an entry admitted at the margin cost. */
  public void fill(long micros) {
    fillMicros.addAndGet(micros);
  }

  /** Disk-head time a hit on an entry admitted at the margin saved. */
  public void hit(long micros) {
    savedMicros.addAndGet(micros);
  }

  /** True if a window count of {@code count} admitted at threshold {@code t} is at the margin. */
  public static boolean marginal(int count, int t) {
    return count <= 2 * t + 1;
  }

  /** Disk-head time the margin's fills reported since the tuner's last step. */
  public long pendingFillMicros() {
    return fillMicros.get();
  }

  /** Disk-head time the margin's hits reported since the tuner's last step. */
  public long pendingSavedMicros() {
    return savedMicros.get();
  }

  void step() {
    fill += (fillMicros.getAndSet(0) - fill) / HORIZON_STEPS;
    saved += (savedMicros.getAndSet(0) - saved) / HORIZON_STEPS;
    if (regathering > 0) {
      regathering--;
    }
  }

  /**
   * The tuner was restored after a restart: for one horizon ({@link #HORIZON_STEPS} steps) the
   * verdict is {@link Verdict#REGATHERING}, until the averages hold the fills and hits of entries
   * admitted since (ThresholdTuner#restore says why neutral rather than carried).
   */
  void restarted() {
    if (enabled()) {
      regathering = (long) HORIZON_STEPS;
    }
  }

  /** What the margin's averages say now (the tuner asks once a step, under its monitor). */
  Verdict verdict() {
    if (regathering > 0) {
      return Verdict.REGATHERING;
    }
    return enabled() && fill * HORIZON_STEPS >= EVIDENCE_MICROS && saved < pays * fill
        ? Verdict.FALLS_SHORT
        : Verdict.NO_CASE;
  }
}
