package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.namenode.routing.RendezvousTopology;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.ipc.CallerContext;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hot set read many times by a client that is not a DataNode, on four DataNodes on two racks with
 * replication 3 and the cache on every DataNode: stock replica order caches each hot block on most
 * of its replicas, the rendezvous topology on one; and when that owner stops, the reads go to the
 * next replica in hash order, which fills.
 *
 * <p>The client off the DataNodes: every MiniDFSCluster process is 127.0.0.1, so the NameNode would
 * take the client for a DataNode on that address. The NameNode's ip-proxy-users (as for the Router)
 * takes the client address from the caller context instead: the reads carry {@code clientIp:} of an
 * address no DataNode has, on no DataNode's rack, which DatanodeManager sorts with
 * sortByDistanceUsingNetworkLocation, all three replicas at one distance.
 */
class ReplicaRoutingIT {
  private static final int FILES = 6;
  private static final int READS = 12;
  private static final String OFF_NODE_CLIENT = "clientIp:10.99.0.1";

  @TempDir Path base;
  private CacheCluster c;

  @AfterEach
  void stop() {
    CallerContext.setCurrent(null);
    if (c != null) {
      c.close();
    }
  }

  @BeforeEach
  void offNodeClient() {
    CallerContext.setCurrent(new CallerContext.Builder(OFF_NODE_CLIENT).build());
  }

  private CacheCluster start(boolean routing) throws Exception {
    Configuration conf = CacheCluster.conf(base.resolve(routing ? "routing" : "stock"));
    conf.set(
        "dfs.namenode.ip-proxy-users", UserGroupInformation.getCurrentUser().getShortUserName());
    if (routing) {
      conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, RendezvousTopology.class.getName());
    }
    return CacheCluster.start(
        conf,
        new MiniDFSCluster.Builder(conf)
            .numDataNodes(4)
            .racks(new String[] {"/r1", "/r1", "/r2", "/r2"}));
  }

  /** What the hot set left on the SSDs and where its bytes came from. */
  private static final class Outcome {
    long duplicatedSsdBytes;
    long cachedCopies;
    long bytesFromCache;
    long misses;
    long wrongBytes;

    @Override
    public String toString() {
      return "duplicatedSsdBytes="
          + duplicatedSsdBytes
          + " cachedCopies="
          + cachedCopies
          + " bytesFromCache="
          + bytesFromCache
          + " misses="
          + misses
          + " wrongBytes="
          + wrongBytes;
    }
  }

  private List<byte[]> writeHotSet() throws Exception {
    List<byte[]> data = new ArrayList<>();
    for (int f = 0; f < FILES; f++) {
      data.add(c.write(file(f), CacheCluster.BLOCK, (short) 3, 100 + f));
    }
    return data;
  }

  private static org.apache.hadoop.fs.Path file(int f) {
    return new org.apache.hadoop.fs.Path("/hot/" + f + ".bin");
  }

  private long readHotSet(List<byte[]> data, int rounds) throws Exception {
    long wrong = 0;
    for (int r = 0; r < rounds; r++) {
      for (int f = 0; f < FILES; f++) {
        byte[] got = c.readAll(file(f));
        for (int i = 0; i < got.length; i++) {
          if (got[i] != data.get(f)[i]) {
            wrong++;
          }
        }
      }
    }
    return wrong;
  }

  private List<ExtendedBlock> hotBlocks() throws Exception {
    List<ExtendedBlock> blocks = new ArrayList<>();
    for (int f = 0; f < FILES; f++) {
      blocks.addAll(c.blocks(file(f)));
    }
    return blocks;
  }

  private int copies(ExtendedBlock b) {
    int n = 0;
    for (CacheLifecycle cache : c.caches()) {
      n += cache.isCached(b) ? 1 : 0;
    }
    return n;
  }

  private Outcome run(boolean routing) throws Exception {
    c = start(routing);
    List<byte[]> data = writeHotSet();
    Outcome out = new Outcome();
    out.wrongBytes = readHotSet(data, READS);
    List<ExtendedBlock> blocks = hotBlocks();
    CacheCluster.await(
        "every hot block cached somewhere", () -> blocks.stream().allMatch(b -> copies(b) > 0));
    for (ExtendedBlock b : blocks) {
      int n = copies(b);
      out.cachedCopies += n;
      out.duplicatedSsdBytes += (long) (n - 1) * b.getNumBytes();
    }
    out.bytesFromCache = c.counter(ReadPathMetrics.BYTES_CACHE);
    out.misses = c.counter(ReadPathMetrics.MISSES);
    return out;
  }

  @Test
  void hotSet_offNodeClient_rendezvousCutsDuplicatedSsdBytesAndFailsOverInHashOrder()
      throws Exception {
    Outcome stock = run(false);
    c.close();
    c = null;
    Outcome routed = run(true);
    System.out.println("ReplicaRoutingIT stock:   " + stock);
    System.out.println("ReplicaRoutingIT routing: " + routed);
    assertEquals(0, stock.wrongBytes);
    assertEquals(0, routed.wrongBytes);
    assertTrue(stock.duplicatedSsdBytes > 0, "stock order caches hot blocks twice: " + stock);
    assertTrue(
        routed.duplicatedSsdBytes * 5 <= stock.duplicatedSsdBytes,
        "at least 80% fewer duplicated SSD bytes: stock " + stock + " routing " + routed);
    RendezvousTopology topology =
        (RendezvousTopology)
            c.cluster.getNamesystem().getBlockManager().getDatanodeManager().getNetworkTopology();
    assertTrue(topology.routedGroups() > 0, "the reads were sorted as an off-node reader's");

    ownerStops_readsMoveToNextInHashOrder();
  }

  /** The owner of the first hot block stops: its reads go to the second location, which fills. */
  private void ownerStops_readsMoveToNextInHashOrder() throws Exception {
    org.apache.hadoop.fs.Path p = file(0);
    LocatedBlock located =
        c.fs.getClient().getLocatedBlocks(p.toString(), 0, Long.MAX_VALUE).get(0);
    DatanodeInfo[] order = located.getLocations();
    ExtendedBlock b = located.getBlock();
    int owner = dataNodeIndex(order[0]);
    int next = dataNodeIndex(order[1]);
    assertTrue(c.cache(owner).isCached(b), "the owner holds the block");
    assertTrue(!c.cache(next).isCached(b), "the next replica does not yet");
    byte[] data = CacheCluster.bytes(CacheCluster.BLOCK, 100);
    CacheLifecycle nextCache = c.cache(next);
    c.cluster.stopDataNode(owner);
    for (int r = 0; r < 3; r++) {
      assertArrayEquals(data, c.readAll(p));
    }
    CacheCluster.await("the next replica in hash order cached it", () -> nextCache.isCached(b));
  }

  private int dataNodeIndex(DatanodeInfo node) {
    for (int i = 0; i < c.cluster.getDataNodes().size(); i++) {
      if (c.cluster.getDataNodes().get(i).getDatanodeUuid().equals(node.getDatanodeUuid())) {
        return i;
      }
    }
    throw new IllegalStateException("no DataNode " + node);
  }
}
