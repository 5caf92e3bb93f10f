package io.hdfslocalcache.namenode.routing;

import static io.hdfslocalcache.namenode.routing.Replicas.client;
import static io.hdfslocalcache.namenode.routing.Replicas.dataNode;
import static io.hdfslocalcache.namenode.routing.Replicas.replica;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.util.Time;
import org.junit.jupiter.api.Test;

class RendezvousTopologyTest {
  private final Random random = new Random(42);

  private static RendezvousTopology topology() {
    RendezvousTopology topology = new RendezvousTopology();
    topology.setConf(new Configuration(false));
    return topology;
  }

  /** Three replicas on three racks, none on the client's. */
  private static DatanodeInfoWithStorage[] offRackBlock() {
    return new DatanodeInfoWithStorage[] {
      replica(dataNode(1, "/r1"), "DS-a"),
      replica(dataNode(2, "/r2"), "DS-b"),
      replica(dataNode(3, "/r3"), "DS-c")
    };
  }

  private DatanodeInfoWithStorage[] shuffled(DatanodeInfoWithStorage[] nodes) {
    List<DatanodeInfoWithStorage> list = new ArrayList<>(Arrays.asList(nodes));
    Collections.shuffle(list, random);
    return list.toArray(new DatanodeInfoWithStorage[0]);
  }

  /** The off-rack block in the order an off-rack reader gets it with no load. */
  private static DatanodeInfoWithStorage[] hashOrder(RendezvousTopology topology) {
    DatanodeInfoWithStorage[] nodes = offRackBlock();
    topology.sortByDistanceUsingNetworkLocation(client("/r9"), nodes, 3, null);
    return nodes;
  }

  /** The off-rack block with one DataNode at one xceiver count and the others at another. */
  private static DatanodeInfoWithStorage[] withLoad(String uuid, int itsLoad, int othersLoad) {
    DatanodeInfoWithStorage[] nodes = offRackBlock();
    for (DatanodeInfo node : nodes) {
      node.setXceiverCount(node.getDatanodeUuid().equals(uuid) ? itsLoad : othersLoad);
    }
    return nodes;
  }

  @Test
  void sortByDistanceUsingNetworkLocation_sameReplicaSet_sameOwnerAcrossCallsAndInputOrders() {
    RendezvousTopology topology = topology();
    Set<String> owners = new HashSet<>();
    for (int call = 0; call < 200; call++) {
      DatanodeInfoWithStorage[] nodes = shuffled(offRackBlock());
      topology.sortByDistanceUsingNetworkLocation(client("/r9"), nodes, 3, null);
      owners.add(Arrays.toString(nodes));
    }
    assertEquals(1, owners.size(), "one order for every off-rack reader: " + owners);
    assertEquals(200, topology.routedGroups());
  }

  @Test
  void sortByDistanceUsingNetworkLocation_readerOnReplicaRack_rackReplicaFirstThenHashOrder() {
    RendezvousTopology topology = topology();
    for (int call = 0; call < 50; call++) {
      DatanodeInfoWithStorage[] nodes = shuffled(offRackBlock());
      topology.sortByDistanceUsingNetworkLocation(client("/r2"), nodes, 3, null);
      assertEquals("uuid-2", nodes[0].getDatanodeUuid(), Arrays.toString(nodes));
    }
  }

  @Test
  void sortByDistance_readerIsReplica_readerFirst() {
    RendezvousTopology topology = topology();
    DatanodeDescriptor reader = dataNode(3, "/r3");
    for (int call = 0; call < 50; call++) {
      DatanodeInfoWithStorage[] nodes = shuffled(offRackBlock());
      topology.sortByDistance(reader, nodes, 3, null);
      assertEquals("uuid-3", nodes[0].getDatanodeUuid(), Arrays.toString(nodes));
    }
  }

  @Test
  void sortByDistanceUsingNetworkLocation_inactiveSuffix_untouched() {
    RendezvousTopology topology = topology();
    for (int call = 0; call < 50; call++) {
      DatanodeInfoWithStorage[] nodes = shuffled(offRackBlock());
      DatanodeInfoWithStorage stale = nodes[2];
      topology.sortByDistanceUsingNetworkLocation(client("/r9"), nodes, 2, null);
      assertSame(stale, nodes[2]);
    }
  }

  @Test
  void sortByDistanceUsingNetworkLocation_ownerStale_nextInHashOrderLeads() {
    RendezvousTopology topology = topology();
    DatanodeInfoWithStorage[] full = offRackBlock();
    topology.sortByDistanceUsingNetworkLocation(client("/r9"), full, 3, null);
    // DatanodeManager moves a stale (or slow, or decommissioning) owner behind the active ones.
    DatanodeInfoWithStorage[] ownerStale = {full[2], full[1], full[0]};
    topology.sortByDistanceUsingNetworkLocation(client("/r9"), ownerStale, 2, null);
    assertSame(full[1], ownerStale[0]);
    assertSame(full[2], ownerStale[1]);
    assertSame(full[0], ownerStale[2]);
  }

  /** Makes a location's DataNode stale: its last heartbeat a minute ago (the interval is 30 s). */
  static void makeStale(DatanodeInfo node) {
    node.setLastUpdateMonotonic(Time.monotonicNow() - 60_000L);
  }

  /** A heartbeat just now: fresh however long the test has run. */
  static void makeFresh(DatanodeInfo node) {
    node.setLastUpdateMonotonic(Time.monotonicNow());
  }

  @Test
  void sortByDistanceUsingNetworkLocation_ownerStaleButActive_behindFreshInHashOrder() {
    // avoid.read.stale.datanode=false (stock's default): the stale owner stays in the active
    // prefix.
    RendezvousTopology topology = topology();
    DatanodeInfoWithStorage[] full = hashOrder(topology);
    for (int call = 0; call < 50; call++) {
      DatanodeInfoWithStorage[] nodes = shuffled(offRackBlock());
      for (DatanodeInfoWithStorage node : nodes) {
        if (node.getDatanodeUuid().equals(full[0].getDatanodeUuid())) {
          makeStale(node);
        } else {
          makeFresh(node);
        }
      }
      topology.sortByDistanceUsingNetworkLocation(client("/r9"), nodes, 3, null);
      assertEquals(full[1].getDatanodeUuid(), nodes[0].getDatanodeUuid(), Arrays.toString(nodes));
      assertEquals(full[2].getDatanodeUuid(), nodes[1].getDatanodeUuid(), Arrays.toString(nodes));
      assertEquals(full[0].getDatanodeUuid(), nodes[2].getDatanodeUuid(), Arrays.toString(nodes));
    }
  }

  @Test
  void sortByDistanceUsingNetworkLocation_ownerHeartbeatLateUnderInterval_staysOwner() {
    // Stale against the group's newest heartbeat: 20 s behind it is under the 30 s interval.
    RendezvousTopology topology = topology();
    DatanodeInfoWithStorage[] full = hashOrder(topology);
    DatanodeInfoWithStorage[] nodes = shuffled(offRackBlock());
    for (DatanodeInfoWithStorage node : nodes) {
      boolean owner = node.getDatanodeUuid().equals(full[0].getDatanodeUuid());
      node.setLastUpdateMonotonic(Time.monotonicNow() - (owner ? 20_000L : 0L));
    }
    topology.sortByDistanceUsingNetworkLocation(client("/r9"), nodes, 3, null);
    assertEquals(Arrays.toString(full), Arrays.toString(nodes));
  }

  @Test
  void sortByDistanceUsingNetworkLocation_allSilentTogether_hashOrderKept() {
    // every DataNode silent as long (all failed, or the NameNode paused): nothing to pass over to
    RendezvousTopology topology = topology();
    DatanodeInfoWithStorage[] full = hashOrder(topology);
    DatanodeInfoWithStorage[] nodes = shuffled(offRackBlock());
    for (DatanodeInfoWithStorage node : nodes) {
      makeStale(node);
    }
    topology.sortByDistanceUsingNetworkLocation(client("/r9"), nodes, 3, null);
    assertEquals(Arrays.toString(full), Arrays.toString(nodes));
  }

  @Test
  void sortByDistanceUsingNetworkLocation_staleReplicaOnReaderRack_staysInItsNearerGroup() {
    // Stock's distance groups come first: a stale replica on the reader's rack is not moved behind
    // the off-rack ones (stock, with avoid.read.stale=false, does not move it either).
    RendezvousTopology topology = topology();
    DatanodeInfoWithStorage[] nodes = offRackBlock();
    makeFresh(nodes[0]);
    makeStale(nodes[1]);
    makeFresh(nodes[2]);
    topology.sortByDistanceUsingNetworkLocation(client("/r2"), nodes, 3, null);
    assertEquals("uuid-2", nodes[0].getDatanodeUuid(), Arrays.toString(nodes));
  }

  @Test
  void sortByDistanceUsingNetworkLocation_ownerMuchBusier_escapesToStockShuffle() {
    RendezvousTopology topology = topology();
    String owner = hashOrder(topology)[0].getDatanodeUuid();
    DatanodeInfoWithStorage[] busy = withLoad(owner, 40, 4);
    Set<String> firsts = new HashSet<>();
    for (int call = 0; call < 200; call++) {
      DatanodeInfoWithStorage[] copy = shuffled(busy);
      topology.sortByDistanceUsingNetworkLocation(client("/r9"), copy, 3, null);
      firsts.add(copy[0].getDatanodeUuid());
    }
    assertEquals(3, firsts.size(), "shuffled as stock: every replica leads sometimes");
    assertEquals(200, topology.escapedGroups());
  }

  @Test
  void sortByDistanceUsingNetworkLocation_busyOwnerStale_escapeDecidedOnItAsBefore() {
    // The escape is decided on the hash owner, stale or not, before the stale pass: a busy stale
    // owner still escapes (stock's shuffle), it does not hand the check to the next replica.
    RendezvousTopology topology = topology();
    String owner = hashOrder(topology())[0].getDatanodeUuid();
    DatanodeInfoWithStorage[] busy = withLoad(owner, 40, 0);
    for (DatanodeInfoWithStorage node : busy) {
      if (node.getDatanodeUuid().equals(owner)) {
        makeStale(node);
      }
    }
    topology.sortByDistanceUsingNetworkLocation(client("/r9"), busy, 3, null);
    assertEquals(1, topology.escapedGroups());
    assertEquals(0, topology.routedGroups());
  }

  @Test
  void sortByDistanceUsingNetworkLocation_ownerBusyWithinSlack_staysOwner() {
    RendezvousTopology topology = topology();
    String owner = hashOrder(topology)[0].getDatanodeUuid();
    // 2 x 4 + 8 = 16: at the threshold, not over it
    DatanodeInfoWithStorage[] busy = withLoad(owner, 16, 4);
    topology.sortByDistanceUsingNetworkLocation(client("/r9"), busy, 3, null);
    assertEquals(owner, busy[0].getDatanodeUuid());
    assertEquals(0, topology.escapedGroups());
  }

  @Test
  void sortByDistanceUsingNetworkLocation_considerLoadSorter_appliedAfterHashOrder() {
    RendezvousTopology topology = topology();
    DatanodeInfoWithStorage[] nodes = hashOrder(topology);
    String last = nodes[2].getDatanodeUuid();
    DatanodeInfoWithStorage[] loaded = withLoad(last, 1, 3);
    // DatanodeManager's considerLoad sorter: a stable sort by xceiver count.
    Consumer<List<DatanodeInfoWithStorage>> considerLoad =
        list -> Collections.sort(list, Comparator.comparingInt(DatanodeInfo::getXceiverCount));
    topology.sortByDistanceUsingNetworkLocation(client("/r9"), loaded, 3, considerLoad);
    assertEquals(last, loaded[0].getDatanodeUuid());
    // the two equally loaded keep the hash order
    assertEquals(nodes[0].getDatanodeUuid(), loaded[1].getDatanodeUuid());
    assertEquals(nodes[1].getDatanodeUuid(), loaded[2].getDatanodeUuid());
  }

  @Test
  void sortByDistanceUsingNetworkLocation_considerLoadWithStaleSuffix_sortsActiveGroupOnly() {
    // the group is the active prefix, not the whole array: the sorter must not see the stale one
    DatanodeInfoWithStorage stale = replica(dataNode(4, "/r4"), "DS-d");
    stale.setXceiverCount(0);
    DatanodeInfoWithStorage[] active = offRackBlock();
    active[0].setXceiverCount(9);
    active[1].setXceiverCount(1);
    active[2].setXceiverCount(5);
    DatanodeInfoWithStorage[] nodes = {active[0], active[1], active[2], stale};
    Consumer<List<DatanodeInfoWithStorage>> considerLoad =
        list -> Collections.sort(list, Comparator.comparingInt(DatanodeInfo::getXceiverCount));
    topology().sortByDistanceUsingNetworkLocation(client("/r9"), nodes, 3, considerLoad);
    assertSame(active[1], nodes[0]);
    assertSame(active[2], nodes[1]);
    assertSame(active[0], nodes[2]);
    assertSame(stale, nodes[3]);
  }

  @Test
  void sortByDistanceUsingNetworkLocation_noStorageIds_unkeyedShuffle() {
    RendezvousTopology topology = topology();
    Node[] nodes = {dataNode(1, "/r1"), dataNode(2, "/r2"), dataNode(3, "/r3")};
    topology.sortByDistanceUsingNetworkLocation(client("/r9"), nodes, 3);
    assertEquals(1, topology.unkeyedGroups());
    assertEquals(0, topology.routedGroups());
  }

  @Test
  void sortByDistanceUsingNetworkLocation_manyBlocksOnMultiVolumeNodes_ownersSpreadEvenly() {
    // 12 DataNodes with 8 volumes each, 60,000 blocks on random distinct DataNodes: the key
    // from the storage IDs must spread owners like a per-block random key would.
    int dataNodes = 12;
    int volumes = 8;
    DatanodeDescriptor[] dns = new DatanodeDescriptor[dataNodes];
    for (int i = 0; i < dataNodes; i++) {
      dns[i] = dataNode(i, "/r" + (i % 3));
    }
    RendezvousTopology topology = topology();
    Map<String, Integer> owned = new HashMap<>();
    int blocks = 60_000;
    for (int b = 0; b < blocks; b++) {
      List<Integer> picks = new ArrayList<>();
      while (picks.size() < 3) {
        int dn = random.nextInt(dataNodes);
        if (!picks.contains(dn)) {
          picks.add(dn);
        }
      }
      DatanodeInfoWithStorage[] nodes = new DatanodeInfoWithStorage[3];
      for (int r = 0; r < 3; r++) {
        int dn = picks.get(r);
        nodes[r] = replica(dns[dn], "DS-" + dn + "-" + random.nextInt(volumes));
      }
      topology.sortByDistanceUsingNetworkLocation(client("/r9"), nodes, 3, null);
      owned.merge(nodes[0].getDatanodeUuid(), 1, Integer::sum);
    }
    double mean = (double) blocks / dataNodes;
    for (Map.Entry<String, Integer> e : owned.entrySet()) {
      assertTrue(
          Math.abs(e.getValue() - mean) < 0.1 * mean, "owner share of " + e + " mean " + mean);
    }
    assertEquals(dataNodes, owned.size());
  }

  @Test
  void sortByDistanceUsingNetworkLocation_differentVolumesSameDataNodes_differentOwners() {
    RendezvousTopology topology = topology();
    Set<String> owners = new HashSet<>();
    for (int v = 0; v < 60; v++) {
      DatanodeInfoWithStorage[] nodes = {
        replica(dataNode(1, "/r1"), "DS-a" + v),
        replica(dataNode(2, "/r2"), "DS-b" + v),
        replica(dataNode(3, "/r3"), "DS-c" + v)
      };
      topology.sortByDistanceUsingNetworkLocation(client("/r9"), nodes, 3, null);
      owners.add(nodes[0].getDatanodeUuid());
    }
    assertEquals(3, owners.size());
    assertNotEquals(0, topology.routedGroups());
  }
}
