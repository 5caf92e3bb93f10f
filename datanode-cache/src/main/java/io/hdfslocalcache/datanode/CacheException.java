package io.hdfslocalcache.datanode;

import java.io.IOException;

/** A typed failure of the SSD side; callers fall back to the HDD, never pass this to a client. */
final class CacheException extends IOException {
  private static final long serialVersionUID = 1L;
  private final CacheFailure failure;

  CacheException(CacheFailure failure, String message) {
    super(failure + ": " + message);
    this.failure = failure;
  }

  CacheException(CacheFailure failure, String message, Throwable cause) {
    super(failure + ": " + message, cause);
    this.failure = failure;
  }

  CacheFailure failure() {
    return failure;
  }
}
