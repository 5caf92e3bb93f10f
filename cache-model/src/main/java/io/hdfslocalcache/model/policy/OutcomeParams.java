package io.hdfslocalcache.model.policy;

/**
 * {@code outcome}'s settings, read once from its spec and validated: the ghosts' sample (1 in N
 * blocks), the horizon H and the drain in steps, the dead band in percent, payback on or off,
 * whether the budget scaling counts the bytes a rung's fills wrote (with the cost of the refused
 * fills the live budget would pay) or every byte they asked for, the ladder's split (rungs per
 * doubling of the threshold, 1 or {@link #MAX_SPLIT}) and stride (rungs a step), when the room rule
 * holds ({@link OutcomeRoom}) and how far below its level it may spend while its blocks pay ({@code
 * roomPay}), and, off by default, the live threshold between the rungs ({@code between}; {@link
 * BetweenRungs}: its hysteresis {@code hyst} in percent of a rung, its dead band {@code bdead} in
 * percent of the anchor's score), and how the law reads its sums as rates ({@code seen}; {@link
 * StepRate}, off by default).
 */
final class OutcomeParams {
  private final int sample;
  private final int horizon;
  private final int deadPercent;
  private final int drain;
  private final boolean payback;
  private final boolean written;
  private final int split;
  private final int stride;
  private final OutcomeRoom.Span room;
  private final int roomLevel;
  private final int roomPay;
  private final boolean between;
  private final int hystPercent;
  private final int betweenDeadPercent;
  private final StepRate.Reading seen;

  /** The finest split: every split's rungs are among its rungs (a saved rung stays valid). */
  static final int MAX_SPLIT = 2;

  OutcomeParams(
      int sample,
      int horizon,
      int deadPercent,
      int drain,
      boolean payback,
      boolean written,
      int split,
      int stride,
      OutcomeRoom.Span room,
      int roomLevel,
      int roomPay,
      boolean between,
      int hystPercent,
      int betweenDeadPercent,
      StepRate.Reading seen) {
    this.sample = atLeast("sample", sample, 1, "1 in N blocks");
    this.horizon = atLeast("horizon", horizon, 1, "steps");
    this.deadPercent = atLeast("dead", deadPercent, 0, "percent");
    this.drain = atLeast("drain", drain, 1, "steps");
    this.payback = payback;
    this.written = written;
    if (split != 1 && split != MAX_SPLIT) {
      throw new IllegalArgumentException(
          "outcome: split must be 1 or " + MAX_SPLIT + " (rungs per doubling), got " + split);
    }
    this.split = split;
    this.stride = atLeast("stride", stride, 1, "rungs a step");
    this.room = room;
    if (roomLevel < 0 || roomLevel > 100) {
      throw new IllegalArgumentException(
          "outcome: roomLevel must be 0-100 (percent of the burst), got " + roomLevel);
    }
    this.roomLevel = roomLevel;
    if (roomPay < 0 || roomPay > 100) {
      throw new IllegalArgumentException(
          "outcome: roomPay must be 0 (off) to 100 (percent of the burst the room rule may spend"
              + " down to while its blocks pay), got "
              + roomPay);
    }
    this.roomPay = roomPay;
    this.between = between;
    if (hystPercent < 0 || hystPercent > 100) {
      throw new IllegalArgumentException(
          "outcome: hyst must be 0 to 100 (percent of a rung), got " + hystPercent);
    }
    this.hystPercent = hystPercent;
    this.betweenDeadPercent = atLeast("bdead", betweenDeadPercent, 0, "percent");
    this.seen = seen;
  }

  static OutcomeParams from(PolicyParams params) {
    return new OutcomeParams(
        params.integer("sample", 1),
        params.integer("horizon", 120),
        params.integer("dead", 1),
        params.integer("drain", 120),
        onOff(params, "payback", 1),
        onOff(params, "written", 1),
        params.integer("split", 1),
        params.integer("stride", 1),
        OutcomeRoom.Span.of(params.integer("room", 1)),
        params.integer("roomLevel", OutcomeRoom.LEVEL_PERCENT),
        params.integer("roomPay", OutcomeRoom.PAY_PERCENT),
        onOff(params, "between", 0),
        params.integer("hyst", 12),
        params.integer("bdead", 10),
        StepRate.Reading.of(params.integer("seen", 0)));
  }

  /** A switch, on (1) or off (0) by {@code byDefault}; anything but 0 or 1 names it. */
  private static boolean onOff(PolicyParams params, String name, int byDefault) {
    int value = params.integer(name, byDefault);
    if (value != 0 && value != 1) {
      throw new IllegalArgumentException("outcome: " + name + " must be 0 or 1, got " + value);
    }
    return value == 1;
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

  /**
   * Whether the budget scaling counts what a rung's fills wrote and charges the refused fills the
   * live budget would pay (true), or counts every byte its fills asked for (false, the third
   * round).
   */
  boolean written() {
    return written;
  }

  int split() {
    return split;
  }

  int stride() {
    return stride;
  }

  /** When the room rule holds. */
  OutcomeRoom.Span room() {
    return room;
  }

  /** The budget's level, as a share of its burst, from which the room rule holds. */
  double roomLevel() {
    return roomLevel / 100.0;
  }

  /**
   * The budget's level, in percent of its burst, down to which the room rule holds while its blocks
   * pay; 0: the rule does not ask whether they pay ({@link OutcomeRoom}, {@code roomPay}).
   */
  int roomPay() {
    return roomPay;
  }

  /** Whether the live threshold may sit between the rungs ({@link BetweenRungs}). */
  boolean between() {
    return between;
  }

  /** The between-rung threshold's hysteresis as a fraction of a rung. */
  double hyst() {
    return hystPercent / 100.0;
  }

  /** How much a between-rung point must beat the anchor rung's score by, as a fraction. */
  double betweenDead() {
    return betweenDeadPercent / 100.0;
  }

  /** How a forgetting sum is read as a rate ({@link StepRate}). */
  StepRate.Reading seen() {
    return seen;
  }
}
