package io.hdfslocalcache.simulator.trace;

/** The trace cannot be used (strict mode met a malformed line, or the file is unreadable). */
public final class TraceFormatException extends Exception {
  private static final long serialVersionUID = 1L;

  public TraceFormatException(String message) {
    super(message, null, false, false);
  }
}
