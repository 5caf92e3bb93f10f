package io.hdfslocalcache.guard;

/** The fill guard's answer to a fill about to start. */
public enum FillVerdict {
  ALLOW,
  DENY_COST,
  DENY_WRITE_BUDGET
}
