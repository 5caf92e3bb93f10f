package io.hdfslocalcache.namenode.routing;

import static io.hdfslocalcache.namenode.routing.Replicas.replica;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.junit.jupiter.api.Test;

/**
 * The plugin against stock DFSNetworkTopology, both made as the NameNode makes them ({@code
 * DFSNetworkTopology.getInstance}, DataNodes added to the tree, locations copied from them): for
 * DataNode readers (on a replica, on a replica's rack, elsewhere), off-cluster readers, an
 * unresolved (null) reader, any active length, with and without the considerLoad sorter, the plugin
 * changes only the order inside each equal-distance group. Same distance sequence, same active
 * nodes, the inactive suffix untouched, the sorter's order inside each group, and without the
 * sorter no stale (but active) replica before a fresh one in its group.
 */
class StockParityTest {
  private static final String[] RACKS = {"/dc0/r0", "/dc0/r1", "/dc1/r2", "/dc1/r3"};
  private static final int DATANODES = 16;

  private final Random random = new Random(11);

  /** Exposes stock's protected distances, to check both orders against the same measure. */
  private static final class Probe extends DFSNetworkTopology {
    int tree(Node reader, Node node) {
      return getWeight(reader, node);
    }

    static int location(Node reader, Node node) {
      return getWeightUsingNetworkLocation(reader, node);
    }
  }

  private static DatanodeDescriptor[] addDataNodes(DFSNetworkTopology topology) {
    DatanodeDescriptor[] dns = new DatanodeDescriptor[DATANODES];
    for (int i = 0; i < DATANODES; i++) {
      DatanodeID id = new DatanodeID("10.0.0." + i, "dn" + i, "uuid-" + i, 9866, 9864, 9865, 9867);
      dns[i] = new DatanodeDescriptor(id, RACKS[i % RACKS.length]);
      topology.add(dns[i]);
    }
    return dns;
  }

  private static Consumer<List<DatanodeInfoWithStorage>> considerLoad() {
    Comparator<DatanodeInfo> byLoad = Comparator.comparingInt(DatanodeInfo::getXceiverCount);
    return list -> Collections.sort(list, byLoad);
  }

  private static boolean isStale(DatanodeInfo node) {
    return node.isStale(30_000L);
  }

  @Test
  void sortByDistance_anyReaderAndActiveLength_onlyTheOrderInsideGroupsDiffersFromStock() {
    Configuration conf = new Configuration(false);
    DFSNetworkTopology stock = DFSNetworkTopology.getInstance(conf);
    Configuration routed = new Configuration(false);
    routed.set("dfs.net.topology.impl", RendezvousTopology.class.getName());
    DFSNetworkTopology plugin = DFSNetworkTopology.getInstance(routed);
    assertEquals(RendezvousTopology.class, plugin.getClass());
    DatanodeDescriptor[] stockDns = addDataNodes(stock);
    DatanodeDescriptor[] pluginDns = addDataNodes(plugin);
    Probe probe = new Probe();
    for (int round = 0; round < 4000; round++) {
      int replicas = 1 + random.nextInt(5);
      List<Integer> picks = new ArrayList<>();
      while (picks.size() < replicas) {
        int dn = random.nextInt(DATANODES);
        if (!picks.contains(dn)) {
          picks.add(dn);
        }
      }
      DatanodeInfoWithStorage[] locations = new DatanodeInfoWithStorage[replicas];
      for (int r = 0; r < replicas; r++) {
        int dn = picks.get(r);
        locations[r] = replica(pluginDns[dn], "DS-" + dn + "-" + random.nextInt(4));
        locations[r].setXceiverCount(random.nextInt(3));
        if (random.nextInt(4) == 0) {
          // stale but active: stock's default avoid.read.stale.datanode=false
          RendezvousTopologyTest.makeStale(locations[r]);
        } else {
          RendezvousTopologyTest.makeFresh(locations[r]);
        }
      }
      int activeLen = random.nextInt(replicas + 1);
      boolean withSorter = random.nextBoolean();
      int kind = random.nextInt(4);
      Node stockReader;
      Node pluginReader;
      if (kind == 0) {
        int dn = random.nextBoolean() ? picks.get(0) : random.nextInt(DATANODES);
        stockReader = stockDns[dn];
        pluginReader = pluginDns[dn];
      } else if (kind == 1) {
        String rack = RACKS[random.nextInt(RACKS.length)];
        stockReader = new NodeBase(rack + "/client");
        pluginReader = stockReader;
      } else {
        stockReader = null;
        pluginReader = null;
      }
      boolean tree = kind == 0 || kind == 3;
      DatanodeInfoWithStorage[] byStock = locations.clone();
      DatanodeInfoWithStorage[] byPlugin = locations.clone();
      Consumer<List<DatanodeInfoWithStorage>> sorter = withSorter ? considerLoad() : null;
      if (tree) {
        stock.sortByDistance(stockReader, byStock, activeLen, sorter);
        plugin.sortByDistance(pluginReader, byPlugin, activeLen, sorter);
      } else {
        stock.sortByDistanceUsingNetworkLocation(stockReader, byStock, activeLen, sorter);
        plugin.sortByDistanceUsingNetworkLocation(pluginReader, byPlugin, activeLen, sorter);
      }
      String what = "round " + round + " kind " + kind + " active " + activeLen;
      for (int i = activeLen; i < replicas; i++) {
        assertSame(locations[i], byPlugin[i], what + ": the inactive suffix moved");
      }
      int[] stockWeights = new int[activeLen];
      int[] pluginWeights = new int[activeLen];
      for (int i = 0; i < activeLen; i++) {
        stockWeights[i] =
            tree ? probe.tree(pluginReader, byStock[i]) : Probe.location(pluginReader, byStock[i]);
        pluginWeights[i] =
            tree
                ? probe.tree(pluginReader, byPlugin[i])
                : Probe.location(pluginReader, byPlugin[i]);
        if (withSorter && i > 0 && pluginWeights[i] == pluginWeights[i - 1]) {
          assertTrue(
              byPlugin[i - 1].getXceiverCount() <= byPlugin[i].getXceiverCount(),
              what + ": the sorter's order was undone " + Arrays.toString(byPlugin));
        }
        if (!withSorter && i > 0 && pluginWeights[i] == pluginWeights[i - 1]) {
          assertTrue(
              !isStale(byPlugin[i - 1]) || isStale(byPlugin[i]),
              what + ": a stale replica before a fresh one " + Arrays.toString(byPlugin));
        }
      }
      assertArrayEquals(stockWeights, pluginWeights, what);
      List<DatanodeInfoWithStorage> stockActive = new ArrayList<>(Arrays.asList(byStock));
      List<DatanodeInfoWithStorage> pluginActive = new ArrayList<>(Arrays.asList(byPlugin));
      Comparator<DatanodeInfoWithStorage> byUuid =
          Comparator.comparing(DatanodeInfoWithStorage::getDatanodeUuid);
      stockActive.subList(0, activeLen).sort(byUuid);
      pluginActive.subList(0, activeLen).sort(byUuid);
      assertEquals(stockActive, pluginActive, what + ": not the same nodes");
    }
  }
}
