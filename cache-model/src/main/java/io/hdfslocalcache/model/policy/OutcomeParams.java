package io.hdfslocalcache.model.policy;

/**
 * {@code outcome}'s settings, read once from its spec and validated: the ghosts' sample (1 in N
 * blocks), the horizon H and the drain in steps, the dead band in percent, payback on or off.
 */
final class OutcomeParams {
  private final int sample;
  private final int horizon;
  private final int deadPercent;
  private final int drain;
  private final boolean payback;

  OutcomeParams(int sample, int horizon, int deadPercent, int drain, boolean payback) {
    this.sample = atLeast("sample", sample, 1, "1 in N blocks");
    this.horizon = atLeast("horizon", horizon, 1, "steps");
    this.deadPercent = atLeast("dead", deadPercent, 0, "percent");
    this.drain = atLeast("drain", drain, 1, "steps");
    this.payback = payback;
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
        payback == 1);
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
}
