package io.hdfslocalcache.datanode.store;

import alluxio.client.file.cache.PageId;
import alluxio.client.file.cache.PageMetaStore;
import alluxio.client.file.cache.store.LocalPageStore;
import alluxio.exception.PageNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.Lock;

/**
 * The common case of a page read from Alluxio's LOCAL store, without Alluxio's read call: the page
 * is looked up in Alluxio's page metadata (so Alluxio still decides which pages exist and how long
 * they are), then its file is opened and read with one positional read into the caller's array.
 *
 * <p>Why: per call, {@code LocalCacheManager.get} takes a striped page lock and the metadata lock,
 * updates its metrics, and {@code LocalPageStore.get} opens a {@code RandomAccessFile}, asks its
 * length, skips to the offset and reads through a native buffer it allocates and frees per call:
 * four system calls and a malloc beyond the open, read and close a read needs (docs/benchmarks.md,
 * hit path). A pread pays that per store call, and it makes three.
 *
 * <p>Anything but the plain case (no such page, a range past the page's recorded size, a file
 * missing or shorter than recorded, any I/O error) returns {@link Outcome#ASK_ALLUXIO} before a
 * result is claimed, and the caller repeats the read through Alluxio, whose handling stays as it
 * was: a page it cannot read whole is deleted and the read fails, a page it does not hold is a
 * miss. Page files are written once per fill and never rewritten in place, so reading without
 * Alluxio's page lock can at worst meet a file being deleted: a failed read, as with the lock.
 */
final class LocalPageReads {
  /** Whether the fast path served the read. */
  enum Outcome {
    READ,
    ASK_ALLUXIO
  }

  private final PageMetaStore pages;
  private final LocalPageStore files;

  LocalPageReads(PageMetaStore pages, LocalPageStore files) {
    this.pages = pages;
    this.files = files;
  }

  /** Reads exactly {@code len} bytes at {@code pageOffset} of the page into {@code dst}. */
  Outcome read(PageId page, int pageOffset, byte[] dst, int off, int len) {
    if (pageOffset + (long) len > recordedSize(page)) {
      return Outcome.ASK_ALLUXIO; // no such page, or a range Alluxio would refuse
    }
    try (FileChannel ch =
        FileChannel.open(files.getPagePath(page, false), StandardOpenOption.READ)) {
      ByteBuffer into = ByteBuffer.wrap(dst, off, len);
      while (into.hasRemaining()) {
        if (ch.read(into, pageOffset + (into.position() - off)) < 0) {
          return Outcome.ASK_ALLUXIO; // shorter than recorded: Alluxio deletes it
        }
      }
      return Outcome.READ;
    } catch (IOException | RuntimeException e) {
      return Outcome.ASK_ALLUXIO;
    }
  }

  /** The page's size in Alluxio's metadata, or -1 if it holds no such page. */
  private long recordedSize(PageId page) {
    Lock lock = pages.getLock().readLock();
    lock.lock();
    try {
      return pages.getPageInfo(page).getPageSize();
    } catch (PageNotFoundException e) {
      return -1;
    } finally {
      lock.unlock();
    }
  }
}
