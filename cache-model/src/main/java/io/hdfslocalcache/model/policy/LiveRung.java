package io.hdfslocalcache.model.policy;

import java.util.Arrays;

/**
 * What {@code outcome} admission ({@link OutcomeLadder}) keeps across a DataNode restart: the rung
 * it admits at, the configured threshold its ladder is built around, since when that rung has been
 * in force (so {@code admission.threshold.since} survives the restart too), and when it was saved.
 * A value: the constructor refuses a threshold that is not a rung of its configured threshold's
 * finest ladder (every split's rungs are among them), so a damaged record is an error, never a
 * threshold in use.
 */
public final class LiveRung {
  private final int configured;
  private final int threshold;
  private final long savedAtMillis;
  private final long sinceMillis;

  /** A rung whose time in force is not known (a record from before it was kept). */
  public LiveRung(int configured, int threshold, long savedAtMillis) {
    this(configured, threshold, savedAtMillis, -1);
  }

  /**
   * @param sinceMillis since when the rung has been in force, epoch ms; -1 if not known
   */
  public LiveRung(int configured, int threshold, long savedAtMillis, long sinceMillis) {
    if (configured < 0) {
      throw new IllegalArgumentException("configured threshold must be >= 0, got " + configured);
    }
    int[] ladder = Rungs.of(configured, OutcomeParams.MAX_SPLIT);
    if (Arrays.stream(ladder).noneMatch(t -> t == threshold)) {
      throw new IllegalArgumentException(
          "threshold "
              + threshold
              + " is not a rung of the ladder "
              + Arrays.toString(ladder)
              + " around the configured "
              + configured);
    }
    if (savedAtMillis < 0) {
      throw new IllegalArgumentException("time must be >= 0, got " + savedAtMillis);
    }
    if (sinceMillis < -1) {
      throw new IllegalArgumentException("since must be >= 0 or -1, got " + sinceMillis);
    }
    this.configured = configured;
    this.threshold = threshold;
    this.savedAtMillis = savedAtMillis;
    this.sinceMillis = sinceMillis;
  }

  /** The configured threshold the ladder is built around. */
  public int configured() {
    return configured;
  }

  /** The live rung's threshold. */
  public int threshold() {
    return threshold;
  }

  /** When it was saved, epoch ms: of several saved copies, the newest wins. */
  public long savedAtMillis() {
    return savedAtMillis;
  }

  /** Since when the rung has been in force, epoch ms; -1 if not known. */
  public long sinceMillis() {
    return sinceMillis;
  }

  /** True if {@code other} holds the same rung under the same configured threshold. */
  public boolean sameRung(LiveRung other) {
    return other != null && configured == other.configured && threshold == other.threshold;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof LiveRung)) {
      return false;
    }
    LiveRung r = (LiveRung) o;
    return sameRung(r) && savedAtMillis == r.savedAtMillis && sinceMillis == r.sinceMillis;
  }

  @Override
  public int hashCode() {
    return ((configured * 31 + threshold) * 31 + Long.hashCode(savedAtMillis)) * 31
        + Long.hashCode(sinceMillis);
  }

  @Override
  public String toString() {
    return "rung "
        + threshold
        + " (configured "
        + configured
        + ") since "
        + sinceMillis
        + ", saved at "
        + savedAtMillis;
  }
}
