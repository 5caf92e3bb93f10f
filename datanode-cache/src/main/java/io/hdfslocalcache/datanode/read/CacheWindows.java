package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.store.CacheException;
import java.nio.ByteBuffer;

/**
 * The cache's source of verified windows of one cached file, for a {@link WindowSwitch}: every byte
 * it copies out was checked against the cached checksums first. It also says which bytes it does
 * not hold (uncached pages, served from the HDD instead) and which failure only means a page left
 * the cache under the reader. One stream's, one thread.
 */
interface CacheWindows {
  /** End (exclusive) of the uncached bytes starting at {@code pos}; {@code pos} if it is cached. */
  long uncachedUntil(long pos);

  /**
   * True if {@code e} only says the page holding {@code pos} was evicted under this reader: the
   * bytes then come from the HDD, and the copy is not blamed.
   */
  boolean evictedAt(CacheException e, long pos);

  /**
   * Copies verified bytes at {@code pos} (at least one, at most {@code len}); returns the count.
   */
  int read(long pos, byte[] b, int off, int len) throws CacheException;

  /**
   * Verified bytes at {@code pos} (at least one, at most {@code len}) as a buffer to send, valid
   * until the next call on this object. By default a copy; a source that can lends a view of its
   * window instead.
   */
  default ByteBuffer view(long pos, int len) throws CacheException {
    byte[] b = new byte[len];
    return ByteBuffer.wrap(b, 0, read(pos, b, 0, len));
  }

  /** The stream closed: read-aheads are cancelled and buffers no read can write into go back. */
  void close();
}
