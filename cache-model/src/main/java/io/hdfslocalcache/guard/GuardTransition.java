package io.hdfslocalcache.guard;

/** One change of a {@link FillGuard}'s state, for one INFO line. Immutable. */
public final class GuardTransition {
  private final GuardState from;
  private final GuardState to;
  private final String reason;
  private final long timeMillis;

  GuardTransition(GuardState from, GuardState to, String reason, long timeMillis) {
    this.from = from;
    this.to = to;
    this.reason = reason;
    this.timeMillis = timeMillis;
  }

  public GuardState from() {
    return from;
  }

  public GuardState to() {
    return to;
  }

  /** Why, with the figures that decided it. */
  public String reason() {
    return reason;
  }

  /** The guard's clock when it changed. */
  public long timeMillis() {
    return timeMillis;
  }

  /** E.g. {@code fill guard FILLING -> PAUSED_COST: fills cost 190.3 s of HDD time ...}. */
  @Override
  public String toString() {
    return "fill guard " + from + " -> " + to + ": " + reason;
  }
}
