package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.ReadRoute;
import java.nio.ByteBuffer;

/**
 * Pages of cache files on one SSD directory. Implementations: {@link AlluxioPageStore}, wrapped by
 * cross-cutting decorators (time bound, error accounting) rather than checks in the read path.
 */
public interface PageStore extends AutoCloseable {

  /**
   * Reads exactly {@code dst.remaining()} bytes at {@code pageOffset} of a page into {@code dst}
   * from its position, which may be a direct buffer (the hit path reads pages straight into the
   * off-heap windows it sends from). {@code dst}'s position and limit are left as they were: a read
   * that finishes late on an I/O thread never moves them under the caller. The caller clamps the
   * range to the page's real length (Alluxio deletes a page that is read past its end).
   *
   * @throws CacheException with the cause; the caller then falls back to the HDD
   */
  void read(String fileId, long pageIndex, int pageOffset, ByteBuffer dst) throws CacheException;

  /**
   * Starts {@link #read} followed by {@code then} on the same thread, and returns at once (a
   * sequential reader's read-ahead: the next page is read and verified on an I/O thread while the
   * caller serves this one). A failure of either ends the {@link PendingIo}. The default does both
   * now, through this store's own {@link #read}, so a decorator that only overrides read still sees
   * every read.
   */
  default PendingIo readAsync(
      String fileId, long pageIndex, int pageOffset, ByteBuffer dst, AfterRead then) {
    try {
      read(fileId, pageIndex, pageOffset, dst);
      then.check();
      return PendingIo.DONE;
    } catch (CacheException e) {
      return PendingIo.failed(e);
    }
  }

  /** Work on a page just read, on the thread that read it (checksum verification). */
  @FunctionalInterface
  interface AfterRead {
    void check() throws CacheException;
  }

  /**
   * Where synchronous reads run now: a reader that could read ahead on other threads does so only
   * to hide a hand-off, so not when there is none.
   */
  default ReadRoute readRoute() {
    return ReadRoute.CALLER;
  }

  /**
   * The store that serves this one's page reads: itself, unless it only passes them on (a wrapper
   * of writes alone), so the store above calls the one below directly and a read takes no hop that
   * adds nothing to it.
   */
  default PageStore pageReads() {
    return this;
  }

  /** Stores one whole page (the last page of a file may be short). */
  void write(String fileId, long pageIndex, byte[] src, int off, int len) throws CacheException;

  /**
   * Pages of the file present in the store with their full size (a complete file has ceil(length /
   * page) pages); a torn or short page counts as missing.
   */
  default int pageCount(String fileId, long fileLength) {
    return wholePages(fileId, fileLength).cardinality();
  }

  /**
   * The file's pages on disk, whole or torn, by a look at the disk: one listing and one size per
   * page, so only for what the block index does not record (records from before it recorded pages).
   */
  PagesOnDisk pagesOnDisk(String fileId, long fileLength);

  /**
   * Counts {@code bytes} of pages the block index records as used: a restart learns what is on disk
   * from the index, not by walking the pages.
   */
  default void restored(long bytes) {}

  /** The indexes of the file's pages present with their full size ({@link PagesOnDisk#whole}). */
  default java.util.BitSet wholePages(String fileId, long fileLength) {
    return pagesOnDisk(fileId, fileLength).whole;
  }

  /** Deletes every page whose file id {@code keep} rejects: orphans left by a crash. */
  void retainFiles(java.util.function.Predicate<String> keep);

  /** Deletes every page of a file; best effort, never throws. May complete later. */
  void deleteFile(String fileId);

  /**
   * Deletes one page (page eviction); best effort, never throws. May complete later, in order with
   * {@link #deleteFile} and {@link #afterDeletes}.
   */
  void deletePage(String fileId, long pageIndex);

  /**
   * Runs {@code then} once every delete requested before it has been done (the space budget is
   * released only when the pages are really gone). Stores that delete synchronously run it now.
   */
  default void afterDeletes(Runnable then) {
    then.run();
  }

  /** Free and total bytes of the file system under the store (statfs: may block on a hung disk). */
  FileSystemSpace fileSystemSpace() throws java.io.IOException;

  long usedBytes();

  long capacityBytes();

  @Override
  void close();
}
