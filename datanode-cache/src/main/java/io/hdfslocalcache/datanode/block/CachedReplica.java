package io.hdfslocalcache.datanode.block;

import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A block version published in the cache: its meta file completely written, its data pages as
 * {@link #pages} says (all of them for a whole-block fill, the ones clients read in {@code pages}
 * fill mode), with what is needed to verify them on every read.
 *
 * <p>Lifecycle: readers {@link #pin()} it for the life of a stream. {@link #retire()} (eviction or
 * invalidation) stops new pins; the pages are deleted exactly once, by whoever leaves the entry
 * retired with no pins, so an open stream never loses its pages to an invalidation. (Alluxio's own
 * LRU evicts nothing while the directory's {@link SpaceBudget} holds; a page lost anyway makes the
 * stream fall back to the HDD.) The entry carries its block's space reservation and releases it
 * when its pages are deleted. State is one int, {@code pins << 1 | retired}, changed only by CAS.
 *
 * <p>Single data pages come and go while the entry lives (page fills add them, page eviction takes
 * them, see {@link PageSet}); {@link #bytes()} follows them, so the space the entry holds in its
 * directory's budget is always its meta plus its present pages. A fill holds a pin while it adds
 * pages, so the entry's pages cannot be deleted under it.
 */
public final class CachedReplica implements Slot {
  public final BlockId id;
  public final long genStamp;

  /** The fill that wrote the pages ({@link FillTicket#fillId}; 0 for entries from before). */
  public final long fillId;

  public final long dataLength;
  public final long metaLength;
  public final ChecksumLayout checksum;

  /** CRC32C of each {@link MetaSegments#SEGMENT_BYTES} slice of the meta file, taken at fill. */
  public final int[] metaSegmentCrcs;

  /** Data bytes per page: page {@code p} holds data {@code [p * pageSize, (p + 1) * pageSize)}. */
  public final int pageSize;

  /** The data pages on the SSD. */
  public final PageSet pages;

  /** Meta plus present data pages: what the entry holds of its directory's budget. */
  private final java.util.concurrent.atomic.AtomicLong cachedBytes =
      new java.util.concurrent.atomic.AtomicLong();

  /** Bytes counted as draining when retired with readers; the rest is counted at deletion. */
  private volatile long drainingCounted;

  private final EntryHome home;
  public final long filledAtMillis;

  /**
   * Admitted at the admission tuner's margin: its hits and fills feed the margin's payback. Dropped
   * at a restart (restored entries are not marginal: the payback judges the fills the tuner admits
   * now, and a restored entry's fill is paid for).
   */
  public final boolean admittedAtMargin;

  private final AtomicInteger state = new AtomicInteger();
  private volatile boolean keepPages;

  /**
   * This entry's share of the budget: RESERVED, DRAINING (retired while readers still had it open)
   * or RELEASED. Changed by CAS: a retire racing the last unpin must not leave bytes counted as
   * draining after they were released.
   */
  private final AtomicInteger budgetState = new AtomicInteger(RESERVED);

  private static final int RESERVED = 0;
  private static final int DRAINING = 1;
  private static final int RELEASED = 2;

  /** Reads of this entry that needed data pages it did not hold (see Admission#partialRead). */
  public final AtomicInteger partialReads = new AtomicInteger();

  /** Last time a read was served from this entry; orders early eviction on a full disk. */
  public volatile long lastAccessMillis;

  /** {@link #orderSlot} of an entry in no directory's block order. */
  public static final int NO_SLOT = -1;

  /**
   * Its slot in its directory's block eviction order ({@code dir.BlockLru}), or {@link #NO_SLOT};
   * written only under that order's lock (volatile: a read checks it first without the lock). A
   * field, not a map entry: no object per entry.
   */
  public volatile int orderSlot = NO_SLOT;

  /** Last access time written to the block index (maintenance thread only). */
  public long persistedAccessMillis;

  /** Pages deleted since the block index last recorded them (maintenance records them). */
  private volatile boolean pagesDeleted;

  public CachedReplica(
      BlockId id,
      long genStamp,
      long fillId,
      long dataLength,
      long metaLength,
      ChecksumLayout checksum,
      int[] metaSegmentCrcs,
      int pageSize,
      boolean full,
      EntryHome home,
      long filledAtMillis,
      boolean admittedAtMargin) {
    if (pageSize <= 0) {
      throw new IllegalArgumentException("page size " + pageSize);
    }
    this.pageSize = pageSize;
    this.pages = new PageSet((int) ((dataLength + pageSize - 1) / pageSize), full);
    this.cachedBytes.set(metaLength + (full ? dataLength : 0));
    this.id = id;
    this.genStamp = genStamp;
    this.fillId = fillId;
    this.dataLength = dataLength;
    this.metaLength = metaLength;
    this.checksum = checksum;
    this.metaSegmentCrcs = metaSegmentCrcs;
    this.home = home;
    this.filledAtMillis = filledAtMillis;
    this.admittedAtMargin = admittedAtMargin;
    this.lastAccessMillis = filledAtMillis;
    this.persistedAccessMillis = filledAtMillis;
  }

  /**
   * The page store's file id of the entry's meta or data file. Built once, on the first read that
   * asks (every stream of a hot block needs both; an entry nobody reads never holds them).
   */
  public String fileId(BlockId.CacheFile f) {
    boolean data = f == BlockId.CacheFile.DATA;
    String known = data ? dataFileId : metaFileId;
    if (known != null) {
      return known;
    }
    String built = id.fileId(genStamp, fillId, f);
    if (data) {
      dataFileId = built;
    } else {
      metaFileId = built;
    }
    return built;
  }

  /** {@link #fileId}'s strings once built (a race builds equal ones twice, harmlessly). */
  private volatile String dataFileId;

  private volatile String metaFileId;

  /** False once retired: the caller reads from the HDD instead. */
  public boolean pin() {
    while (true) {
      int s = state.get();
      if ((s & 1) != 0) {
        return false;
      }
      if (state.compareAndSet(s, s + 2)) {
        return true;
      }
    }
  }

  public void unpin() {
    if (state.addAndGet(-2) == 1) {
      deletePages();
    }
  }

  /** Stops new readers; pages go when the last current reader closes. Idempotent. */
  public void retire() {
    while (true) {
      int s = state.get();
      if ((s & 1) != 0) {
        return;
      }
      if (state.compareAndSet(s, s | 1)) {
        if (s == 0) {
          deletePages();
        } else if (!keepPages) {
          long b = bytes();
          drainingCounted = b;
          home.draining(b);
          if (!budgetState.compareAndSet(RESERVED, DRAINING)) {
            home.draining(-b); // the last reader closed meanwhile: already released
          }
        }
        return;
      }
    }
  }

  /**
   * Stops new readers but keeps pages and index record: the block pool is only being unloaded
   * (DataNode shutdown calls shutdownBlockPool) and its entries come back, validated, with it.
   */
  public void detach() {
    keepPages = true;
    retire();
  }

  /** True once detached: pages and index record stay for the block pool's return. */
  public boolean keepsPages() {
    return keepPages;
  }

  public boolean retired() {
    return (state.get() & 1) != 0;
  }

  /** Where the pages live; identity tells which directory holds the entry. */
  public EntryHome home() {
    return home;
  }

  /** Meta plus the data pages present now: the budget this entry holds. */
  public long bytes() {
    return cachedBytes.get();
  }

  /** Data bytes of page {@code p} (the last page may be short). */
  public int pageBytes(int p) {
    return (int) Math.min(pageSize, dataLength - (long) p * pageSize);
  }

  /** A fill wrote page {@code p} (claimed by {@link PageSet#tryClaim}); readers may use it now. */
  public void publishPage(int p) {
    cachedBytes.addAndGet(pageBytes(p));
    pages.publish(p);
  }

  /**
   * Takes page {@code p} from readers for eviction; true if it was present. The caller deletes its
   * file, releases its bytes and then {@link PageSet#release}s it.
   */
  public boolean evictPage(int p) {
    if (pages.tryEvict(p)) {
      cachedBytes.addAndGet(-pageBytes(p));
      return true;
    }
    return false;
  }

  /** A page's delete is done: the entry's record may now drop it. */
  public void pageDeleted() {
    pagesDeleted = true;
  }

  /** True once per batch of page deletes since the last call: time to record the pages. */
  public boolean takePagesDeleted() {
    if (!pagesDeleted) {
      return false;
    }
    pagesDeleted = false;
    return true;
  }

  /** A page found whole on disk at restart. */
  public void restorePage(int p) {
    if (!pages.has(p)) {
      pages.restorePresent(p);
      cachedBytes.addAndGet(pageBytes(p));
    }
  }

  /**
   * Takes every present page from page eviction and returns the bytes still held: the meta and
   * those pages. An eviction that took a page first releases that page itself; one that comes later
   * (it chose the page before the entry retired) finds nothing, so no page is released twice.
   */
  private long takePages() {
    long b = metaLength;
    for (int p = 0; p < pages.pages(); p++) {
      if (pages.tryEvict(p)) {
        b += pageBytes(p);
      }
    }
    return b;
  }

  private void deletePages() {
    if (keepPages) {
      return;
    }
    int was = budgetState.getAndSet(RELEASED);
    long b = was == RELEASED ? 0 : takePages();
    if (was == RESERVED) {
      home.draining(b); // on its way out until the deletes are done
    } else if (was == DRAINING) {
      home.draining(b - drainingCounted); // pages a pinned fill added after the retire
    }
    home.deletePages(this, b);
  }
}
