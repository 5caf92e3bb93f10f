package io.hdfslocalcache.namenode.routing;

import io.hdfslocalcache.namenode.routing.ReplicaKey.Keyability;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.net.Node;

/**
 * A NameNode topology ({@code dfs.net.topology.impl}) that sends every reader of a block at the
 * same distance to the same replica, so that a hot block fills one DataNode's SSD cache instead of
 * all of its replicas' caches.
 *
 * <p>Stock (Hadoop 3.3-3.5, {@code NetworkTopology.sortByDistance}): group the active prefix of the
 * replicas by distance from the reader, shuffle each group with a per-call random, run
 * DatanodeManager's secondary sorter (considerLoad / considerStorageType, a stable sort) over the
 * group. The client reads the first location, so a block read by many off-node readers is read
 * from, and cached on, every replica. Here only the shuffle changes: each group of two or more is
 * ordered by a rendezvous score of (the block's replica-set key, the DataNode), highest first. The
 * reader's own node, then its rack, still come first (the distance groups are stock's); inside a
 * routed group, replicas on stale DataNodes go behind the fresh ones ({@link StaleReplicas}: with
 * stock's default avoid.read.stale.datanode=false a failed owner would otherwise stay first for all
 * of its blocks' readers until declared dead); the inactive suffix (as DatanodeManager ordered it)
 * is not touched, though its storage IDs are part of the key so that a stale owner's readers go to
 * the next replica in hash order; the secondary sorter runs on each group as stock runs it, after
 * the order (so with considerLoad on, load ordering wins over the hash, as it wins over the
 * shuffle).
 *
 * <p>The hot-spot trade (why stock shuffles, HDFS-6701 / HDFS-6840): one owner per block
 * concentrates a hot block's reads on one DataNode. With an SSD cache that is the point — one SSD
 * copy serves them, the HDDs of the others stay idle — but a block hot enough to saturate its owner
 * must not pin it: a group whose owner has more than {@code escape.load-factor} times the mean
 * xceivers of the others plus {@code escape.load-slack} is shuffled as stock does (counted
 * ESCAPED). The xceiver counts are the heartbeat's, copied into each location.
 *
 * <p>No state is shared between sorts but the counters (LongAdders); the configuration is read once
 * in {@link #setConf}, which Hadoop's ReflectionUtils calls before the topology is used.
 */
public class RendezvousTopology extends DFSNetworkTopology implements Configurable {
  /** How a group's distances are measured: the two entry points DatanodeManager calls. */
  private enum Distance {
    /** The reader is a DataNode: stock's {@code getWeight} over the topology tree. */
    TREE,
    /** The reader is not a DataNode: stock's {@code getWeightUsingNetworkLocation}. */
    NETWORK_LOCATION
  }

  private Configuration conf;
  private RoutingConfig config = RoutingConfig.defaults();
  private RoutingCounters counters =
      new RoutingCounters(config.logIntervalMs, System::currentTimeMillis);

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.config = RoutingConfig.from(conf);
    this.counters = new RoutingCounters(config.logIntervalMs, System::currentTimeMillis);
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public void sortByDistance(Node reader, Node[] nodes, int activeLen) {
    sort(reader, nodes, activeLen, null, Distance.TREE);
  }

  @Override
  public <T extends Node> void sortByDistance(
      Node reader, T[] nodes, int activeLen, Consumer<List<T>> secondarySort) {
    sort(reader, nodes, activeLen, secondarySort, Distance.TREE);
  }

  @Override
  public void sortByDistanceUsingNetworkLocation(Node reader, Node[] nodes, int activeLen) {
    sort(reader, nodes, activeLen, null, Distance.NETWORK_LOCATION);
  }

  @Override
  public <T extends Node> void sortByDistanceUsingNetworkLocation(
      Node reader, T[] nodes, int activeLen, Consumer<List<T>> secondarySort) {
    sort(reader, nodes, activeLen, secondarySort, Distance.NETWORK_LOCATION);
  }

  /** Groups routed by the hash since the NameNode started. */
  public long routedGroups() {
    return counters.get(GroupOutcome.ROUTED);
  }

  /** Groups shuffled because their owner was too busy. */
  public long escapedGroups() {
    return counters.get(GroupOutcome.ESCAPED);
  }

  /** Groups shuffled because their locations carried no storage IDs. */
  public long unkeyedGroups() {
    return counters.get(GroupOutcome.UNKEYED);
  }

  private <T extends Node> void sort(
      Node reader, T[] nodes, int activeLen, Consumer<List<T>> secondarySort, Distance distance) {
    int[] weights = new int[activeLen];
    for (int i = 0; i < activeLen; i++) {
      weights[i] =
          distance == Distance.TREE
              ? getWeight(reader, nodes[i])
              : getWeightUsingNetworkLocation(reader, nodes[i]);
    }
    Keyability keyability = ReplicaKey.keyability(nodes);
    long[] scores = new long[activeLen];
    if (keyability == Keyability.KEYED) {
      long key = ReplicaKey.of(nodes);
      for (int i = 0; i < activeLen; i++) {
        scores[i] = Rendezvous.score(key, ReplicaKey.nodeHash(nodes[i]));
      }
    }
    sortByWeightThenScore(nodes, weights, scores, activeLen);
    for (int from = 0; from < activeLen; ) {
      int to = from + 1;
      while (to < activeLen && weights[to] == weights[from]) {
        to++;
      }
      // Stock also hands a group of one to the secondary sorter, a stable sort: a no-op there.
      if (to - from > 1) {
        GroupOutcome outcome = orderGroup(nodes, from, to, keyability);
        counters.count(outcome);
        if (outcome == GroupOutcome.ROUTED) {
          StaleReplicas.moveBehindFresh(nodes, from, to, config.staleIntervalMs);
        }
        if (secondarySort != null) {
          applySecondary(nodes, from, to, secondarySort);
        }
      }
      from = to;
    }
    counters.maybeLog();
  }

  /** Insertion sort (three replicas, rarely more): distance ascending, then score descending. */
  private static <T> void sortByWeightThenScore(
      T[] nodes, int[] weights, long[] scores, int activeLen) {
    for (int i = 1; i < activeLen; i++) {
      T node = nodes[i];
      int weight = weights[i];
      long score = scores[i];
      int j = i - 1;
      while (j >= 0 && (weights[j] > weight || (weights[j] == weight && scores[j] < score))) {
        nodes[j + 1] = nodes[j];
        weights[j + 1] = weights[j];
        scores[j + 1] = scores[j];
        j--;
      }
      nodes[j + 1] = node;
      weights[j + 1] = weight;
      scores[j + 1] = score;
    }
  }

  /** Keeps the hash order of nodes[from, to), or shuffles it as stock does; says which. */
  private GroupOutcome orderGroup(Node[] nodes, int from, int to, Keyability keyability) {
    if (keyability != Keyability.KEYED) {
      shuffle(nodes, from, to);
      return GroupOutcome.UNKEYED;
    }
    long others = 0;
    for (int i = from + 1; i < to; i++) {
      others += ((DatanodeInfo) nodes[i]).getXceiverCount();
    }
    double othersMean = (double) others / (to - from - 1);
    if (config.tooBusy(((DatanodeInfo) nodes[from]).getXceiverCount(), othersMean)) {
      shuffle(nodes, from, to);
      return GroupOutcome.ESCAPED;
    }
    return GroupOutcome.ROUTED;
  }

  private static void shuffle(Node[] nodes, int from, int to) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int i = to - 1; i > from; i--) {
      int j = from + random.nextInt(i - from + 1);
      Node swap = nodes[i];
      nodes[i] = nodes[j];
      nodes[j] = swap;
    }
  }

  /** Stock's secondary sort, on one group, in place (no copy; see GroupView for its sort). */
  private static <T extends Node> void applySecondary(
      T[] nodes, int from, int to, Consumer<List<T>> secondarySort) {
    secondarySort.accept(new GroupView<>(nodes, from, to));
  }
}
