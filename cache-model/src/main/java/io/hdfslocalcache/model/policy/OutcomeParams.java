package io.hdfslocalcache.model.policy;

/**
 * {@code outcome}'s settings, read once from its spec and validated: the ghosts' sample (1 in N
 * blocks), the horizon H and the drain in steps, the dead band in percent, payback on or off, the
 * ladder's split (rungs per doubling of the threshold, 1 or {@link #MAX_SPLIT}) and stride (rungs a
 * step).
 */
final class OutcomeParams {
  private final int sample;
  private final int horizon;
  private final int deadPercent;
  private final int drain;
  private final boolean payback;
  private final int split;
  private final int stride;

  /** The finest split: every split's rungs are among its rungs (a saved rung stays valid). */
  static final int MAX_SPLIT = 2;

  OutcomeParams(int sample, int horizon, int deadPercent, int drain, boolean payback) {
    this(sample, horizon, deadPercent, drain, payback, 1, 1);
  }

  OutcomeParams(
      int sample, int horizon, int deadPercent, int drain, boolean payback, int split, int stride) {
    this.sample = atLeast("sample", sample, 1, "1 in N blocks");
    this.horizon = atLeast("horizon", horizon, 1, "steps");
    this.deadPercent = atLeast("dead", deadPercent, 0, "percent");
    this.drain = atLeast("drain", drain, 1, "steps");
    this.payback = payback;
    if (split != 1 && split != MAX_SPLIT) {
      throw new IllegalArgumentException(
          "outcome: split must be 1 or " + MAX_SPLIT + " (rungs per doubling), got " + split);
    }
    this.split = split;
    this.stride = atLeast("stride", stride, 1, "rungs a step");
  }

  static OutcomeParams from(PolicyParams params) {
    int payback = params.integer("payback", 1);
    if (payback != 0 && payback != 1) {
      throw new IllegalArgumentException("outcome: payback must be 0 or 1, got " + payback);
    }
    return new OutcomeParams(
        params.integer("sample", 1),
        params.integer("horizon", 120),
        params.integer("dead", 1),
        params.integer("drain", 120),
        payback == 1,
        params.integer("split", 1),
        params.integer("stride", 1));
  }

  private static int atLeast(String name, int value, int min, String unit) {
    if (value < min) {
      throw new IllegalArgumentException(
          "outcome: " + name + " must be >= " + min + " (" + unit + "), got " + value);
    }
    return value;
  }

  int sample() {
    return sample;
  }

  int horizon() {
    return horizon;
  }

  /** The dead band as a fraction. */
  double dead() {
    return deadPercent / 100.0;
  }

  int drain() {
    return drain;
  }

  boolean payback() {
    return payback;
  }

  int split() {
    return split;
  }

  int stride() {
    return stride;
  }
}
