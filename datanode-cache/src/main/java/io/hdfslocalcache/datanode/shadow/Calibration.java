package io.hdfslocalcache.datanode.shadow;

/** Whether the shadow models run beside a real cache whose figures they can be compared with. */
public enum Calibration {
  /** Shadow mode: no real cache, nothing to compare with. */
  NONE,
  /** Cache mode: each candidate's hit ratios are compared with the real cache's, same reads. */
  AGAINST_CACHE
}
