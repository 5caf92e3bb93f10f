package io.hdfslocalcache.datanode;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A block published in the cache: both files completely written, with what is needed to verify
 * them on every read.
 *
 * <p>Lifecycle: readers {@link #pin()} it for the life of a stream. {@link #retire()} (eviction or
 * invalidation) stops new pins; the pages are deleted exactly once, by whoever leaves the entry
 * retired with no pins, so an open stream never loses its pages to an invalidation. (Alluxio's own
 * LRU evicts nothing while the directory's {@link SpaceBudget} holds; a page lost anyway makes
 * the stream fall back to the HDD.) The entry carries its block's space reservation and releases it
 * when its pages are deleted. State is one int,
 * {@code pins << 1 | retired}, changed only by CAS.
 */
final class CacheEntry implements Slot {
  final BlockId id;
  final long genStamp;
  final long dataLength;
  final long metaLength;
  final ChecksumLayout checksum;
  /** CRC32C of each {@link MetaSegments#SEGMENT_BYTES} slice of the meta file, taken at fill. */
  final int[] metaSegmentCrcs;
  private final CacheDirectory dir;
  final long filledAtMillis;
  private final AtomicInteger state = new AtomicInteger();
  private volatile boolean keepPages;
  /** Retired while pinned: its budget bytes are counted as draining until the pages go. */
  private volatile boolean draining;
  /** Last time a read was served from this entry; orders early eviction on a full disk. */
  volatile long lastAccessMillis;
  /** Last access time written to the block index (maintenance thread only). */
  long persistedAccessMillis;

  CacheEntry(BlockId id, long genStamp, long dataLength, long metaLength, ChecksumLayout checksum,
      int[] metaSegmentCrcs, CacheDirectory dir, long filledAtMillis) {
    this.id = id;
    this.genStamp = genStamp;
    this.dataLength = dataLength;
    this.metaLength = metaLength;
    this.checksum = checksum;
    this.metaSegmentCrcs = metaSegmentCrcs;
    this.dir = dir;
    this.filledAtMillis = filledAtMillis;
    this.lastAccessMillis = filledAtMillis;
    this.persistedAccessMillis = filledAtMillis;
  }

  String fileId(BlockId.CacheFile f) {
    return id.fileId(genStamp, f);
  }

  /** False once retired: the caller reads from the HDD instead. */
  boolean pin() {
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

  void unpin() {
    if (state.addAndGet(-2) == 1) {
      deletePages();
    }
  }

  /** Stops new readers; pages go when the last current reader closes. Idempotent. */
  void retire() {
    while (true) {
      int s = state.get();
      if ((s & 1) != 0) {
        return;
      }
      if (state.compareAndSet(s, s | 1)) {
        if (s == 0) {
          deletePages();
        } else if (!keepPages) {
          draining = true;
          dir.budget().draining(bytes());
        }
        return;
      }
    }
  }

  /**
   * Stops new readers but keeps pages and index record: the block pool is only being unloaded
   * (DataNode shutdown calls shutdownBlockPool) and its entries come back, validated, with it.
   */
  void detach() {
    keepPages = true;
    retire();
  }

  /** True once detached: pages and index record stay for the block pool's return. */
  boolean keepsPages() {
    return keepPages;
  }

  boolean retired() {
    return (state.get() & 1) != 0;
  }

  CacheDirectory dir() {
    return dir;
  }

  long bytes() {
    return dataLength + metaLength;
  }

  private void deletePages() {
    if (keepPages) {
      return;
    }
    if (dir.blockIndex() != null) {
      dir.blockIndex().delete(id, genStamp);
    }
    dir.store().deleteFile(fileId(BlockId.CacheFile.DATA));
    dir.store().deleteFile(fileId(BlockId.CacheFile.META));
    if (draining) {
      dir.budget().releaseDrained(bytes());
    } else {
      dir.budget().release(bytes());
    }
  }
}
