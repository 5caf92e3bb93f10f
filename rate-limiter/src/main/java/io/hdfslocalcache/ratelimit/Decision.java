package io.hdfslocalcache.ratelimit;

/** Outcome of one admission check. */
public enum Decision {
  /** The key was read more than the threshold within the window: worth caching. */
  ADMIT,
  /** Not (yet) hot enough. */
  REJECT
}
