package io.hdfslocalcache.simulator.trace;

/**
 * A line that looks like a record of the trace's format but does not parse. Carries no stack trace:
 * it is an expected outcome of bad input, counted or reported as one line, never printed as a
 * trace.
 */
public final class MalformedLineException extends Exception {
  private static final long serialVersionUID = 1L;

  public MalformedLineException(String reason) {
    super(reason, null, false, false);
  }
}
