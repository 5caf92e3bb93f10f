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
   * since interrupting a read could fail it as a disk error). The caller still drops the buffer.
   */
  default void cancel() {}

  static PendingIo failed(CacheException e) {
    return () -> {
      throw e;
    };
  }
}
