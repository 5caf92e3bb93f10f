package io.hdfslocalcache.datanode.store;

import alluxio.client.file.cache.PageId;
import alluxio.client.file.cache.PageMetaStore;
import alluxio.client.file.cache.store.LocalPageStore;
import alluxio.exception.PageNotFoundException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.Lock;

/**
 * The common case of a page read from Alluxio's LOCAL store, without Alluxio's read call: the page
 * is looked up in Alluxio's page metadata (so Alluxio still decides which pages exist and how long
 * they are), then its file is read straight into the caller's array: a partial read with one
 * positional read through the page's file kept open ({@link OpenPageFiles}), a whole-page read (a
 * stream's data page, read once) through a {@code RandomAccessFile} opened for it. Not a
 * FileChannel for whole pages: that reads into a native buffer of its own and copies it into the
 * heap array with {@code Unsafe.copyMemory}, and a stream paid 25-40% more CPU per page that way
 * than through {@code RandomAccessFile}'s copy (glibc's memmove), by an amount that changed from
 * one JVM run to the next (docs/benchmarks.md, hit path).
 *
 * <p>Why: per call, {@code LocalCacheManager.get} takes a striped page lock and the metadata lock,
 * updates its metrics, and {@code LocalPageStore.get} opens a {@code RandomAccessFile}, asks its
 * length, skips to the offset and reads through a native buffer it allocates and frees per call:
 * four system calls and a malloc beyond the open, read and close a read needs (docs/benchmarks.md,
 * hit path). A pread paid that per store call, and it makes three.
 *
 * <p>Anything but the plain case (no such page, a range past the page's recorded size, a file
 * missing or shorter than recorded, any I/O error) returns {@link Outcome#ASK_ALLUXIO} before a
 * result is claimed, and the caller repeats the read through Alluxio, whose handling stays as it
 * was: a page it cannot read whole is deleted and the read fails, a page it does not hold is a
 * miss. Reading without Alluxio's page lock can meet a page being deleted (a failed read, as with
 * the lock) or written again after an eviction (the same block's same bytes, written from the
 * start: a read past what is written so far is short and goes to Alluxio, which waits for the write
 * under its lock).
 */
final class LocalPageReads {
  /** Whether the fast path served the read. */
  enum Outcome {
    READ,
    ASK_ALLUXIO
  }

  private final PageMetaStore pages;
  private final LocalPageStore files;
  private final OpenPageFiles open;

  LocalPageReads(PageMetaStore pages, LocalPageStore files, OpenPageFiles open) {
    this.pages = pages;
    this.files = files;
    this.open = open;
  }

  /** Reads exactly {@code len} bytes at {@code pageOffset} of the page into {@code dst}. */
  Outcome read(PageId page, int pageOffset, byte[] dst, int off, int len) {
    long size = recordedSize(page);
    if (size < 0) {
      open.forgetPage(page); // dropped by Alluxio itself
      return Outcome.ASK_ALLUXIO;
    }
    if (pageOffset + (long) len > size) {
      return Outcome.ASK_ALLUXIO; // a range Alluxio would refuse
    }
    if (len == size) {
      try (RandomAccessFile f =
          new RandomAccessFile(files.getPagePath(page, false).toFile(), "r")) {
        f.readFully(dst, off, len); // pageOffset is 0: the whole page
        return Outcome.READ;
      } catch (IOException | RuntimeException e) {
        return Outcome.ASK_ALLUXIO; // EOFException: shorter than recorded, Alluxio deletes it
      }
    }
    FileChannel kept = open.get(page);
    if (kept != null) {
      if (readQuietly(kept, pageOffset, dst, off, len)) {
        return Outcome.READ;
      }
      open.drop(page, kept); // closed under us (evicted, deleted, interrupted) or short
    }
    FileChannel ch;
    try {
      ch = openFile(page);
    } catch (IOException | RuntimeException e) {
      return Outcome.ASK_ALLUXIO;
    }
    if (!readQuietly(ch, pageOffset, dst, off, len)) {
      open.drop(page, ch);
      return Outcome.ASK_ALLUXIO;
    }
    ch = open.add(page, ch);
    if (recordedSize(page) < 0) {
      open.drop(page, ch); // deleted while we opened it: never keep a deleted page's file
    }
    return Outcome.READ;
  }

  private FileChannel openFile(PageId page) throws IOException {
    return FileChannel.open(files.getPagePath(page, false), StandardOpenOption.READ);
  }

  /** False if the read failed or the file ended first. */
  private static boolean readQuietly(FileChannel ch, int pageOffset, byte[] dst, int off, int len) {
    try {
      return readFully(ch, pageOffset, dst, off, len);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static boolean readFully(FileChannel ch, int pageOffset, byte[] dst, int off, int len)
      throws IOException {
    ByteBuffer into = ByteBuffer.wrap(dst, off, len);
    while (into.hasRemaining()) {
      if (ch.read(into, pageOffset + (into.position() - off)) < 0) {
        return false; // shorter than recorded: Alluxio deletes it
      }
    }
    return true;
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
