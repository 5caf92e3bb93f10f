package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.CacheFailure;
import java.io.IOException;

/** A typed failure of the SSD side; callers fall back to the HDD, never pass this to a client. */
public final class CacheException extends IOException {
  private static final long serialVersionUID = 1L;
  private final CacheFailure failure;

  /** The failed operation's end: it may still be running (a timeout). Not serialized. */
  private final transient OpEnd end;

  public CacheException(CacheFailure failure, String message) {
    this(failure, message, OpEnd.ENDED);
  }

  public CacheException(CacheFailure failure, String message, Throwable cause) {
    super(failure + ": " + message, cause);
    this.failure = failure;
    this.end = OpEnd.ENDED;
  }

  /** {@code stillRunning}: the operation the caller stopped waiting for, which may still write. */
  CacheException(CacheFailure failure, String message, OpEnd stillRunning) {
    super(failure + ": " + message);
    this.failure = failure;
    this.end = stillRunning;
  }

  public CacheFailure failure() {
    return failure;
  }

  /**
   * The end of the operation that failed: a caller whose buffer the operation was writing hands it
   * over here ({@link OpEnd#whenEnded}). Ended already unless the caller stopped waiting for it.
   */
  public OpEnd operationEnd() {
    return end == null ? OpEnd.ENDED : end;
  }
}
