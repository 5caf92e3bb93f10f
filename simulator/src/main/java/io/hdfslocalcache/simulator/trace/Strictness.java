package io.hdfslocalcache.simulator.trace;

/** What a malformed line does to a parse. */
public enum Strictness {
  /** Count it, keep the first few line numbers, go on. */
  LENIENT,
  /** Fail the parse on the first one. */
  STRICT
}
