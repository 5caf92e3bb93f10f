package io.hdfslocalcache.datanode.space;

import com.codahale.metrics.Counter;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.PageLru;
import io.hdfslocalcache.datanode.dir.SpaceBudget;
import io.hdfslocalcache.datanode.fill.Room;
import io.hdfslocalcache.datanode.store.FileSystemSpace;
import io.hdfslocalcache.time.CacheClock;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Space and eviction for the cache directories, decided here and never by Alluxio's own LRU (see
 * {@link SpaceBudget}). In {@code block} fill mode whole blocks leave, least recently read first
 * (the directory's {@link io.hdfslocalcache.datanode.dir.BlockLru}); in {@code pages} mode single
 * data pages do, in the directory's page LRU order ({@link
 * io.hdfslocalcache.datanode.dir.PageLru}), and a block whose last data page leaves is dropped with
 * its meta.
 *
 * <p>Two triggers. A fill reserves its block's bytes ({@link #reserve}, on a fill thread, never a
 * reader's), evicting until they fit. The maintenance thread samples each directory's file system
 * ({@link #sampleFreeSpace}) and, while it is below its reserve, evicts a twentieth of the
 * directory per round so fills find room and reads never fail. An evicted block that a reader still
 * has open frees its bytes when the reader closes: those count as on their way out (no second block
 * is evicted for them) and the fill waits for them, up to {@code roomWaitMillis}.
 *
 * <p>Time and waits come from an injected clock, so these decisions are tested without a DataNode.
 * No locks: the budget is a CAS counter, the block map a concurrent map.
 */
public final class SpaceKeeper {
  private final BlockMap map;
  private final SpaceStats stats;
  private final int pageSize;
  private final int reservedPercent;
  private final long roomWaitMillis;
  private final long roomPollMillis;
  private final CacheClock clock;
  private final FillMode mode;

  public SpaceKeeper(
      BlockMap map,
      FillMode mode,
      SpaceStats stats,
      int pageSize,
      int reservedPercent,
      long roomWaitMillis,
      long roomPollMillis,
      CacheClock clock) {
    this.map = map;
    this.mode = mode;
    this.stats = stats;
    this.pageSize = pageSize;
    this.reservedPercent = reservedPercent;
    this.roomWaitMillis = roomWaitMillis;
    this.roomPollMillis = roomPollMillis;
    this.clock = clock;
  }

  /**
   * Reserves room for {@code bytes} in {@code dir}, evicting least recently read blocks or pages of
   * the directory until they fit. Anything but {@link Room#RESERVED} skips the fill: nothing more
   * can be evicted, or the bytes of evicted blocks still read do not come free in time.
   */
  public Room reserve(CacheDirectory dir, long bytes) throws InterruptedException {
    return reserve(dir, bytes, null);
  }

  /**
   * As {@link #reserve(CacheDirectory, long)}, for a page fill of {@code filling} (null: a new
   * entry): that entry stays even if eviction takes its last page, since the fill is about to add
   * pages to it. Dropping it would abandon the fill that made the room (the simulator's rule too:
   * PageLruCache keeps the block being filled; DecisionParityTest).
   */
  public Room reserve(CacheDirectory dir, long bytes, CachedReplica filling)
      throws InterruptedException {
    SpaceBudget budget = dir.budget();
    if (bytes > budget.capacity() / 2) {
      return Room.TOO_LARGE_FOR_DIRECTORY;
    }
    long deadline = clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(roomWaitMillis);
    while (!budget.tryReserve(bytes)) {
      long shortfall = budget.shortfall(bytes);
      if (shortfall > 0) {
        if (evictLeastRecentlyRead(dir, shortfall, stats.evictions, filling) == 0) {
          return Room.NOTHING_TO_EVICT;
        }
      } else if (clock.nanoTime() - deadline > 0) {
        return Room.DRAIN_TIMEOUT;
      } else {
        clock.sleepMillis(roomPollMillis);
      }
    }
    return Room.RESERVED;
  }

  /** Maintenance: one statfs, and one round of early eviction while below the reserve. */
  public void sampleFreeSpace(CacheDirectory dir) {
    if (!dir.health().inService()) {
      return;
    }
    boolean low;
    try {
      FileSystemSpace space = dir.store().fileSystemSpace();
      low = space.low(reservedPercent, 0);
    } catch (IOException | RuntimeException e) {
      low = true; // the maintenance probe decides whether the directory is gone
    }
    dir.budget().fileSystemLow(low);
    if (low) {
      relieveSpace(dir);
    }
  }

  /**
   * Evicts early on a full disk: the least recently read entries of the directory, about a
   * twentieth of its capacity at a time.
   */
  public void relieveSpace(CacheDirectory dir) {
    long target = Math.max(dir.budget().capacity() / 20, 4L * pageSize);
    evictLeastRecentlyRead(dir, target, stats.evictedNoSpace, null);
  }

  /** Frees at least {@code bytes} of {@code dir} if it can, in the fill mode's unit. */
  long evictLeastRecentlyRead(
      CacheDirectory dir, long bytes, Counter blocks, CachedReplica filling) {
    return mode == FillMode.PAGES
        ? evictPages(dir, bytes, blocks, filling)
        : evictBlocks(dir, bytes, blocks);
  }

  /**
   * Evicts the directory's least recently read data pages totalling at least {@code bytes}; a block
   * left without data pages is dropped (its meta is useless alone), unless it is {@code filling}.
   */
  private long evictPages(CacheDirectory dir, long bytes, Counter blocks, CachedReplica filling) {
    long freed = 0;
    while (freed < bytes) {
      List<PageLru.Key> oldest = dir.pageLru().pollOldest(1);
      if (oldest.isEmpty()) {
        break;
      }
      CachedReplica e = oldest.get(0).entry;
      if (e.retired()) {
        continue; // its pages go with it
      }
      long n = dir.evictPage(e, oldest.get(0).page);
      if (n > 0) {
        freed += n;
        stats.evictedPages.inc();
      }
      if (e.pages.count() == 0 && e != filling) {
        long meta = e.bytes();
        if (map.dropEntry(e)) {
          freed += meta;
          blocks.inc();
        }
      }
    }
    return freed;
  }

  /**
   * Drops the least recently read entries of {@code dir} (its {@link
   * io.hdfslocalcache.datanode.dir.BlockLru}, the model's block order) totalling at least {@code
   * bytes}. An entry already dropped by someone else is skipped: its pages are on their way out.
   */
  private long evictBlocks(CacheDirectory dir, long bytes, Counter counter) {
    long freed = 0;
    while (freed < bytes) {
      CachedReplica e = dir.blockLru().pollOldest();
      if (e == null) {
        break;
      }
      if (map.dropEntry(e)) {
        freed += e.bytes();
        counter.inc();
      }
    }
    return freed;
  }
}
