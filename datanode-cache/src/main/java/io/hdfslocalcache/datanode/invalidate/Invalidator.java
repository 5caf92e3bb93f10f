package io.hdfslocalcache.datanode.invalidate;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.ServingDirectories;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.metrics.CacheFailure;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything that takes a block out of the cache other than eviction for room: mutations of the HDD
 * replica (called before they are forwarded, so no reader starts on the old copy), volume removal,
 * a directory leaving service, a stale entry found on open, and a failed cached read. Each removal
 * is counted by {@link InvalidationCause}.
 */
public final class Invalidator {
  private static final Logger LOG = LoggerFactory.getLogger(Invalidator.class);

  private final BlockMap map;
  private final HddReplicas hdd;
  private final InvalidationStats stats;
  private final ServingDirectories dirs;

  public Invalidator(
      BlockMap map, HddReplicas hdd, InvalidationStats stats, ServingDirectories dirs) {
    this.map = map;
    this.hdd = hdd;
    this.stats = stats;
    this.dirs = dirs;
  }

  /** Drops whatever the cache holds for the block (entry or fill in progress). */
  public void drop(BlockId id, InvalidationCause cause) {
    if (map.drop(id) != null) {
      stats.count(cause, 1);
    }
  }

  /** Drops the entry if it is still mapped; true if this call dropped it. */
  public boolean dropEntry(CachedReplica e, InvalidationCause cause) {
    if (map.dropEntry(e)) {
      stats.count(cause, 1);
      return true;
    }
    return false;
  }

  /** Drops every cached block (an operator's {@code evict --all}). */
  public void dropAll(InvalidationCause cause) {
    count(map.dropIf(id -> true), cause);
  }

  /** After volumes were removed: drops entries whose replica is gone. */
  public void dropMissing() {
    count(map.dropIf(id -> hdd.replica(id) == null), InvalidationCause.VOLUME_REMOVED);
  }

  /** A directory left service: every entry in it goes. */
  public void dropDirectory(DirectoryHealth health) {
    count(
        map.dropIf(
            id -> {
              CachedReplica e = map.lookupAny(id);
              return e != null && dirs.of(e.home()).health() == health;
            }),
        InvalidationCause.DIRECTORY_OUT_OF_SERVICE);
  }

  /**
   * The read-failure policy: a checksum mismatch counts against the directory (store errors are
   * recorded by the store wrapper); a failure that may mean a bad or incomplete copy drops it.
   */
  public void onReadFailure(CachedReplica e, CacheException cause) {
    if (cause.failure() == CacheFailure.CHECKSUM_MISMATCH) {
      dirs.of(e.home()).health().record(cause.failure(), cause.getMessage());
    }
    if (cause.failure().dropsEntry && dropEntry(e, InvalidationCause.READ_FAILURE)) {
      LOG.warn(
          "Cached copy of {} in {} dropped, read continues from HDD: {}",
          e.id,
          e.home(),
          cause.getMessage());
    }
  }

  public void count(List<CachedReplica> dropped, InvalidationCause cause) {
    stats.count(cause, dropped.size());
  }
}
