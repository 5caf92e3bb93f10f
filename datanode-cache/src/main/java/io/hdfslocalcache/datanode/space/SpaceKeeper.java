package io.hdfslocalcache.datanode.space;

import com.codahale.metrics.Counter;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CacheEntry;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.SpaceBudget;
import io.hdfslocalcache.datanode.store.FileSystemSpace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Space and eviction for the cache directories: whole blocks leave least recently read first,
 * decided here and never by Alluxio's page LRU (see {@link SpaceBudget}).
 *
 * <p>Two triggers. A fill reserves its block's bytes ({@link #reserve}, on a fill thread, never a
 * reader's), evicting until they fit. The maintenance thread samples each directory's file system
 * ({@link #sampleFreeSpace}) and, while it is below its reserve, evicts a twentieth of the
 * directory per round so fills find room and reads never fail. An evicted block that a reader still
 * has open frees its bytes when the reader closes: those count as on their way out (no second block
 * is evicted for them) and the fill waits for them, up to {@code roomWaitMillis}.
 *
 * <p>Time comes from an injected clock and sleeper, so these decisions are tested without a
 * DataNode. No locks: the budget is a CAS counter, the block map a concurrent map.
 */
public final class SpaceKeeper {
  private final BlockMap map;
  private final SpaceStats stats;
  private final int pageSize;
  private final int reservedPercent;
  private final long roomWaitMillis;
  private final long roomPollMillis;
  private final LongSupplier nanoTime;
  private final Sleeper sleeper;

  public SpaceKeeper(
      BlockMap map,
      SpaceStats stats,
      int pageSize,
      int reservedPercent,
      long roomWaitMillis,
      long roomPollMillis,
      LongSupplier nanoTime,
      Sleeper sleeper) {
    this.map = map;
    this.stats = stats;
    this.pageSize = pageSize;
    this.reservedPercent = reservedPercent;
    this.roomWaitMillis = roomWaitMillis;
    this.roomPollMillis = roomPollMillis;
    this.nanoTime = nanoTime;
    this.sleeper = sleeper;
  }

  /**
   * Reserves room for {@code bytes} in {@code dir}, evicting whole blocks of the directory, least
   * recently read first, until they fit. False, and the fill is skipped, if nothing more can be
   * evicted or the bytes of evicted blocks still read do not come free in time.
   */
  public boolean reserve(CacheDirectory dir, long bytes) throws InterruptedException {
    SpaceBudget budget = dir.budget();
    long deadline = nanoTime.getAsLong() + TimeUnit.MILLISECONDS.toNanos(roomWaitMillis);
    while (!budget.tryReserve(bytes)) {
      long shortfall = budget.shortfall(bytes);
      if (shortfall > 0) {
        if (evictLeastRecentlyRead(dir, shortfall, stats.evictions) == 0) {
          return false;
        }
      } else if (nanoTime.getAsLong() - deadline > 0) {
        return false;
      } else {
        sleeper.sleepMillis(roomPollMillis);
      }
    }
    return true;
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
    evictLeastRecentlyRead(dir, target, stats.evictedNoSpace);
  }

  /** Drops least recently read entries of {@code dir} totalling at least {@code bytes}. */
  long evictLeastRecentlyRead(CacheDirectory dir, long bytes, Counter counter) {
    // Sort a snapshot of the access times: readers update them meanwhile, and a sort key that
    // changes under TimSort can make it throw.
    List<long[]> order = new ArrayList<>();
    List<CacheEntry> onDir = new ArrayList<>();
    for (CacheEntry e : map.entries()) {
      if (e.home() == dir) {
        order.add(new long[] {e.lastAccessMillis, onDir.size()});
        onDir.add(e);
      }
    }
    order.sort(Comparator.comparingLong(a -> a[0]));
    long freed = 0;
    for (long[] a : order) {
      if (freed >= bytes) {
        break;
      }
      CacheEntry e = onDir.get((int) a[1]);
      if (map.dropEntry(e)) {
        freed += e.bytes();
        counter.inc();
      }
    }
    return freed;
  }
}
