package io.hdfslocalcache.model.policy;

/**
 * What a {@link ThresholdTuner} keeps across a DataNode restart: the threshold in use, the
 * configured threshold it was tuned from, the smoothed fill demand and since when the threshold has
 * had its value. A value: the constructor refuses what no tuner could have been in (a threshold off
 * its configured threshold's range, a negative or non-finite demand), so a damaged record is an
 * error, never a threshold in use.
 */
public final class TunedThreshold {
  private final int configured;
  private final int threshold;
  private final double demandBytesPerStep;
  private final long changedAtMillis;

  public TunedThreshold(
      int configured, int threshold, double demandBytesPerStep, long changedAtMillis) {
    if (configured < 0
        || threshold < ThresholdTuner.lowest(configured)
        || threshold > ThresholdTuner.ceiling(configured)) {
      throw new IllegalArgumentException(
          "threshold "
              + threshold
              + " is outside its range ["
              + (configured < 0 ? "?" : String.valueOf(ThresholdTuner.lowest(configured)))
              + ", "
              + (configured < 0 ? "?" : String.valueOf(ThresholdTuner.ceiling(configured)))
              + "], around the configured "
              + configured);
    }
    if (!(demandBytesPerStep >= 0) || Double.isInfinite(demandBytesPerStep)) {
      throw new IllegalArgumentException("fill demand must be >= 0, got " + demandBytesPerStep);
    }
    if (changedAtMillis < 0) {
      throw new IllegalArgumentException("time must be >= 0, got " + changedAtMillis);
    }
    this.configured = configured;
    this.threshold = threshold;
    this.demandBytesPerStep = demandBytesPerStep;
    this.changedAtMillis = changedAtMillis;
  }

  /** The configured threshold the tuner ran above. */
  public int configured() {
    return configured;
  }

  /** The threshold in use. */
  public int threshold() {
    return threshold;
  }

  /** The fills' smoothed demand on the write budget, bytes per tuner step. */
  public double demandBytesPerStep() {
    return demandBytesPerStep;
  }

  /** When the threshold took its value, epoch ms. */
  public long changedAtMillis() {
    return changedAtMillis;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof TunedThreshold)) {
      return false;
    }
    TunedThreshold t = (TunedThreshold) o;
    return configured == t.configured
        && threshold == t.threshold
        && Double.compare(demandBytesPerStep, t.demandBytesPerStep) == 0
        && changedAtMillis == t.changedAtMillis;
  }

  @Override
  public int hashCode() {
    return ((configured * 31 + threshold) * 31 + Double.hashCode(demandBytesPerStep)) * 31
        + Long.hashCode(changedAtMillis);
  }

  @Override
  public String toString() {
    return "threshold "
        + threshold
        + " (configured "
        + configured
        + ") since "
        + changedAtMillis
        + " ms";
  }
}
