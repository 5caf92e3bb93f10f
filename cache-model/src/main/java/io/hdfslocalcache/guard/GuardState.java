package io.hdfslocalcache.guard;

/** The fill guard's state; the cost pause wins when both pauses hold. */
public enum GuardState {
  /** Fills are allowed (each still checked against the ledger and the write budget). */
  FILLING,
  /** Fills cost more than they saved; every fill is denied until the ledger recovers. */
  PAUSED_COST,
  /** The SSD write budget ran out; every fill is denied until it refills. */
  PAUSED_WRITE_BUDGET
}
