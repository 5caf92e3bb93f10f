package io.hdfslocalcache.namenode.routing;

import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.net.Node;

/**
 * Moves a routed group's stale replicas behind its fresh ones, keeping the hash order among each.
 *
 * <p>Why: the hash makes one DataNode first for every reader of a block. When it fails, and with
 * stock's default {@code dfs.namenode.avoid.read.stale.datanode=false}, DatanodeManager leaves it
 * in the active prefix until it is declared dead (about 10.5 minutes), so every reader of every
 * block it owns would try it first and pay a failover (a connect timeout when the host is down),
 * where stock's shuffle sends a third of them. Passing over it here sends them all to the next
 * replica in hash order, the one that owns the block once the failed node leaves, so its cache
 * fills for good. With {@code avoid.read.stale.datanode=true} the stale replicas are already in the
 * inactive suffix.
 *
 * <p>Stale against the group, not the clock: a replica is stale when its DataNode's last heartbeat
 * ({@code lastUpdateMonotonic}, which the location copies) is {@code
 * dfs.namenode.stale.datanode.interval} older than the newest heartbeat in its group. Stock's
 * {@code isStale} reads the monotonic clock per replica; that read (about 27 ns on a KVM clock) was
 * 10-20% of the plugin's sort in {@code bench nnsort}, whose blocks cost 100-300 ns each. A group
 * with one fresh DataNode (a heartbeat every 3 s) sees a failed one as stale at most one heartbeat
 * later than stock would; a group whose DataNodes are all silent (or a NameNode that paused) moves
 * nothing unless their silences differ by the interval, and then only behind each other.
 *
 * <p>Limits: only a group the hash ordered (an escaped or unkeyed group is shuffled as stock
 * shuffles it; the escape is still decided on the hash owner, as before), only inside its distance
 * group, before the secondary sorter (considerLoad may move a stale replica up again on its last
 * reported load, as it does in stock). Nothing is allocated.
 */
final class StaleReplicas {
  private StaleReplicas() {}

  /**
   * Stable partition of nodes[from, to) (all DatanodeInfo): the replicas whose heartbeat is
   * staleIntervalMs older than the group's newest go last, each part in the order it had. In place
   * (a group is three replicas, rarely more).
   */
  static void moveBehindFresh(Node[] nodes, int from, int to, long staleIntervalMs) {
    long newest = Long.MIN_VALUE;
    long oldest = Long.MAX_VALUE;
    for (int i = from; i < to; i++) {
      long heartbeat = ((DatanodeInfo) nodes[i]).getLastUpdateMonotonic();
      newest = Math.max(newest, heartbeat);
      oldest = Math.min(oldest, heartbeat);
    }
    if (newest - oldest < staleIntervalMs) {
      return;
    }
    long staleBefore = newest - staleIntervalMs;
    int fresh = from;
    for (int i = from; i < to; i++) {
      Node node = nodes[i];
      if (((DatanodeInfo) node).getLastUpdateMonotonic() <= staleBefore) {
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
