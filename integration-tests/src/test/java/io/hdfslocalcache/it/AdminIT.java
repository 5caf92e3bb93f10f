package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.metrics.AdminMetrics;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.ops.admin.AdminCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operator control on a live DataNode with two cache directories, through the same command an
 * operator runs: bypass keeps the cached blocks but serves every read from the HDD and admits
 * nothing, resume serves them again without a refill, whichever directory each is given; evict
 * drops one block, a path's blocks or all of them, each within 5 seconds; list shows what is cached
 * per directory.
 */
class AdminIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path base;
  static CacheCluster c;

  @BeforeAll
  static void start() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.DIRS, base.resolve("ssd") + "," + base.resolve("ssd2"));
    c = CacheCluster.start(conf, 1);
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  private static String admin(String... action) {
    return adminIn("ssd", action);
  }

  /** The command given the cache directory {@code base/<ssd>}. */
  private static String adminIn(String ssd, String... action) {
    String[] args = new String[action.length + 2];
    args[0] = "--dir";
    args[1] = base.resolve(ssd).toString();
    System.arraycopy(action, 0, args, 2, action.length);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = AdminCommand.run(args, new PrintStream(out, true), new PrintStream(err, true));
    assertEquals(0, rc, err.toString());
    return out.toString(StandardCharsets.UTF_8);
  }

  /** Within 5 s, as the operator is promised (CacheCluster.await allows 30). */
  private static void within5s(String what, java.util.function.BooleanSupplier cond)
      throws Exception {
    long start = System.nanoTime();
    CacheCluster.await(what, cond);
    assertTrue(System.nanoTime() - start < 5_000_000_000L, what + " took over 5 s");
  }

  @Test
  void bypassThenResume_readsGoToHddKeepingBlocksThenCacheAgain() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/bypass.bin");
    byte[] data = c.cachedFile(p.toString(), 2 * CacheCluster.BLOCK);
    int cached = c.cache(0).cachedBlocks();
    admin("bypass");
    within5s("bypass on", () -> CacheCluster.gauge(c.cache(0), AdminMetrics.BYPASS) == 1);
    long hits = c.counter(ReadPathMetrics.HITS);
    long fills = c.counter(FillMetrics.QUEUED);
    assertArrayEquals(data, c.readAll(p));
    org.apache.hadoop.fs.Path cold = new org.apache.hadoop.fs.Path("/cold.bin");
    c.write(cold, CacheCluster.BLOCK, (short) 1, 9);
    for (int i = 0; i < 3; i++) {
      c.readAll(cold); // hot enough to admit, were the cache not bypassed
    }
    assertEquals(hits, c.counter(ReadPathMetrics.HITS), "no read served from the cache");
    assertEquals(fills, c.counter(FillMetrics.QUEUED), "nothing admitted");
    assertTrue(c.counter(ReadPathMetrics.HDD_CAUSE + "bypass") >= 5);
    assertEquals(cached, c.cache(0).cachedBlocks(), "cached blocks kept");
    assertTrue(admin("state").startsWith("bypass on"));

    assertTrue(adminIn("ssd2", "state").startsWith("bypass on"), "the DataNode's state");

    adminIn("ssd2", "resume");
    within5s("bypass off", () -> CacheCluster.gauge(c.cache(0), AdminMetrics.BYPASS) == 0);
    assertTrue(admin("state").startsWith("bypass off"));
    assertArrayEquals(data, c.readAll(p));
    assertEquals(hits + 2, c.counter(ReadPathMetrics.HITS), "served again, no refill");
  }

  @Test
  void evict_oneBlockThenAll_droppedWithinSeconds() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/evict.bin");
    c.cachedFile(p.toString(), 2 * CacheCluster.BLOCK);
    ExtendedBlock first = c.blocks(p).get(0);
    ExtendedBlock second = c.blocks(p).get(1);
    admin("evict", first.getBlockPoolId(), String.valueOf(first.getBlockId()));
    within5s("one block evicted", () -> !c.cache(0).isCached(first));
    assertTrue(c.cache(0).isCached(second));
    admin("evict", "--all");
    within5s("every block evicted", () -> c.cache(0).cachedBlocks() == 0);
    assertFalse(c.cache(0).isCached(second));
    // counted once the maintenance round has dropped them all: just after the map empties
    CacheCluster.await("evictions counted", () -> c.counter("store.invalidations.admin") >= 2);
  }

  @Test
  void evictWrittenWhileDataNodeDown_honouredAtStartBeforeTheFirstRead() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/evict-down.bin");
    byte[] data = c.cachedFile(p.toString(), 2 * CacheCluster.BLOCK);
    ExtendedBlock first = c.blocks(p).get(0);
    ExtendedBlock second = c.blocks(p).get(1);
    org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties props = c.cluster.stopDataNode(0);
    String said = admin("evict", first.getBlockPoolId(), String.valueOf(first.getBlockId()));
    assertTrue(said.contains("at its next start"), said);
    assertTrue(admin("state").contains("1 eviction command(s) pending"));
    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
    // Before any maintenance round: start-up itself applied the command to the restored blocks.
    assertFalse(c.cache(0).isCached(first), "evicted at start");
    assertTrue(c.cache(0).isCached(second), "the other block restored");
    assertEquals(1, c.counter("store.invalidations.admin"));
    assertTrue(admin("state").contains("0 eviction command(s) pending"));
    assertArrayEquals(data, c.readAll(p));
  }

  @Test
  void list_cachedFile_itsBlocksPerDirectoryWithBytesPagesAndLastRead() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/listed.bin");
    long before = System.currentTimeMillis();
    c.cachedFile(p.toString(), 2 * CacheCluster.BLOCK);
    JsonNode listing = JSON.readTree(adminIn("ssd2", "list", "--json"));
    JsonNode dirs = listing.get("directories");
    assertEquals(2, dirs.size(), listing.toString());
    Map<Long, JsonNode> byId = new HashMap<>();
    for (JsonNode d : dirs) {
      for (JsonNode b : d.get("cached")) {
        byId.put(b.get("blockId").asLong(), b);
      }
    }
    for (ExtendedBlock b : c.blocks(p)) {
      JsonNode row = byId.get(b.getBlockId());
      assertTrue(row != null, "blk_" + b.getBlockId() + " listed: " + listing);
      assertEquals(b.getBlockPoolId(), row.get("blockPoolId").asText());
      assertEquals(b.getGenerationStamp(), row.get("genStamp").asLong());
      assertEquals(CacheCluster.BLOCK / 65536, row.get("pagesOfBlock").asInt());
      assertTrue(row.get("pages").asInt() >= 1, row.toString());
      assertTrue(row.get("bytes").asLong() > (long) row.get("pages").asInt() * 65536 - 1);
      assertTrue(Instant.parse(row.get("lastRead").asText()).toEpochMilli() >= before - 1000);
    }
    String text = admin("list");
    assertTrue(text.contains(":blk_" + c.blocks(p).get(0).getBlockId() + "_"), text);
    assertTrue(text.contains(base.resolve("ssd2").toString()), "both directories: " + text);
  }

  @Test
  void evictPath_oneFileOfTwo_itsBlocksDroppedTheOtherKept() throws Exception {
    org.apache.hadoop.fs.Path gone = new org.apache.hadoop.fs.Path("/dir/gone.bin");
    org.apache.hadoop.fs.Path kept = new org.apache.hadoop.fs.Path("/dir2/kept.bin");
    c.cachedFile(gone.toString(), 2 * CacheCluster.BLOCK);
    c.cachedFile(kept.toString(), CacheCluster.BLOCK);
    String uri = c.fs.getUri() + "/dir";
    JsonNode asked = JSON.readTree(admin("evict", "--path", uri, "--json"));
    assertEquals(2, asked.get("blocks").size(), asked.toString());
    assertEquals(1, asked.get("files").asInt());
    for (ExtendedBlock b : c.blocks(gone)) {
      within5s("blk_" + b.getBlockId() + " evicted", () -> !c.cache(0).isCached(b));
    }
    assertTrue(c.cache(0).isCached(c.blocks(kept).get(0)), "another path's block kept");
  }
}
