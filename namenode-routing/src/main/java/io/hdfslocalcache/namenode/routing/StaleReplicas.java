package io.hdfslocalcache.namenode.routing;

import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.net.Node;

/**
 * Moves a routed group's stale replicas (no heartbeat for {@code
 * dfs.namenode.stale.datanode.interval}, stock's test {@code DatanodeInfo.isStale}) behind its
 * fresh ones, keeping the hash order among each.
 *
 * <p>Why: the hash makes one DataNode first for every reader of a block. When it fails, and with
 * stock's default {@code dfs.namenode.avoid.read.stale.datanode=false}, DatanodeManager leaves it
 * in the active prefix until it is declared dead (about 10.5 minutes), so every reader of every
 * block it owns would try it first and pay a failover (a connect timeout when the host is down),
 * where stock's shuffle sends a third of them. Passing over it here sends them all to the next
 * replica in hash order, which is the one that owns the block once the failed node leaves, so its
 * cache fills for good. With {@code avoid.read.stale.datanode=true} the stale replicas are already
 * in the inactive suffix and nothing here moves.
 *
 * <p>Limits: only a group the hash ordered (an escaped or unkeyed group is shuffled as stock
 * shuffles it; the escape is still decided on the hash owner, as before), only inside its distance
 * group, before the secondary sorter (considerLoad may move a stale replica up again on its last
 * reported load, as it does in stock). A group of only stale replicas keeps its hash order. The
 * clock is read once per sort; nothing is allocated.
 */
final class StaleReplicas {
  private StaleReplicas() {}

  /** Whether a replica's DataNode has not sent a heartbeat for staleIntervalMs (stock's rule). */
  static boolean stale(DatanodeInfo node, long nowMonotonicMs, long staleIntervalMs) {
    return nowMonotonicMs - node.getLastUpdateMonotonic() >= staleIntervalMs;
  }

  /**
   * Stable partition of nodes[from, to) (all DatanodeInfo): fresh first, then stale, each in the
   * order it had. In place (a group is three replicas, rarely more).
   */
  static void moveBehindFresh(
      Node[] nodes, int from, int to, long nowMonotonicMs, long staleIntervalMs) {
    int fresh = from;
    for (int i = from; i < to; i++) {
      Node node = nodes[i];
      if (stale((DatanodeInfo) node, nowMonotonicMs, staleIntervalMs)) {
        continue;
      }
      if (i != fresh) {
        System.arraycopy(nodes, fresh, nodes, fresh + 1, i - fresh);
        nodes[fresh] = node;
      }
      fresh++;
    }
  }
}
