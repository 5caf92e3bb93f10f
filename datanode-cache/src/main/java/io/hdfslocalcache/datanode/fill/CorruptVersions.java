package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;

/**
 * HDD replica versions a fill found failing their own checksums, each remembered until the replica
 * changes: its block pool and id, generation stamp and length (a recovery, an append or a truncate
 * changes one of the last two; a replica the NameNode deletes and copies back anew has its new
 * length and stamp checked again). A corrupt block stays hot, because its reads still go to the HDD
 * and are counted; without this every fill they admitted read the bad replica again and logged it
 * again (28 WARNs for one block in one Hadoop test run).
 *
 * <p>Bounded by {@link #MAX_VERSIONS}: a DataNode with more corrupt replicas than that forgets an
 * arbitrary one per new one, and a forgotten one is found (and logged) again by its next fill.
 * Thread safety: a concurrent map; fills record, the scheduler asks.
 */
final class CorruptVersions {
  /** Far above the corrupt replicas a healthy DataNode holds; about 100 bytes each. */
  static final int MAX_VERSIONS = 4096;

  private final ConcurrentHashMap<BlockId, ReplicaVersion> found = new ConcurrentHashMap<>();
  private final HddReplicas hdd;

  CorruptVersions(HddReplicas hdd) {
    this.hdd = hdd;
  }

  /** Records the FINALIZED version {@code gs}, {@code length} of {@code id} as found corrupt. */
  void found(BlockId id, long gs, long length) {
    if (found.size() >= MAX_VERSIONS) {
      Iterator<BlockId> any = found.keySet().iterator();
      if (any.hasNext()) {
        found.remove(any.next());
      }
    }
    found.put(id, new ReplicaVersion(true, gs, length));
  }

  /**
   * Whether the replica of {@code id} is still a version found corrupt: a fill would read the same
   * bad bytes. A replica that changed (or is gone) is forgotten.
   */
  boolean stillCorrupt(BlockId id) {
    ReplicaVersion bad = found.get(id);
    if (bad == null) {
      return false;
    }
    ReplicaVersion now = hdd.replica(id);
    if (now != null && now.finalizedAt(bad.genStamp(), bad.length())) {
      return true;
    }
    found.remove(id, bad);
    return false;
  }
}
