package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.CacheFailure;
import java.io.IOException;

/** A typed failure of the SSD side; callers fall back to the HDD, never pass this to a client. */
public final class CacheException extends IOException {
  private static final long serialVersionUID = 1L;
  private final CacheFailure failure;

  public CacheException(CacheFailure failure, String message) {
    super(failure + ": " + message);
    this.failure = failure;
  }

  public CacheException(CacheFailure failure, String message, Throwable cause) {
    super(failure + ": " + message, cause);
    this.failure = failure;
  }

  public CacheFailure failure() {
    return failure;
  }
}
