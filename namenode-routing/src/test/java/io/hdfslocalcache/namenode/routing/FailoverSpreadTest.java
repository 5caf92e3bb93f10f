package io.hdfslocalcache.namenode.routing;

import static io.hdfslocalcache.namenode.routing.Replicas.client;
import static io.hdfslocalcache.namenode.routing.Replicas.dataNode;
import static io.hdfslocalcache.namenode.routing.Replicas.replica;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.junit.jupiter.api.Test;

/**
 * Where the reads of a failed DataNode's blocks go, off-rack readers: while it is stale (moved to
 * the inactive suffix by dfs.namenode.avoid.read.stale.datanode, or, without it, left in the active
 * prefix and passed over by the plugin: the same node either way) and after it is declared dead
 * (its replicas leave the locations, so the key changes). Either way the survivors must share them
 * evenly: no survivor takes them all.
 */
class FailoverSpreadTest {
  private static final int DATANODES = 12;
  private static final int VOLUMES = 8;
  private static final int BLOCKS = 60_000;
  private static final int FAILED = 0;

  private final Random random = new Random(7);
  private final RendezvousTopology topology = topology();

  private static RendezvousTopology topology() {
    RendezvousTopology topology = new RendezvousTopology();
    topology.setConf(new Configuration(false));
    return topology;
  }

  /** Blocks on three distinct DataNodes of the twelve, each replica on a random volume. */
  private List<DatanodeInfoWithStorage[]> blocks(DatanodeDescriptor[] dns) {
    List<DatanodeInfoWithStorage[]> blocks = new ArrayList<>();
    for (int b = 0; b < BLOCKS; b++) {
      List<Integer> picks = new ArrayList<>();
      while (picks.size() < 3) {
        int dn = random.nextInt(DATANODES);
        if (!picks.contains(dn)) {
          picks.add(dn);
        }
      }
      DatanodeInfoWithStorage[] nodes = new DatanodeInfoWithStorage[3];
      for (int r = 0; r < 3; r++) {
        int dn = picks.get(r);
        nodes[r] = replica(dns[dn], "DS-" + dn + "-" + random.nextInt(VOLUMES));
      }
      blocks.add(nodes);
    }
    return blocks;
  }

  private static int index(DatanodeInfoWithStorage node) {
    return Integer.parseInt(node.getDatanodeUuid().substring("uuid-".length()));
  }

  private static DatanodeDescriptor[] dataNodes() {
    DatanodeDescriptor[] dns = new DatanodeDescriptor[DATANODES];
    for (int i = 0; i < DATANODES; i++) {
      dns[i] = dataNode(i, "/r" + (i % 3));
    }
    return dns;
  }

  /** The failed node's owned blocks, per survivor that now serves them; asserts an even share. */
  private static void assertEvenOverSurvivors(int[] takenOver, int owned) {
    double mean = (double) owned / (DATANODES - 1);
    assertEquals(0, takenOver[FAILED]);
    for (int dn = 0; dn < DATANODES; dn++) {
      if (dn != FAILED) {
        assertTrue(
            Math.abs(takenOver[dn] - mean) < 0.2 * mean,
            "survivor "
                + dn
                + " took "
                + takenOver[dn]
                + " of "
                + owned
                + ": "
                + Arrays.toString(takenOver));
      }
    }
  }

  @Test
  void sortByDistanceUsingNetworkLocation_failedOwnerStale_itsBlocksSpreadOverSurvivors() {
    assertFailedOwnersBlocksSpread(
        nodes -> {
          // DatanodeManager moves the stale owner behind the active ones; the key keeps it.
          DatanodeInfoWithStorage[] stale = {nodes[1], nodes[2], nodes[0]};
          topology.sortByDistanceUsingNetworkLocation(client("/r9"), stale, 2, null);
          return stale[0];
        });
  }

  @Test
  void
      sortByDistanceUsingNetworkLocation_failedOwnerStaleStillActive_itsBlocksSpreadOverSurvivors() {
    // Stock's default avoid.read.stale.datanode=false: DatanodeManager leaves the stale owner in
    // the active prefix; the plugin must pass over it to the replica the suffix case picks.
    assertFailedOwnersBlocksSpread(
        nodes -> {
          DatanodeInfoWithStorage next = nodes[1];
          RendezvousTopologyTest.makeStale(nodes[0]);
          RendezvousTopologyTest.makeFresh(nodes[1]);
          RendezvousTopologyTest.makeFresh(nodes[2]);
          DatanodeInfoWithStorage[] active = {nodes[2], nodes[0], nodes[1]};
          topology.sortByDistanceUsingNetworkLocation(client("/r9"), active, 3, null);
          assertSame(next, active[0], "the next in hash order leads");
          assertEquals(FAILED, index(active[2]), "the stale owner goes last");
          return active[0];
        });
  }

  @Test
  void sortByDistanceUsingNetworkLocation_failedOwnerDead_itsBlocksSpreadOverSurvivors() {
    assertFailedOwnersBlocksSpread(
        nodes -> {
          // Declared dead: its replica leaves the locations (the key changes).
          DatanodeInfoWithStorage[] survivors = {nodes[1], nodes[2]};
          topology.sortByDistanceUsingNetworkLocation(client("/r9"), survivors, 2, null);
          return survivors[0];
        });
  }

  /**
   * Sorts every block and, for each one {@link #FAILED} owns, asks {@code afterFailure} (given the
   * sorted replicas) which replica leads once it failed: those must spread over the survivors.
   */
  private void assertFailedOwnersBlocksSpread(
      Function<DatanodeInfoWithStorage[], DatanodeInfoWithStorage> afterFailure) {
    int[] takenOver = new int[DATANODES];
    int owned = 0;
    for (DatanodeInfoWithStorage[] nodes : blocks(dataNodes())) {
      topology.sortByDistanceUsingNetworkLocation(client("/r9"), nodes, 3, null);
      if (index(nodes[0]) != FAILED) {
        continue;
      }
      owned++;
      takenOver[index(afterFailure.apply(nodes))]++;
    }
    assertEvenOverSurvivors(takenOver, owned);
  }
}
