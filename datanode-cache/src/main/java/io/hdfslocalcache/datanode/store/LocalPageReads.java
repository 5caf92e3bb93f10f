package io.hdfslocalcache.datanode.store;

import alluxio.client.file.cache.PageId;
import alluxio.client.file.cache.store.LocalPageStore;
import io.hdfslocalcache.metrics.CacheFailure;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Page reads from Alluxio's LOCAL page files, straight into the caller's buffer: a partial read
 * with one positional read through the page's file kept open ({@link OpenPageFiles}), a whole-page
 * read (a stream's data page, read once) through a file opened for it. A direct buffer is read into
 * with {@code FileChannel.read}, which then copies nothing. Into a heap buffer a whole page goes
 * through {@code RandomAccessFile}: a FileChannel reads into a native buffer of its own and copies
 * it into the heap array with {@code Unsafe.copyMemory}, and a stream paid 25-40% more CPU per page
 * that way than through {@code RandomAccessFile}'s copy (glibc's memmove), by an amount that
 * changed from one JVM run to the next (docs/benchmarks.md, hit path).
 *
 * <p>No page index is asked: the caller reads only pages its entry holds, and a page file missing
 * (deleted by an eviction under the reader, or lost in a crash after the block index recorded it)
 * or shorter than the range asked (torn by a crash) is {@link CacheFailure#MISSING_PAGE}: a miss,
 * served from the HDD, that drops a copy it cannot trust. Only other I/O errors count against the
 * disk.
 */
final class LocalPageReads {
  private final LocalPageStore files;
  private final OpenPageFiles open;
  private final int pageSize;

  LocalPageReads(LocalPageStore files, OpenPageFiles open, int pageSize) {
    this.files = files;
    this.open = open;
    this.pageSize = pageSize;
  }

  /**
   * Reads exactly {@code dst.remaining()} bytes at {@code pageOffset} of the page into {@code dst}
   * from its position; leaves its position and limit alone.
   */
  void read(PageId page, int pageOffset, ByteBuffer dst) throws CacheException {
    int len = dst.remaining();
    if (pageOffset == 0 && len == pageSize) {
      Path path = files.getPagePath(page, false);
      if (dst.hasArray()) {
        readWhole(page, path, dst.array(), dst.arrayOffset() + dst.position(), len);
      } else {
        readWholeDirect(page, path, dst);
      }
      return;
    }
    KeptFile kept = open.enter(page);
    if (kept != null) {
      if (readKept(kept, pageOffset, dst)) {
        return;
      }
      open.drop(page, kept);
    }
    // The path only when the file is opened: building it (two strings, a six-level Path) cost a
    // pread more than looking up the kept file.
    Path path = files.getPagePath(page, false);
    long deletesBefore = open.deletes();
    FileChannel ch;
    try {
      ch = FileChannel.open(path, StandardOpenOption.READ);
    } catch (NoSuchFileException e) {
      throw missing(page, "no page file");
    } catch (IOException | RuntimeException e) {
      throw new CacheException(CacheFailure.IO_ERROR, "open " + path, e);
    }
    boolean whole;
    try {
      whole = readFully(ch, pageOffset, dst);
    } catch (IOException | RuntimeException e) {
      KeptFile.closeQuietly(ch); // not kept yet: no other read is inside it
      throw new CacheException(CacheFailure.IO_ERROR, "read " + path, e);
    }
    if (!whole) {
      KeptFile.closeQuietly(ch);
      throw missing(page, "page file shorter than " + (pageOffset + len) + " bytes (torn)");
    }
    kept = open.add(page, ch);
    if (open.deletes() != deletesBefore) {
      open.drop(page, kept); // a delete came meanwhile: never keep a deleted page's file
    }
  }

  /** False if the kept file is no good (closed under us by an interrupt, or shorter): reopen it. */
  private static boolean readKept(KeptFile kept, int pageOffset, ByteBuffer dst) {
    try {
      return readFully(kept.channel(), pageOffset, dst);
    } catch (IOException | RuntimeException e) {
      return false;
    } finally {
      kept.leave();
    }
  }

  private static void readWhole(PageId page, Path path, byte[] dst, int off, int len)
      throws CacheException {
    try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "r")) {
      f.readFully(dst, off, len);
    } catch (EOFException e) {
      throw missing(page, "page file shorter than " + len + " bytes (torn)");
    } catch (FileNotFoundException e) {
      if (!Files.exists(path)) {
        throw missing(page, "no page file");
      }
      throw new CacheException(CacheFailure.IO_ERROR, "open " + path, e);
    } catch (IOException | RuntimeException e) {
      throw new CacheException(CacheFailure.IO_ERROR, "read " + path, e);
    }
  }

  private static void readWholeDirect(PageId page, Path path, ByteBuffer dst)
      throws CacheException {
    boolean whole;
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
      whole = readFully(ch, 0, dst);
    } catch (NoSuchFileException e) {
      throw missing(page, "no page file");
    } catch (IOException | RuntimeException e) {
      throw new CacheException(CacheFailure.IO_ERROR, "read " + path, e);
    }
    if (!whole) {
      throw missing(page, "page file shorter than " + dst.remaining() + " bytes (torn)");
    }
  }

  private static CacheException missing(PageId page, String why) {
    return new CacheException(
        CacheFailure.MISSING_PAGE, page.getFileId() + " page " + page.getPageIndex() + ": " + why);
  }

  /** False if the file ended first. */
  private static boolean readFully(FileChannel ch, int pageOffset, ByteBuffer dst)
      throws IOException {
    ByteBuffer into = dst.duplicate();
    int off = into.position();
    while (into.hasRemaining()) {
      if (ch.read(into, pageOffset + (into.position() - off)) < 0) {
        return false;
      }
    }
    return true;
  }
}
