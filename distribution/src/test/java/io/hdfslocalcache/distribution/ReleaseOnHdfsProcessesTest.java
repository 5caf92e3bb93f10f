package io.hdfslocalcache.distribution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.distribution.UnpackedRelease.Result;
import io.hdfslocalcache.metrics.AdminMetrics;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The release as an operator runs it, on a real multi-process HDFS: a NameNode and a DataNode, each
 * its own JVM on Hadoop 3.5.0's jars, the release's DataNode jar on the DataNode's class path and
 * the keys of docs/install.md step 4 in its hdfs-site.xml; the stock HDFS client writes and reads;
 * the unpacked release's {@code status} and {@code admin} (no Maven on the PATH) read and steer the
 * live cache. Packaging faults (a class or native library missing from a jar, a key that does not
 * reach the DataNode) show up here, not on an operator's cluster. One cluster for the class; each
 * test writes its own file and checks changes in the figures, so the order does not matter.
 */
class ReleaseOnHdfsProcessesTest {
  private static final int BLOCK = HdfsProcesses.BLOCK;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  /** The cache's JMX attributes the tests wait on (the names status reads too). */
  private static final String HITS = ReadPathMetrics.HITS;

  private static final String BLOCKS = DirectoryMetrics.BLOCKS;
  private static final String BYTES_HDD = ReadPathMetrics.BYTES_HDD;
  private static final String BYPASS = AdminMetrics.BYPASS;
  private static final List<String> SETTLED = List.of(HITS, ReadPathMetrics.MISSES, BLOCKS);

  private static UnpackedRelease release;
  private static HdfsProcesses hdfs;
  private static DistributedFileSystem fs;
  private static Path ssd;
  private static Path ssd2;
  private static String dataNode;

  @BeforeAll
  static void start() throws Exception {
    release = UnpackedRelease.get();
    Path base = UnpackedRelease.TARGET.resolve("release-test/processes");
    // Beside base, which start() empties: each directory set up as docs/install.md says.
    Path ssds = UnpackedRelease.TARGET.resolve("release-test/processes-ssds");
    UnpackedRelease.deleteTree(ssds);
    ssd = CacheDirMarker.create(ssds.resolve("ssd/hdfs-local-cache"));
    ssd2 = CacheDirMarker.create(ssds.resolve("ssd2/hdfs-local-cache"));
    hdfs =
        HdfsProcesses.start(
            base,
            List.of(release.datanodeJar()),
            Map.of(
                "dfs.datanode.fsdataset.factory",
                "io.hdfslocalcache.datanode.LocalCacheDatasetFactory",
                "dfs.datanode.local-cache.dirs",
                ssd + "," + ssd2,
                "dfs.datanode.local-cache.capacity",
                "64m",
                "dfs.datanode.local-cache.admission.threshold",
                "1"));
    fs = hdfs.client();
    dataNode = "127.0.0.1:" + hdfs.dataNode().getInfoPort();
  }

  @AfterAll
  static void stop() throws IOException {
    try {
      if (fs != null) {
        fs.close();
      }
    } finally {
      if (hdfs != null) {
        hdfs.close();
      }
    }
  }

  @Test
  void dataNodeLog_cacheActiveFromTheReleaseJar_noLinkageError() throws Exception {
    String log = hdfs.log("datanode");
    assertTrue(
        log.lines()
            .anyMatch(
                l ->
                    l.contains("LocalCacheDatasetFactory: hdfs-local-cache ")
                        && l.contains(" active on 2 directories")),
        log);
    for (String fault :
        List.of("NoClassDefFoundError", "ClassNotFoundException", "UnsatisfiedLinkError")) {
      assertTrue(!log.contains(fault), fault + " in the DataNode's log:\n" + log);
    }
    assertTrue(Files.isDirectory(ssd), ssd + " missing");
    assertTrue(Files.isDirectory(ssd2), ssd2 + " missing");
  }

  @Test
  void stockClient_bytesRightAndHitsCountedByTheReleasesStatus() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/hits.bin");
    byte[] data = cached(p, 2 * BLOCK + 12_345, 1);
    settle();
    JsonNode before = statusJson();

    assertArrayEquals(data, readAll(p));

    long hits = before.get("hits").asLong();
    awaitJmx("3 more hits", b -> b.get(HITS).asLong() >= hits + 3);
    JsonNode after = statusJson();
    assertEquals(hits + 3, after.get("hits").asLong(), "3 blocks read once: 3 hits " + after);
    assertEquals(before.get("misses").asLong(), after.get("misses").asLong(), after.toString());
    assertTrue(
        after.get("bytesCache").asLong() - before.get("bytesCache").asLong() >= data.length,
        "bytes served from the cache: " + before + " -> " + after);
  }

  @Test
  void status_datanodeNamenodeAndJson_figuresOfTheLiveCache() throws Exception {
    cached(new org.apache.hadoop.fs.Path("/status.bin"), BLOCK + 1, 2);

    Result one = release.launcher("status", "--datanode", dataNode);
    assertEquals(0, one.exit, one.toString());
    assertTrue(one.out.startsWith("hdfs-local-cache on " + dataNode + " "), one.toString());
    Matcher blocks = Pattern.compile("(?m)^  cached blocks +(\\d+)$").matcher(one.out);
    assertTrue(blocks.find() && Long.parseLong(blocks.group(1)) >= 2, one.toString());
    assertTrue(one.out.lines().anyMatch(l -> l.matches("    dir0 .* in service")), one.toString());

    JsonNode json = statusJson();
    assertEquals("OK", json.get("state").asText(), json.toString());
    assertEquals(2, json.get("dirs").asLong(), json.toString());
    assertEquals(0, json.get("dirsOutOfService").asLong(), json.toString());
    assertTrue(json.get("blocks").asLong() >= 2, json.toString());
    assertTrue(json.get("fills").asLong() >= 2, json.toString());
    assertEquals(
        hdfs.dataNode().getDatanodeUuid(),
        json.get("jmx").get("tag.DatanodeUuid").asText(),
        json.toString());

    String nameNode = "127.0.0.1:" + hdfs.nameNodeHttpPort;
    Result fleet = release.launcher("status", "--namenode", nameNode);
    assertEquals(0, fleet.exit, fleet.toString());
    assertTrue(
        fleet.out.lines().anyMatch(l -> l.startsWith(dataNode + " ") && l.contains(" 0/2 ")),
        fleet.toString());
    assertTrue(fleet.out.lines().anyMatch(l -> l.startsWith("TOTAL (1 of 1)")), fleet.toString());

    Result fleetJson = release.launcher("status", "--namenode", nameNode, "--json");
    assertEquals(0, fleetJson.exit, fleetJson.toString());
    JsonNode rows = JSON.readTree(fleetJson.out).get("datanodes");
    assertEquals(1, rows.size(), fleetJson.toString());
    assertEquals("OK", rows.get(0).get("state").asText(), fleetJson.toString());
    assertTrue(rows.get(0).get("blocks").asLong() >= 2, fleetJson.toString());
  }

  /**
   * bypass given one directory: reads go to the HDD and count no hit; state and resume given the
   * other directory report and end it; list shows the blocks; evict --path drops a file's blocks
   * through the NameNode; evict --all empties the cache.
   */
  @Test
  void admin_bypassResumeListEvict_actOnTheLiveDataNode() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/admin.bin");
    byte[] data = cached(p, BLOCK + 7, 3);
    String dir = "--dir=" + ssd;
    String otherDir = "--dir=" + ssd2;

    Result bypass = release.launcher("admin", dir, "bypass");
    assertEquals(0, bypass.exit, bypass.toString());
    awaitJmx("bypass on", b -> b.get(BYPASS).asLong() == 1);
    Result state = release.launcher("admin", otherDir, "state");
    assertEquals(0, state.exit, state.toString());
    assertTrue(state.out.startsWith("bypass on, 0 eviction command(s) pending"), state.toString());
    settle();
    JsonNode before = statusJson();
    assertEquals(1, before.get("bypassed").asLong(), before.toString());
    assertArrayEquals(data, readAll(p));
    long hdd = before.get("bytesHdd").asLong();
    awaitJmx("the read from the HDD", b -> b.get(BYTES_HDD).asLong() >= hdd + data.length);
    assertEquals(before.get("hits").asLong(), statusJson().get("hits").asLong(), "no hit");

    Result resume = release.launcher("admin", otherDir, "resume");
    assertEquals(0, resume.exit, resume.toString());
    awaitJmx("bypass off", b -> b.get(BYPASS).asLong() == 0);

    Result list = release.launcher("admin", dir, "list", "--json");
    assertEquals(0, list.exit, list.toString());
    JsonNode listing = JSON.readTree(list.out);
    assertEquals(2, listing.get("directories").size(), list.toString());
    assertTrue(listing.get("blocks").asLong() >= 2, list.toString());
    org.apache.hadoop.fs.Path other = new org.apache.hadoop.fs.Path("/admin-path.bin");
    cached(other, BLOCK, 4);
    long blocks = bean().get(BLOCKS).asLong();
    Result byPath =
        release.launcher("admin", otherDir, "evict", "--path", fs.getUri() + other.toString());
    assertEquals(0, byPath.exit, byPath.toString());
    assertTrue(byPath.out.startsWith("eviction of 1 block(s) of 1 file(s) under "), byPath.out);
    awaitJmx("the path's block evicted", b -> b.get(BLOCKS).asLong() <= blocks - 1);

    Result evict = release.launcher("admin", dir, "evict", "--all");
    assertEquals(0, evict.exit, evict.toString());
    awaitJmx("every block evicted", b -> b.get(BLOCKS).asLong() == 0);
    JsonNode evicted = statusJson();
    assertEquals(0, evicted.get("blocks").asLong(), evicted.toString());
    assertEquals(0, evicted.get("bypassed").asLong(), evicted.toString());
    assertArrayEquals(data, readAll(p));
  }

  /**
   * The release's docs/install.md "Without the tool" commands, run by bash as printed (the example
   * directory and path replaced by this cluster's; {@code hdfs fsck} answered by a stand-in that
   * prints fsck's block line), each against the live DataNode.
   */
  @Test
  void installDoc_byHandCommands_actOnTheLiveDataNode() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/by-hand.bin");
    cached(p, BLOCK, 5);
    org.apache.hadoop.hdfs.protocol.ExtendedBlock b =
        fs.getClient().getLocatedBlocks(p.toString(), 0, 1).get(0).getBlock();
    List<String> pieces = byHandPieces();

    String dirs = byHand(pieces, "every directory of this DataNode").out;
    assertEquals(2, dirs.lines().count(), dirs);
    assertTrue(dirs.startsWith(ssd.toString()), dirs);

    try {
      assertEquals(0, byHand(pieces, "# bypass").exit);
      awaitJmx("bypass on", j -> j.get(BYPASS).asLong() == 1);
      Result on = byHand(pieces, "# state");
      assertTrue(on.out.endsWith("/control/bypass\n"), "state lists the bypass file: " + on);
      assertEquals(0, byHand(pieces, "# resume").exit);
      awaitJmx("bypass off", j -> j.get(BYPASS).asLong() == 0);
      Result off = byHand(pieces, "# state");
      assertTrue(off.out.isBlank(), "state lists nothing: " + off);
    } finally {
      // the other tests expect a cache that is not bypassed
      for (Path d : List.of(ssd, ssd2)) {
        try (java.util.stream.Stream<Path> s = Files.list(d)) {
          for (Path node : s.filter(Files::isDirectory).toList()) { // not the marker file
            Files.deleteIfExists(node.resolve("control").resolve("bypass"));
          }
        }
      }
    }

    long blocks = bean().get(BLOCKS).asLong();
    Result path =
        byHand(
            pieces,
            "# evict a path's blocks",
            "hdfs() { echo \"0. " + b + " len=" + b.getNumBytes() + " Live_repl=1\"; }");
    assertEquals(0, path.exit, path.toString());
    awaitJmx("the path's block evicted", j -> j.get(BLOCKS).asLong() <= blocks - 1);

    String listing = byHand(pieces, "# list what is cached").out;
    assertTrue(listing.startsWith("# hdfs-local-cache listing 1\n"), listing);
    assertTrue(listing.endsWith("\nend\n"), listing);
    assertEquals(2, listing.lines().filter(l -> l.startsWith("dir\t")).count(), listing);
  }

  /**
   * The commands of install.md's "Without the tool" block, one piece per commented line (with the
   * uncommented lines before it), the example names replaced by this cluster's.
   */
  private static List<String> byHandPieces() throws IOException {
    String install = Files.readString(release.home.resolve("docs/install.md"));
    int section = install.indexOf("## Without the tool");
    int from = install.indexOf("```\n", section) + 4;
    String block = install.substring(from, install.indexOf("```", from));
    List<String> pieces = new java.util.ArrayList<>();
    StringBuilder piece = new StringBuilder();
    for (String line : block.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      piece.append(line.replace("/ssd1/hdfs-local-cache", ssd.toString())).append('\n');
      if (line.contains(" # ")) {
        pieces.add(piece.toString());
        piece.setLength(0);
      }
    }
    return pieces;
  }

  /**
   * Runs the first piece (it sets {@code C}) and the one whose comment has {@code comment}, after
   * {@code before} (bash, the pipes' failures kept).
   */
  private static Result byHand(List<String> pieces, String comment, String... before)
      throws Exception {
    String piece =
        pieces.stream()
            .filter(p -> p.contains(comment))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no '" + comment + "' in " + pieces));
    String script =
        "set -o pipefail\n"
            + String.join("\n", before)
            + "\n"
            + pieces.get(0)
            + piece.replace("/warehouse/t1", "/by-hand.bin");
    return UnpackedRelease.run(List.of("/bin/bash", "-c", script), ssd, System.getenv("PATH"));
  }

  /** Writes {@code length} bytes and reads them until every block of the file is cached. */
  private static byte[] cached(org.apache.hadoop.fs.Path p, int length, long seed)
      throws Exception {
    byte[] data = new byte[length];
    new Random(seed).nextBytes(data);
    try (FSDataOutputStream out = fs.create(p, true, 4096, (short) 1, BLOCK)) {
      out.write(data);
    }
    long blocks = (length + BLOCK - 1) / BLOCK;
    long before = bean().get(BLOCKS).asLong();
    assertArrayEquals(data, readAll(p)); // counted
    assertArrayEquals(data, readAll(p)); // more than the threshold of 1: admitted, filled
    awaitJmx(blocks + " more blocks cached", b -> b.get(BLOCKS).asLong() >= before + blocks);
    return data;
  }

  /** The release's {@code status --datanode --json}, which must succeed. */
  private static JsonNode statusJson() throws Exception {
    Result r = release.launcher("status", "--datanode", dataNode, "--json");
    assertEquals(0, r.exit, r.toString());
    return JSON.readTree(r.out);
  }

  /**
   * The cache's DataNode-wide bean from the DataNode's {@code /jmx}, as monitoring reads it: the
   * cheap way to wait (a status run starts a JVM); status then reports what it shows.
   */
  private static JsonNode bean() throws Exception {
    String url = "http://" + dataNode + "/jmx?qry=Hadoop:service=DataNode,name=LocalCache-*";
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), r.body());
    JsonNode beans = JSON.readTree(r.body()).get("beans");
    assertEquals(1, beans.size(), r.body());
    return beans.get(0);
  }

  /**
   * Polls the DataNode's JMX until {@code cond} holds. Fills and admin commands act asynchronously,
   * and JMX shows the values of the last metrics period (1 s here).
   */
  private static void awaitJmx(String what, Predicate<JsonNode> cond) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    JsonNode last = bean();
    while (!cond.test(last)) {
      if (System.nanoTime() > deadline) {
        throw new TimeoutException("timed out waiting for " + what + "; JMX: " + last);
      }
      Thread.sleep(100);
      last = bean();
    }
  }

  /** Waits until two readings more than a metrics period apart agree on the counts. */
  private static void settle() throws Exception {
    JsonNode last = bean();
    for (int i = 0; i < 30; i++) {
      Thread.sleep(1_100);
      JsonNode next = bean();
      JsonNode previous = last;
      if (SETTLED.stream().allMatch(k -> next.get(k).equals(previous.get(k)))) {
        return;
      }
      last = next;
    }
    throw new TimeoutException("figures still moving: " + last);
  }

  private static byte[] readAll(org.apache.hadoop.fs.Path p) throws IOException {
    byte[] buf = new byte[(int) fs.getFileStatus(p).getLen()];
    try (FSDataInputStream in = fs.open(p)) {
      IOUtils.readFully(in, buf, 0, buf.length);
    }
    return buf;
  }
}
