package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.RestoreMetrics;
import io.hdfslocalcache.ops.admin.AdminCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * operations.md's "Replacing an SSD, step by step", on a live DataNode: a directory taken out of
 * {@code dirs} and {@code capacity} and the DataNode restarted serves the blocks of the directory
 * left, and nothing of the one taken out; a new empty directory put in and the DataNode restarted
 * again fills and serves hits from it, as {@code admin list} and its directory gauges show.
 */
class ReplaceSsdIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int BLOCKS = 12;

  @TempDir Path base;
  CacheCluster c;

  @BeforeEach
  void start() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.DIRS, base.resolve("ssd1") + "," + base.resolve("ssd2"));
    conf.set(CacheKeys.CAPACITY, "64m,64m");
    c = CacheCluster.start(conf, 1);
  }

  @AfterEach
  void stop() {
    c.close();
  }

  /** Stops the DataNode, sets its cache directories and capacities, starts it again. */
  private void restartWith(String dirs, String capacity) throws Exception {
    DataNodeProperties props = c.cluster.stopDataNode(0);
    java.lang.reflect.Field f = DataNodeProperties.class.getDeclaredField("conf");
    f.setAccessible(true);
    Configuration conf = (Configuration) f.get(props);
    conf.set(CacheKeys.DIRS, dirs);
    conf.set(CacheKeys.CAPACITY, capacity);
    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
  }

  private String admin(Path dir, String... action) {
    List<String> args = new ArrayList<>(List.of("--dir", dir.toString()));
    args.addAll(List.of(action));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc =
        AdminCommand.run(
            args.toArray(new String[0]), new PrintStream(out, true), new PrintStream(err, true));
    assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  /** Blocks of {@code p} whose pages are under {@code ssd}. */
  private List<ExtendedBlock> blocksIn(Path ssd, org.apache.hadoop.fs.Path p) throws Exception {
    List<ExtendedBlock> out = new ArrayList<>();
    for (ExtendedBlock b : c.blocks(p)) {
      if (SsdFiles.count(ssd, List.of(b)) > 0) {
        out.add(b);
      }
    }
    return out;
  }

  private static long dirGauge(CacheLifecycle cache, int dir, String name) {
    return CacheCluster.gauge(cache, DirectoryNames.of(dir, name));
  }

  @Test
  void replaceSsd_takeOneOutThenPutANewOneIn_servesFromTheNewOne() throws Exception {
    Path ssd1 = base.resolve("ssd1");
    Path ssd2 = base.resolve("ssd2");
    Path ssd3 = base.resolve("ssd3");
    org.apache.hadoop.fs.Path before = new org.apache.hadoop.fs.Path("/before.bin");
    byte[] data = c.cachedFile(before.toString(), BLOCKS * CacheCluster.BLOCK);
    List<ExtendedBlock> onSsd1 = blocksIn(ssd1, before);
    assertTrue(
        !onSsd1.isEmpty() && !blocksIn(ssd2, before).isEmpty(), "blocks in both directories");

    // Take ssd2 out: its entry removed from both lists, the DataNode restarted.
    restartWith(ssd1.toString(), "64m");
    CacheLifecycle cache = c.cache(0);
    assertEquals(onSsd1.size(), cache.metrics().counter(RestoreMetrics.RESTORED).getCount());
    assertEquals(onSsd1.size(), cache.cachedBlocks(), "nothing of ssd2 is served");
    JsonNode listing = JSON.readTree(admin(ssd1, "list", "--json"));
    assertEquals(1, listing.get("directories").size(), listing.toString());
    assertEquals(onSsd1.size(), listing.get("blocks").asInt());
    assertArrayEquals(data, c.readAll(before));

    // Put a new, empty ssd3 in.
    CacheDirMarker.create(ssd3);
    restartWith(ssd1 + "," + ssd3, "64m,64m");
    cache = c.cache(0);
    assertEquals(1, dirGauge(cache, 1, DirectoryMetrics.IN_SERVICE), "ssd3 in service");
    org.apache.hadoop.fs.Path after = new org.apache.hadoop.fs.Path("/after.bin");
    byte[] fresh = c.cachedFile(after.toString(), BLOCKS * CacheCluster.BLOCK);
    List<ExtendedBlock> onSsd3 = blocksIn(ssd3, after);
    assertTrue(!onSsd3.isEmpty(), "blocks filled into ssd3");
    assertTrue(dirGauge(cache, 1, DirectoryMetrics.USED) > 0, "ssd3's used gauge");

    ExtendedBlock b = onSsd3.get(0);
    int index = c.blocks(after).indexOf(b);
    long hits = cache.metrics().counter(ReadPathMetrics.HITS).getCount();
    long hdd = cache.metrics().counter(ReadPathMetrics.BYTES_HDD).getCount();
    byte[] got = c.pread(after, (long) index * CacheCluster.BLOCK, CacheCluster.BLOCK);
    byte[] want = new byte[CacheCluster.BLOCK];
    System.arraycopy(fresh, index * CacheCluster.BLOCK, want, 0, want.length);
    assertArrayEquals(want, got);
    assertEquals(hits + 1, cache.metrics().counter(ReadPathMetrics.HITS).getCount(), "a hit");
    assertEquals(hdd, cache.metrics().counter(ReadPathMetrics.BYTES_HDD).getCount(), "no HDD");

    JsonNode now = JSON.readTree(admin(ssd3, "list", "--json"));
    JsonNode dir3 = now.get("directories").get(1);
    assertTrue(dir3.get("directory").asText().startsWith(ssd3.toString()), now.toString());
    assertTrue(dir3.get("blocks").asInt() >= onSsd3.size(), now.toString());
  }
}
