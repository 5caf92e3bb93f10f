package io.hdfslocalcache.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NameNode install on one Hadoop release: its own jars plus hdfs-local-cache-namenode,
 * configured by the one hdfs-site.xml key. The NameNode starts with the topology and sorts
 * getBlockLocations through it. Reached by name and reflection, as the operator's key names it.
 */
class NameNodeRoutingSmokeTest {
  private static final String TOPOLOGY = "io.hdfslocalcache.namenode.routing.RendezvousTopology";

  @TempDir
  Path base;

  @Test
  void nameNode_withRendezvousTopology_startsAndSorts() throws Exception {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.resolve("dfs").toString());
    conf.set("dfs.net.topology.impl", TOPOLOGY);
    conf.setLong("dfs.blocksize", 1024 * 1024);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(3).build();
    try {
      cluster.waitActive();
      NetworkTopology topology =
          cluster.getNamesystem().getBlockManager().getDatanodeManager().getNetworkTopology();
      assertEquals(TOPOLOGY, topology.getClass().getName());
      Path jar = Paths.get(System.getProperty("compat.namenode.jar")).toRealPath();
      assertEquals(jar, Paths.get(topology.getClass().getProtectionDomain().getCodeSource()
          .getLocation().toURI()).toRealPath(), "the topology comes from the NameNode jar");
      // Hadoop 3.3/3.4 NameNodes run on Java 8: nothing in the jar but Java 8 bytecode, ours.
      try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(jar.toFile())) {
        for (java.util.zip.ZipEntry e : java.util.Collections.list(z.entries())) {
          if (e.getName().endsWith(".class")) {
            assertTrue(e.getName().startsWith("io/hdfslocalcache/namenode/"), e.getName());
            try (java.io.InputStream in = z.getInputStream(e)) {
              byte[] head = in.readNBytes(8);
              assertEquals(52, (head[6] & 0xff) << 8 | (head[7] & 0xff), e.getName());
            }
          }
        }
      }
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/routed.bin");
      try (FSDataOutputStream out = cluster.getFileSystem().create(p, (short) 3)) {
        out.write(new byte[1024 * 1024 + 17]);
      }
      LocatedBlocks located =
          cluster.getNameNodeRpc().getBlockLocations(p.toString(), 0, Long.MAX_VALUE);
      assertEquals(2, located.locatedBlockCount());
      assertEquals(3, located.get(0).getLocations().length);
      long routed = (Long) topology.getClass().getMethod("routedGroups").invoke(topology);
      assertTrue(routed > 0, "sorted through the plugin on " + VersionInfo.getVersion());
    } finally {
      cluster.shutdown();
    }
  }
}
