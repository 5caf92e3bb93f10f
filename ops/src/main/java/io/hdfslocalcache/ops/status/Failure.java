package io.hdfslocalcache.ops.status;

import io.hdfslocalcache.ops.CommandFailure;

/** A web UI could not be read or did not say what status needs: one line, exit 1. */
final class Failure extends CommandFailure {
  Failure(String message) {
    super(message);
  }
}
