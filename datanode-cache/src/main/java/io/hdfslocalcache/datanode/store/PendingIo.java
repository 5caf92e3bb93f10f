package io.hdfslocalcache.datanode.store;

/**
 * A page operation started on another thread (a read from {@link PageStore#readAsync}). {@link
 * #await} ends it with the outcome the synchronous call would have had. Until await returns
 * normally a read's destination may still be written; after await threw, or if the caller never
 * awaits, it may be written later, so the caller drops that buffer rather than reuse it.
 */
@FunctionalInterface
public interface PendingIo {
  PendingIo DONE = () -> {};

  void await() throws CacheException;

  /**
   * The caller will not await: an operation not yet started never starts (one running finishes,
   * since interrupting a read could fail it as a disk error). Says whether the destination may
   * still be written: a caller reuses it only if {@link Dest#FREE}. By default the operation ran on
   * the caller's thread (or was refused), so it is.
   */
  default Dest cancel() {
    return Dest.FREE;
  }

  /** What a cancel leaves an operation's destination buffer as. */
  enum Dest {
    /** Never written again: the operation never started and now never will, or it has ended. */
    FREE,
    /** The operation is still running and may write into it: the caller drops it. */
    IN_USE
  }

  static PendingIo failed(CacheException e) {
    return () -> {
      throw e;
    };
  }
}
