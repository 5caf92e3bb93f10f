package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.CacheFailure;
import java.io.IOException;

/**
 * Alluxio turns ENOSPC into a refused put (after evicting pages itself). The cache's budget keeps
 * Alluxio within its capacity, so a refusal with the file system low (by the one {@link
 * FileSystemSpace} rule) is the disk filling before the configured capacity: NO_SPACE, which makes
 * the cache evict whole blocks early. Outside the fault hooks, so tests that shrink the free space
 * see the classification production makes.
 */
final class NoSpaceClassifyingPageStore extends ForwardingPageStore {
  private final int reservedPercent;

  NoSpaceClassifyingPageStore(PageStore inner, int reservedPercent) {
    super(inner);
    this.reservedPercent = reservedPercent;
  }

  /** Reads are none of this wrapper's business: they go straight to the store below. */
  @Override
  public PageStore pageReads() {
    return inner.pageReads();
  }

  @Override
  public void write(String fileId, long pageIndex, byte[] src, int off, int len)
      throws CacheException {
    try {
      inner.write(fileId, pageIndex, src, off, len);
    } catch (CacheException e) {
      if (e.failure() == CacheFailure.UNAVAILABLE && spaceLow(len)) {
        throw new CacheException(
            CacheFailure.NO_SPACE,
            "put "
                + fileId
                + " page "
                + pageIndex
                + " refused with the file system below its reserve",
            e);
      }
      throw e;
    }
  }

  private boolean spaceLow(int len) {
    try {
      return inner.fileSystemSpace().low(reservedPercent, len);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
