package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.AdmissionTuning;

/**
 * How fills behave, read once from configuration: the fill mode, whether the fill guard may pause
 * fills that cost the HDDs more than their hits save, the SSD write budget in drive writes per day
 * (0: none), and whether admission tunes itself to spend that budget.
 */
public final class FillPolicy {
  private final FillMode mode;
  private final boolean guard;
  private final double maxDriveWritesPerDay;
  private final long guardWindowMillis;
  private final AdmissionTuning tuning;

  public FillPolicy(
      FillMode mode,
      boolean guard,
      double maxDriveWritesPerDay,
      long guardWindowMillis,
      AdmissionTuning tuning) {
    if (guardWindowMillis <= 0) {
      throw new IllegalArgumentException("guard window must be positive, got " + guardWindowMillis);
    }
    this.guardWindowMillis = guardWindowMillis;
    if (!(maxDriveWritesPerDay >= 0) || Double.isInfinite(maxDriveWritesPerDay)) {
      throw new IllegalArgumentException(
          "drive writes per day must be a finite number >= 0, got " + maxDriveWritesPerDay);
    }
    this.mode = mode;
    this.guard = guard;
    this.maxDriveWritesPerDay = maxDriveWritesPerDay;
    this.tuning = tuning;
  }

  public AdmissionTuning tuning() {
    return tuning;
  }

  /**
   * True when admission follows the write budget: tuning auto (or outcome, whose models spend it),
   * and a write budget to follow.
   */
  public boolean tunesAdmission() {
    return tuning.followsBudget() && guard && maxDriveWritesPerDay > 0;
  }

  public FillMode mode() {
    return mode;
  }

  public boolean guard() {
    return guard;
  }

  public double maxDriveWritesPerDay() {
    return maxDriveWritesPerDay;
  }

  /** The guard's sliding window: fills are weighed against the hits of this past period. */
  public long guardWindowMillis() {
    return guardWindowMillis;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof FillPolicy)) {
      return false;
    }
    FillPolicy p = (FillPolicy) o;
    return mode == p.mode
        && guard == p.guard
        && Double.compare(maxDriveWritesPerDay, p.maxDriveWritesPerDay) == 0
        && guardWindowMillis == p.guardWindowMillis
        && tuning == p.tuning;
  }

  @Override
  public int hashCode() {
    return ((mode.hashCode() * 31 + Boolean.hashCode(guard)) * 31
                + Double.hashCode(maxDriveWritesPerDay))
            * 31
        + Long.hashCode(guardWindowMillis) * 7
        + tuning.hashCode();
  }

  @Override
  public String toString() {
    return mode.configName()
        + ", guard "
        + (guard ? "on" : "off")
        + ", "
        + maxDriveWritesPerDay
        + " drive writes/day, admission "
        + tuning.configName();
  }
}
