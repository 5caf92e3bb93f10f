package io.hdfslocalcache.datanode.store;

/**
 * The end of a page operation, which its destination buffer waits for: an operation its caller
 * stopped waiting for (timed out, or the caller was interrupted) is left running on the disk and
 * may still write into the buffer. The caller hands the buffer over to {@link #whenEnded}, which
 * gives it back once nothing can write into it, instead of abandoning it to the garbage collector.
 */
@FunctionalInterface
public interface OpEnd {
  /** An operation that has ended (or never started, and never will). */
  OpEnd ENDED = Runnable::run;

  /**
   * Runs {@code action} once the operation can no longer write into its destination: at once if it
   * already cannot, else on the thread that ends it (an I/O thread, when the disk answers). The
   * action must be short and must not throw.
   */
  void whenEnded(Runnable action);
}
