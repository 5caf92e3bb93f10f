package io.hdfslocalcache.datanode.store;

/**
 * A page operation started on another thread (a read from {@link PageStore#readAsync}). {@link
 * #await} ends it with the outcome the synchronous call would have had. Until await returns
 * normally a read's destination may still be written; after await threw, or if the caller never
 * awaits, it may be written later, so the caller reuses that buffer only once the operation has
 * ended ({@link CacheException#operationEnd}, {@link #cancel}).
 */
@FunctionalInterface
public interface PendingIo {
  PendingIo DONE = () -> {};

  void await() throws CacheException;

  /**
   * The caller will not await: an operation not yet started never starts (one running finishes,
   * since interrupting a read could fail it as a disk error, and waits for the disk). Returns the
   * operation's end: the caller hands its destination over to it ({@link OpEnd#whenEnded}) and
   * reuses it only from there. By default the operation ran on the caller's thread (or was
   * refused), so it has ended.
   */
  default OpEnd cancel() {
    return OpEnd.ENDED;
  }

  static PendingIo failed(CacheException e) {
    return () -> {
      throw e;
    };
  }
}
