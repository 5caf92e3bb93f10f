package io.hdfslocalcache.bench;

import io.hdfslocalcache.namenode.routing.RendezvousTopology;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench nnsort}: the NameNode's replica sort for one getBlockLocations of 1,000 blocks,
 * stock DFSNetworkTopology against the rendezvous topology of namenode-routing, paired rounds in
 * one JVM. Each block is three DatanodeInfoWithStorage locations (as BlockManager builds them:
 * copies of DataNode descriptors, with storage IDs) on 60 DataNodes, 6 racks, 8 volumes each; an op
 * copies the 1,000 arrays (the order the block map gives) and sorts each, as
 * DatanodeManager.sortLocatedBlocks does, for a reader off the DataNodes (the distance by network
 * location) or on one (the distance over the topology tree), with DatanodeManager's considerLoad
 * sorter or without; the four rows interleaved round by round. Prints the plugin's speed ratio
 * against stock (above 1: the plugin is faster).
 */
@Command(
    name = "hdfs-local-cache bench nnsort",
    mixinStandardHelpOptions = true,
    description = "NameNode replica sort of 1,000 blocks: stock topology vs the rendezvous one.")
final class NnSortPaired implements Callable<Integer> {
  private static final int BLOCKS = 1000;
  private static final int DATANODES = 60;
  private static final int RACKS = 6;
  private static final int VOLUMES = 8;

  @Option(names = "--rounds", description = "Paired rounds per row. Default: ${DEFAULT-VALUE}.")
  int rounds = 30;

  @Option(
      names = "--ops",
      description = "getBlockLocations sorts per round. Default: ${DEFAULT-VALUE}.")
  int ops = 400;

  /** The replica arrays of one getBlockLocations, and the scratch copies the sort works on. */
  private static final class Locations {
    final DatanodeInfoWithStorage[][] blocks = new DatanodeInfoWithStorage[BLOCKS][];
    final DatanodeInfoWithStorage[][] scratch = new DatanodeInfoWithStorage[BLOCKS][3];
    final DatanodeDescriptor[] dataNodes = new DatanodeDescriptor[DATANODES];

    Locations(long seed) {
      Random random = new Random(seed);
      for (int i = 0; i < DATANODES; i++) {
        DatanodeID id =
            new DatanodeID(
                "10.0." + (i / 250) + "." + (i % 250),
                "dn" + i,
                java.util.UUID.randomUUID().toString(),
                9866,
                9864,
                9865,
                9867);
        dataNodes[i] = new DatanodeDescriptor(id, "/rack" + (i % RACKS));
        dataNodes[i].setXceiverCount(2 + random.nextInt(6));
      }
      for (int b = 0; b < BLOCKS; b++) {
        int first = random.nextInt(DATANODES);
        int second;
        do {
          second = random.nextInt(DATANODES);
        } while (second == first);
        int third;
        do {
          third = random.nextInt(DATANODES);
        } while (third == first || third == second);
        blocks[b] =
            new DatanodeInfoWithStorage[] {
              replica(first, random), replica(second, random), replica(third, random)
            };
      }
    }

    private DatanodeInfoWithStorage replica(int dn, Random random) {
      return new DatanodeInfoWithStorage(
          dataNodes[dn], "DS-" + dn + "-vol" + random.nextInt(VOLUMES), StorageType.DISK);
    }
  }

  /** Who reads: a client off the DataNodes, or a DataNode. */
  private enum Reader {
    OFF_NODE,
    DATANODE
  }

  private static long sortAll(
      DFSNetworkTopology topology,
      Locations l,
      Node reader,
      Reader kind,
      Consumer<List<DatanodeInfoWithStorage>> secondary) {
    long sink = 0;
    for (int b = 0; b < BLOCKS; b++) {
      DatanodeInfoWithStorage[] nodes = l.scratch[b];
      System.arraycopy(l.blocks[b], 0, nodes, 0, 3);
      if (kind == Reader.OFF_NODE) {
        topology.sortByDistanceUsingNetworkLocation(reader, nodes, 3, secondary);
      } else {
        topology.sortByDistance(reader, nodes, 3, secondary);
      }
      sink += nodes[0].getXferPort() + nodes[0].hashCode();
    }
    return sink;
  }

  private static DFSNetworkTopology topology(boolean plugin) {
    Configuration conf = new Configuration(false);
    if (plugin) {
      conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, RendezvousTopology.class.getName());
    }
    return DFSNetworkTopology.getInstance(conf);
  }

  @Override
  public Integer call() throws Exception {
    DFSNetworkTopology stock = topology(false);
    DFSNetworkTopology plugin = topology(true);
    if (!(plugin instanceof RendezvousTopology)) {
      throw new IllegalStateException("the plugin did not load: " + plugin.getClass());
    }
    // As DatanodeManager.createSecondaryNodeSorter builds it: one comparator, made once.
    Comparator<DatanodeInfo> byLoad = Comparator.comparingInt(DatanodeInfo::getXceiverCount);
    Consumer<List<DatanodeInfoWithStorage>> considerLoad = list -> Collections.sort(list, byLoad);
    List<String> names = new ArrayList<>();
    List<PairedRatio.Pair> rows = new ArrayList<>();
    for (Reader kind : Reader.values()) {
      for (boolean load : new boolean[] {false, true}) {
        Locations stockLocations = new Locations(7);
        Locations pluginLocations = new Locations(7);
        Node reader =
            kind == Reader.OFF_NODE
                ? new NodeBase("client", "/client-rack")
                : stockLocations.dataNodes[0];
        Node pluginReader =
            kind == Reader.OFF_NODE
                ? new NodeBase("client", "/client-rack")
                : pluginLocations.dataNodes[0];
        Consumer<List<DatanodeInfoWithStorage>> secondary = load ? considerLoad : null;
        names.add(
            String.format(
                "nnsort reader=%s considerLoad=%s",
                kind.name().toLowerCase(java.util.Locale.ROOT), load));
        rows.add(
            new PairedRatio.Pair(
                () -> sortAll(stock, stockLocations, reader, kind, secondary),
                () -> sortAll(plugin, pluginLocations, pluginReader, kind, secondary)));
      }
    }
    // Rows interleaved, not one after the other: see PairedRatio.measureInterleaved.
    List<PairedRatio.Result> results = new PairedRatio(1, ops).measureInterleaved(rows, 10, rounds);
    for (int i = 0; i < rows.size(); i++) {
      System.out.printf("%s: %s%n", names.get(i), results.get(i).format("ms"));
    }
    return 0;
  }
}
