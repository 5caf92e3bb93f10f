package io.hdfslocalcache.datanode.store;

import alluxio.client.file.cache.PageId;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Page files kept open between partial reads of them, so that a pread's slice of meta and its data
 * window, and a stream's meta windows, do not each cost an open (a walk of six directories) and a
 * close: for a pread from the page cache the open was the largest cost after the hand-off to the
 * I/O pool (docs/benchmarks.md, hit path). A hot block's meta is one page, read by every pread of
 * the block. Whole-page reads (a stream's data pages, read once each) do not come here.
 *
 * <p>At most {@link #FILES_PER_DIRECTORY} files per directory stay open, the least recently read
 * closed first. An open file keeps a deleted page's blocks on the disk while the space budget
 * counts them free, so each delete closes its pages' files ({@link #forgetFile}, {@link
 * #forgetPage}) after the store deleted them. A reader that opened a file just before a delete may
 * add it after that delete's forget; each forget therefore first counts a delete ({@link
 * #deletes}), and {@link LocalPageReads} compares the count from before its open with the count
 * after its add: changed, it drops the file itself; unchanged, any later forget finds and closes
 * it.
 *
 * <p>A cached channel can be closed under a reader (evicted here, forgotten by a delete, or by an
 * interrupt: a timed-out read's I/O thread is interrupted, and that closes a FileChannel); the
 * reader then drops it and opens the file afresh.
 *
 * <p>Lock: this object's monitor, held only to look up, add and remove; files are closed after it
 * is released, never under it.
 */
final class OpenPageFiles {
  /**
   * Open page files per directory: the meta pages of the blocks being read at random (one each) and
   * their recent data windows, at 256 descriptors per directory.
   */
  static final int FILES_PER_DIRECTORY = 256;

  private final int capacity;
  private final LinkedHashMap<PageId, FileChannel> open = new LinkedHashMap<>(64, 0.75f, true);

  /** Forgets so far: changed by every delete, under this object's monitor. */
  private volatile long deletes;

  OpenPageFiles(int capacity) {
    this.capacity = capacity;
  }

  /** How many forgets there have been: a reader compares it before its open and after its add. */
  long deletes() {
    return deletes;
  }

  /** The open file of {@code page}, or null. */
  synchronized FileChannel get(PageId page) {
    return open.get(page);
  }

  /**
   * Keeps {@code ch} open for {@code page} and returns it, or, if another reader added one first,
   * closes {@code ch} and returns that one.
   */
  FileChannel add(PageId page, FileChannel ch) {
    List<FileChannel> closing = new ArrayList<>(2);
    FileChannel kept;
    synchronized (this) {
      FileChannel there = open.get(page);
      if (there != null && there.isOpen()) {
        closing.add(ch);
        kept = there;
      } else {
        open.put(page, ch);
        kept = ch;
        Iterator<FileChannel> eldest = open.values().iterator();
        while (open.size() > capacity) {
          closing.add(eldest.next());
          eldest.remove();
        }
      }
    }
    closeAll(closing);
    return kept;
  }

  /** Forgets and closes {@code ch} if it is the file kept for {@code page}, else just closes it. */
  void drop(PageId page, FileChannel ch) {
    synchronized (this) {
      open.remove(page, ch);
    }
    closeQuietly(ch);
  }

  /** Closes the file of {@code page}, if open: its page was deleted. */
  void forgetPage(PageId page) {
    FileChannel ch;
    synchronized (this) {
      deletes++;
      ch = open.remove(page);
    }
    if (ch != null) {
      closeQuietly(ch);
    }
  }

  /** Closes the open files of every page of {@code fileId}: its pages were deleted. */
  void forgetFile(String fileId) {
    List<FileChannel> closing = new ArrayList<>();
    synchronized (this) {
      deletes++;
      for (Iterator<Map.Entry<PageId, FileChannel>> i = open.entrySet().iterator(); i.hasNext(); ) {
        Map.Entry<PageId, FileChannel> e = i.next();
        if (e.getKey().getFileId().equals(fileId)) {
          closing.add(e.getValue());
          i.remove();
        }
      }
    }
    closeAll(closing);
  }

  /** Closes every open file (pages deleted in bulk, or the store closing). */
  void forgetAll() {
    List<FileChannel> closing;
    synchronized (this) {
      deletes++;
      closing = new ArrayList<>(open.values());
      open.clear();
    }
    closeAll(closing);
  }

  synchronized int size() {
    return open.size();
  }

  private static void closeAll(List<FileChannel> channels) {
    for (FileChannel ch : channels) {
      closeQuietly(ch);
    }
  }

  private static void closeQuietly(FileChannel ch) {
    try {
      ch.close();
    } catch (IOException e) {
      // a read-only descriptor: nothing was left to write
    }
  }
}
