package io.hdfslocalcache.datanode.store;

import alluxio.client.file.cache.PageId;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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
 * <p>A file evicted or forgotten is only retired ({@link KeptFile}): it closes once no read is
 * inside it, since a close waits for a read stuck in it on a hung disk. Nothing here interrupts a
 * read (an interrupt closes a FileChannel); if the reader's own thread is interrupted its file
 * closes under the other readers, who then drop it and open the file afresh.
 *
 * <p>Why {@link #enter} takes no lock: every pread looks up two files here, and with hundreds of
 * readers on a few cores a reader preempted while holding a lock around an access-ordered map made
 * the others queue behind it (a profile at 32 readers on 2 cores showed 15 s of waits of 10 ms or
 * more at that lock in about 10 s of reading). So the files are in a concurrent map, and a read
 * only stamps its file with the count of adds so far ({@link #adds}), writing it only if an add
 * came since the file's last stamp, so a hot meta page's stamp is not written by every reader (its
 * count of reads inside is: two atomic adds per read, the price of never closing a file a read is
 * stuck in). Files are closed only on an add, so that order, exact between adds, is the whole
 * least-recently-read order needed; the stamps are sorted when files must be closed, a batch at a
 * time.
 *
 * <p>Lock: this object's monitor, held to add and remove (never by {@link #enter}); files are
 * retired after it is released, never under it.
 */
final class OpenPageFiles {
  /**
   * Open page files per directory: the meta pages of the blocks being read at random (one each) and
   * their recent data windows. 1024 descriptors per directory keep a GiB of 1 MiB pages open: with
   * 256, 64 KB preads over a 1 GiB hot set opened and closed a page file three times in four, which
   * cost the DataNode thread 3% of its CPU (docs/benchmarks.md, hits at concurrency).
   */
  static final int FILES_PER_DIRECTORY = 1024;

  private final int capacity;

  /** Files closed at once when the capacity is passed: a scan of the stamps per that many adds. */
  private final int closeBatch;

  private final ConcurrentHashMap<PageId, KeptFile> open = new ConcurrentHashMap<>();

  /** Forgets so far: changed by every delete, under this object's monitor. */
  private volatile long deletes;

  /** Files added so far: the clock of the stamps; changed under this object's monitor. */
  private volatile long adds;

  OpenPageFiles(int capacity) {
    this.capacity = capacity;
    this.closeBatch = Math.max(1, capacity / 16);
  }

  /** How many forgets there have been: a reader compares it before its open and after its add. */
  long deletes() {
    return deletes;
  }

  /**
   * The kept file of {@code page}, entered for one read ({@link KeptFile#leave} it after), or null
   * if none is kept (or it is being retired).
   */
  KeptFile enter(PageId page) {
    KeptFile k = open.get(page);
    if (k == null || !k.enter()) {
      return null;
    }
    long now = adds;
    if (k.lastRead != now) {
      k.lastRead = now;
    }
    return k;
  }

  /** The open file of {@code page}, or null (for tests). */
  FileChannel get(PageId page) {
    KeptFile k = open.get(page);
    return k == null ? null : k.channel();
  }

  /**
   * Keeps {@code ch}, which no other thread reads, open for {@code page} and returns it kept, or,
   * if another reader added one first, closes {@code ch} and returns that one.
   */
  KeptFile add(PageId page, FileChannel ch) {
    List<KeptFile> retiring = new ArrayList<>(2);
    KeptFile kept;
    synchronized (this) {
      KeptFile there = open.get(page);
      if (there != null && there.usable()) {
        kept = there;
      } else {
        kept = new KeptFile(ch, adds);
        open.put(page, kept);
        adds++;
        if (open.size() > capacity) {
          closeLeastRecentlyRead(open.size() - capacity + closeBatch - 1, page, retiring);
        }
      }
    }
    if (kept.channel() != ch) {
      KeptFile.closeQuietly(ch);
    }
    retireAll(retiring);
    return kept;
  }

  /** A kept file with its stamp read once: readers restamp files while they are sorted. */
  private static final class Stamped {
    final PageId page;
    final KeptFile kept;
    final long stamp;

    Stamped(PageId page, KeptFile kept) {
      this.page = page;
      this.kept = kept;
      this.stamp = kept.lastRead;
    }
  }

  /** Removes the {@code n} files read least recently, never {@code adding}'s; under the monitor. */
  private void closeLeastRecentlyRead(int n, PageId adding, List<KeptFile> retiring) {
    List<Stamped> all = new ArrayList<>(open.size());
    for (Map.Entry<PageId, KeptFile> e : open.entrySet()) {
      if (!e.getKey().equals(adding)) {
        all.add(new Stamped(e.getKey(), e.getValue()));
      }
    }
    all.sort(Comparator.comparingLong(s -> s.stamp));
    for (int i = 0; i < n && i < all.size(); i++) {
      Stamped s = all.get(i);
      if (open.remove(s.page, s.kept)) {
        retiring.add(s.kept);
      }
    }
  }

  /** Forgets {@code kept} if it is the file kept for {@code page}, and retires it. */
  void drop(PageId page, KeptFile kept) {
    synchronized (this) {
      open.remove(page, kept);
    }
    kept.retire();
  }

  /** Retires the file of {@code page}, if kept: its page was deleted. */
  void forgetPage(PageId page) {
    KeptFile k;
    synchronized (this) {
      deletes++;
      k = open.remove(page);
    }
    if (k != null) {
      k.retire();
    }
  }

  /** Retires the kept files of every page of {@code fileId}: its pages were deleted. */
  void forgetFile(String fileId) {
    List<KeptFile> retiring = new ArrayList<>();
    synchronized (this) {
      deletes++;
      for (Iterator<Map.Entry<PageId, KeptFile>> i = open.entrySet().iterator(); i.hasNext(); ) {
        Map.Entry<PageId, KeptFile> e = i.next();
        if (e.getKey().getFileId().equals(fileId)) {
          retiring.add(e.getValue());
          i.remove();
        }
      }
    }
    retireAll(retiring);
  }

  /** Retires every kept file (pages deleted in bulk, or the store closing). */
  void forgetAll() {
    List<KeptFile> retiring;
    synchronized (this) {
      deletes++;
      retiring = new ArrayList<>(open.values());
      open.clear();
    }
    retireAll(retiring);
  }

  int size() {
    return open.size();
  }

  private static void retireAll(List<KeptFile> files) {
    for (KeptFile k : files) {
      k.retire();
    }
  }
}
