package io.hdfslocalcache.guard;

/** What {@link FillGuard#tryFill} answers for one fill. */
public enum FillVerdict {
  /** Go ahead; the fill's cost is already on the ledger. */
  ALLOW,
  /** Fills in the window cost the HDDs more than hits saved them, plus the allowance. */
  DENY_COST,
  /** The SSD write budget (drive writes per day) has no room for this fill now. */
  DENY_WRITE_BUDGET
}
