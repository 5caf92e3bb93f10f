package io.hdfslocalcache.datanode.block;

import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A block published in the cache: both files completely written, with what is needed to verify them
 * on every read.
 *
 * <p>Lifecycle: readers {@link #pin()} it for the life of a stream. {@link #retire()} (eviction or
 * invalidation) stops new pins; the pages are deleted exactly once, by whoever leaves the entry
 * retired with no pins, so an open stream never loses its pages to an invalidation. (Alluxio's own
 * LRU evicts nothing while the directory's {@link SpaceBudget} holds; a page lost anyway makes the
 * stream fall back to the HDD.) The entry carries its block's space reservation and releases it
 * when its pages are deleted. State is one int, {@code pins << 1 | retired}, changed only by CAS.
 */
public final class CacheEntry implements Slot {
  public final BlockId id;
  public final long genStamp;

  /** The fill that wrote the pages ({@link FillTicket#fillId}; 0 for entries from before). */
  public final long fillId;

  public final long dataLength;
  public final long metaLength;
  public final ChecksumLayout checksum;

  /** CRC32C of each {@link MetaSegments#SEGMENT_BYTES} slice of the meta file, taken at fill. */
  public final int[] metaSegmentCrcs;

  private final EntryHome home;
  public final long filledAtMillis;
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

  /** Last time a read was served from this entry; orders early eviction on a full disk. */
  public volatile long lastAccessMillis;

  /** Last access time written to the block index (maintenance thread only). */
  public long persistedAccessMillis;

  public CacheEntry(
      BlockId id,
      long genStamp,
      long dataLength,
      long metaLength,
      ChecksumLayout checksum,
      int[] metaSegmentCrcs,
      EntryHome home,
      long filledAtMillis) {
    this(id, genStamp, 0, dataLength, metaLength, checksum, metaSegmentCrcs, home, filledAtMillis);
  }

  public CacheEntry(
      BlockId id,
      long genStamp,
      long fillId,
      long dataLength,
      long metaLength,
      ChecksumLayout checksum,
      int[] metaSegmentCrcs,
      EntryHome home,
      long filledAtMillis) {
    this.id = id;
    this.genStamp = genStamp;
    this.fillId = fillId;
    this.dataLength = dataLength;
    this.metaLength = metaLength;
    this.checksum = checksum;
    this.metaSegmentCrcs = metaSegmentCrcs;
    this.home = home;
    this.filledAtMillis = filledAtMillis;
    this.lastAccessMillis = filledAtMillis;
    this.persistedAccessMillis = filledAtMillis;
  }

  public String fileId(BlockId.CacheFile f) {
    return id.fileId(genStamp, fillId, f);
  }

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
          home.draining(bytes());
          if (!budgetState.compareAndSet(RESERVED, DRAINING)) {
            home.draining(-bytes()); // the last reader closed meanwhile: already released
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

  public long bytes() {
    return dataLength + metaLength;
  }

  private void deletePages() {
    if (keepPages) {
      return;
    }
    int was = budgetState.getAndSet(RELEASED);
    long b = was == RELEASED ? 0 : bytes();
    if (was == RESERVED) {
      home.draining(b); // on its way out until the deletes are done
    }
    home.deletePages(this, b);
  }
}
