package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.routing.Rendezvous;
import io.hdfslocalcache.simulator.trace.Op;
import java.util.Arrays;
import java.util.List;

/**
 * Every read of a block to one owner replica, as the NameNode plugin orders equally distant
 * replicas: the block's DataNodes (those whose logs hold it) ranked by {@link Rendezvous#score} of
 * (block id, DataNode), the highest that can serve the read taking it. A DataNode can serve a read
 * at time t when its log covers t (from its first to its last timestamp: before, it is not known to
 * be up; after, it is gone) and it has not lost the block: no deletion of it since its last write,
 * and no newer generation stamp than its last written one asked for (a replica that missed an
 * append is stale; the NameNode would not list it). The DataNode that logged the read always can
 * (it served it), so there is always one.
 *
 * <p>The key is the block id, which the NameNode plugin cannot see where it orders replicas; it
 * keys by the replicas' storage IDs, which vary from block to block as a random key does. Owners
 * spread over the DataNodes alike, so the block id is the statistical model of the plugin's key,
 * not the very owner a given block would get.
 */
final class OwnerRouting implements Routing {
  private static final long NOT_WRITTEN = Long.MIN_VALUE;

  private final FleetBlocks blocks;
  private final long[] nodeHash;
  private final long[] firstTimeMs;
  private final long[] lastTimeMs;
  private final boolean[] deleted; // per entry: deleted since its last write
  private final long[] written; // per entry: the newest generation stamp written to it

  OwnerRouting(FleetBlocks blocks, List<String> ids, long[] firstTimeMs, long[] lastTimeMs) {
    this.blocks = blocks;
    this.nodeHash = ids.stream().mapToLong(Rendezvous::nodeHash).toArray();
    this.firstTimeMs = firstTimeMs;
    this.lastTimeMs = lastTimeMs;
    int entries = blocks.first(blocks.count());
    this.deleted = new boolean[entries];
    this.written = new long[entries];
    Arrays.fill(written, NOT_WRITTEN);
  }

  @Override
  public void seen(int entry, Op op, long genStamp) {
    switch (op) {
      case WRITE -> {
        deleted[entry] = false;
        written[entry] = Math.max(written[entry], genStamp);
      }
      case DELETE -> deleted[entry] = true;
      case READ -> {}
    }
  }

  @Override
  public int route(int fleetBlock, int logged, long genStamp, long timeMs) {
    long key = blocks.blockId(fleetBlock);
    int best = -1;
    for (int e = blocks.first(fleetBlock); e < blocks.end(fleetBlock); e++) {
      if (e != logged && !serves(e, genStamp, timeMs)) {
        continue;
      }
      if (best < 0 || Rendezvous.before(key, hash(e), hash(best))) {
        best = e;
      }
    }
    return best;
  }

  private boolean serves(int entry, long genStamp, long timeMs) {
    int d = blocks.dataNode(entry);
    return timeMs >= firstTimeMs[d]
        && timeMs <= lastTimeMs[d]
        && !deleted[entry]
        && (written[entry] == NOT_WRITTEN || written[entry] >= genStamp);
  }

  private long hash(int entry) {
    return nodeHash[blocks.dataNode(entry)];
  }
}
