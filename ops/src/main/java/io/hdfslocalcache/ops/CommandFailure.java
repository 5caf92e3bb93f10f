package io.hdfslocalcache.ops;

/** A command could not do its work for a reason its message states: one line, exit 1. */
public class CommandFailure extends RuntimeException {
  public CommandFailure(String message) {
    super(message, null, false, false);
  }
}
