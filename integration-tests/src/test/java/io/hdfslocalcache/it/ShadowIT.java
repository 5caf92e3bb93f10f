package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.shadow.ShadowFeed;
import io.hdfslocalcache.metrics.CandidateNames;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.ShadowMetrics;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.model.ModelTotals;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.model.Replayer;
import io.hdfslocalcache.simulator.model.RunConfig;
import io.hdfslocalcache.simulator.model.RunResult;
import io.hdfslocalcache.simulator.trace.Strictness;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import io.hdfslocalcache.simulator.trace.TraceParser;
import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shadow mode on a real DataNode: the reads are the HDD dataset's, byte for byte, nothing touches
 * the cache directory, and the candidates' models see the client reads (and deletes) the DataNode
 * serves. Each test counts the block reads it makes and waits until the feed has applied exactly
 * that many more events: a read's event is offered when the DataNode closes its block stream, which
 * may be just after the client has its bytes.
 */
class ShadowIT {
  @TempDir static Path base;
  static CacheCluster c;
  static ShadowFeed feed;

  /** The DataNode's own settings (threshold 1, pages, 64 MB, guard off: CacheCluster's). */
  static final String SAME = "same";

  /** A threshold no block reaches in a test. */
  static final String NEVER = "never";

  /** Whole blocks in 2.5 MiB: two 1 MiB blocks fit, three do not. */
  static final String SMALL = "small";

  @BeforeAll
  static void start() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.MODE, "shadow");
    conf.set(CacheKeys.SHADOW_CANDIDATES, String.join(",", SAME, NEVER, SMALL));
    // fixed: above outcome's largest configured threshold (8190), and never moved down
    conf.set(CacheKeys.SHADOW_CANDIDATE_PREFIX + NEVER, "threshold=65534,tuning=fixed");
    conf.set(CacheKeys.SHADOW_CANDIDATE_PREFIX + SMALL, "fill=block,capacity=2560k");
    c = CacheCluster.start(conf, 1);
    feed =
        LocalCacheDatasetFactory.shadowOf(c.cluster.getDataNodes().get(0).getFSDataset())
            .orElseThrow();
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  private static org.apache.hadoop.fs.Path path(String s) {
    return new org.apache.hadoop.fs.Path(s);
  }

  /** Waits until the feed has applied {@code events} more than {@code before}. */
  static void awaitApplied(ShadowFeed f, long before, long events) throws Exception {
    CacheCluster.await(
        "the shadow feed to apply " + events + " events", () -> f.applied() >= before + events);
    assertEquals(before + events, f.applied(), "no event beyond the ones this test caused");
    assertEquals(0, f.dropped());
  }

  @Test
  void shadowMode_clientReads_bytesIdenticalAndNothingOnAnySsd() throws Exception {
    assertNull(c.cache(0), "no cache in shadow mode");
    org.apache.hadoop.fs.Path p = path("/identical.bin");
    int len = 3 * CacheCluster.BLOCK + 123_457;
    byte[] data = c.write(p, len, (short) 1, 1);
    long before = feed.applied();
    assertArrayEquals(data, c.readAll(p)); // 4 block reads
    assertArrayEquals(
        Arrays.copyOfRange(data, CacheCluster.BLOCK - 1000, CacheCluster.BLOCK + 5000),
        c.pread(p, CacheCluster.BLOCK - 1000, 6000)); // 2 block reads
    try (FSDataInputStream in = c.fs.open(p)) {
      in.seek(2L * CacheCluster.BLOCK + 77);
      byte[] b = new byte[10_000];
      in.readFully(b);
      assertArrayEquals(
          Arrays.copyOfRange(data, 2 * CacheCluster.BLOCK + 77, 2 * CacheCluster.BLOCK + 10_077),
          b);
    } // 1 block read
    awaitApplied(feed, before, 7);
    assertFalse(Files.exists(base.resolve("ssd")), "the configured cache directory is not created");
    try (Stream<Path> s = Files.list(base)) {
      assertEquals(
          List.of("dfs"),
          s.map(f -> f.getFileName().toString()).sorted().collect(Collectors.toList()),
          "nothing but HDFS's own directory under the test's base");
    }
  }

  @Test
  void shadowMode_repeatedReads_thresholdOneHitsUnreachableThresholdNone() throws Exception {
    org.apache.hadoop.fs.Path p = path("/repeated.bin");
    byte[] data = c.write(p, CacheCluster.BLOCK, (short) 1, 2);
    ModelTotals same = feed.totals(SAME);
    ModelTotals never = feed.totals(NEVER);
    long before = feed.applied();
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(data, c.readAll(p));
    }
    awaitApplied(feed, before, 3);
    ModelTotals same2 = feed.totals(SAME);
    ModelTotals never2 = feed.totals(NEVER);
    assertEquals(3, same2.reads - same.reads);
    assertEquals(3L * CacheCluster.BLOCK, same2.readBytes - same.readBytes);
    // read 1: one access; read 2: more than 1, admitted and filled; read 3: a hit
    assertEquals(1, same2.hits - same.hits, "threshold 1: the third read hits");
    assertEquals(CacheCluster.BLOCK, same2.hitBytes - same.hitBytes);
    assertTrue(same2.ssdBytesWritten > same.ssdBytesWritten);
    assertEquals(3, never2.reads - never.reads);
    assertEquals(0, never2.hits - never.hits, "an unreachable threshold never hits");
    assertEquals(0, never2.ssdBytesWritten - never.ssdBytesWritten);
    assertEquals(0, never2.hitBytes - never.hitBytes);
  }

  @Test
  void shadowMode_delete_blockDroppedFromTheModel() throws Exception {
    org.apache.hadoop.fs.Path a = path("/drop-a.bin");
    org.apache.hadoop.fs.Path b = path("/drop-b.bin");
    org.apache.hadoop.fs.Path d = path("/drop-c.bin");
    for (org.apache.hadoop.fs.Path p : List.of(a, b, d)) {
      c.write(p, CacheCluster.BLOCK, (short) 1, p.hashCode());
    }
    long before = feed.applied();
    for (org.apache.hadoop.fs.Path p : List.of(a, b)) {
      c.readAll(p);
      c.readAll(p); // admitted: `small` holds a and b, its whole capacity
    }
    awaitApplied(feed, before, 4);
    long deletions = feed.totals(SMALL).deletions;
    c.fs.delete(a, false);
    awaitApplied(feed, before + 4, 1); // the DataNode's invalidation of a's block
    assertEquals(deletions + 1, feed.totals(SMALL).deletions);
    long evictions = feed.totals(SMALL).evictions;
    c.readAll(d);
    c.readAll(d); // admitted: fits only if a is gone, else a (least recently read) is evicted
    awaitApplied(feed, before + 5, 2);
    ModelTotals small = feed.totals(SMALL);
    assertEquals(evictions, small.evictions, "the deleted block's room was free");
  }

  @Test
  void shadowMode_append_olderVersionDroppedFromTheModel() throws Exception {
    org.apache.hadoop.fs.Path p = path("/append.bin");
    c.write(p, 100_000, (short) 1, 3);
    long before = feed.applied();
    c.readAll(p);
    c.readAll(p); // admitted by `same`: its SSD holds this version
    awaitApplied(feed, before, 2);
    ModelTotals held = feed.totals(SAME);
    try (org.apache.hadoop.fs.FSDataOutputStream out = c.fs.append(p)) {
      out.write(new byte[1000]);
    }
    CacheCluster.await(
        "the append to reach the model",
        () -> feed.totals(SAME).invalidations > held.invalidations);
    assertEquals(held.invalidations + 1, feed.totals(SAME).invalidations);
    assertEquals(held.trackedBlocks - 1, feed.totals(SAME).trackedBlocks);
  }

  /**
   * The strongest check: what each candidate's model counted on the DataNode equals what the
   * simulator computes from the same DataNode's clienttrace log of the same reads, counter for
   * counter. The log is captured as an operator would (DEBUG), parsed with the simulator's parser
   * and replayed with its replayer (what {@code simulate} prints), with each candidate's settings.
   * A cluster of its own, so every read since its start is in both. Reads are whole blocks or
   * preads, never a stream the client abandons mid-block (its last packet may be read by the
   * DataNode and not logged), and in one thread, so the log's order is the feed's.
   */
  @Test
  void shadowFigures_sameReadsReplayedBySimulatorFromClienttrace_equal(@TempDir Path dir)
      throws Exception {
    Configuration conf = CacheCluster.conf(dir);
    conf.set(CacheKeys.MODE, "shadow");
    String[][] candidates = {
      {"same", ""}, // threshold 1, pages of 64 KB, 64 MB, guard off
      {"block", "fill=block"},
      {"guarded", "guard=on,threshold=0"},
      {"small-block", "fill=block,threshold=2,capacity=2560k"},
      {"small-pages", "fill=pages,capacity=3m,window=10m"}
    };
    StringBuilder names = new StringBuilder();
    for (String[] cand : candidates) {
      names.append(names.length() == 0 ? "" : ",").append(cand[0]);
      conf.set(CacheKeys.SHADOW_CANDIDATE_PREFIX + cand[0], cand[1]);
    }
    conf.set(CacheKeys.SHADOW_CANDIDATES, names.toString());
    try (ClientTraceCapture log = ClientTraceCapture.start();
        CacheCluster own = CacheCluster.start(conf, 1)) {
      org.apache.hadoop.hdfs.server.datanode.DataNode dn = own.cluster.getDataNodes().get(0);
      ShadowFeed f = LocalCacheDatasetFactory.shadowOf(dn.getFSDataset()).orElseThrow();
      int block = CacheCluster.BLOCK;
      org.apache.hadoop.fs.Path a = path("/exact-a.bin");
      org.apache.hadoop.fs.Path b = path("/exact-b.bin");
      org.apache.hadoop.fs.Path d = path("/exact-c.bin");
      own.write(a, 3 * block + 300_000, (short) 1, 11);
      own.write(b, block, (short) 1, 12);
      own.write(d, 100_000, (short) 1, 13);
      long before = f.applied();
      own.readAll(a); // 4 block reads
      own.pread(a, 5000, 4096);
      own.pread(a, block - 1000, 6000); // 2
      own.readAll(b);
      own.readAll(a); // 4
      own.pread(d, 777, 50_000);
      own.readAll(b);
      own.pread(a, 2L * block + 100, 300_000);
      own.readAll(d);
      own.readAll(d);
      own.pread(a, 5000, 4096);
      own.readAll(b);
      own.readAll(a); // 4
      own.pread(a, 3L * block + 1, 299_000);
      awaitApplied(f, before, 24);

      Trace trace =
          new TraceParser(Optional.of(TraceFormat.CLIENTTRACE), Strictness.STRICT)
              .parse(
                  new ByteArrayInputStream(
                      log.linesOf(dn.getDatanodeUuid()).getBytes(StandardCharsets.UTF_8)));
      for (String[] cand : candidates) {
        CandidateSpec spec = specOf(own, cand[0]);
        RunResult sim = new Replayer(trace, runConfig(spec), new LongAdder()).run().result();
        ModelTotals dn0 = f.totals(cand[0]);
        String what = spec + ": DataNode " + dn0 + ", simulator " + sim;
        assertEquals(24, sim.reads(), what);
        assertEquals(sim.reads(), dn0.reads, what);
        assertEquals(sim.readBytes(), dn0.readBytes, what);
        assertEquals(sim.hits(), dn0.hits, what);
        assertEquals(sim.partialHits(), dn0.partialHits, what);
        assertEquals(sim.hitBytes(), dn0.hitBytes, what);
        assertEquals(sim.ssdBytesWritten(), dn0.ssdBytesWritten, what);
        assertEquals(sim.hddBytesRead(), dn0.hddBytesRead, what);
        assertEquals(sim.fillBytesRead(), dn0.fillBytesRead, what);
        assertEquals(sim.admissions(), dn0.admissions, what);
        assertEquals(sim.pageFills(), dn0.pageFills, what);
        assertEquals(sim.fillsTooLarge(), dn0.fillsTooLarge, what);
        assertEquals(
            sim.fillsDeniedCost() + sim.fillsDeniedWriteBudget(), dn0.fillsDeniedByGuard, what);
        assertEquals(sim.evictions(), dn0.evictions, what);
        assertEquals(sim.invalidations(), dn0.invalidations, what);
        assertEquals(sim.deletions(), dn0.deletions, what);
        // The replay reports seconds; the model rounds each batch of IOs to a microsecond.
        assertEquals(
            sim.diskHeadSecondsWithCache(), dn0.hddMicrosWithCache / 1e6, dn0.reads * 2e-6, what);
        assertEquals(
            sim.diskHeadSecondsWithoutCache(),
            dn0.hddMicrosWithoutCache / 1e6,
            dn0.reads * 2e-6,
            what);
      }
      // The reads reach the rules worth comparing: hits, partial hits, evictions, both modes.
      assertTrue(f.totals("same").hits > 0 && f.totals("block").hits > 0);
      assertTrue(f.totals("small-block").evictions > 0, f.totals("small-block").toString());
      assertTrue(f.totals("small-pages").evictions > 0, f.totals("small-pages").toString());
      assertTrue(f.totals("small-pages").partialHits > 0, f.totals("small-pages").toString());
    }
  }

  /** The candidate as the DataNode parsed it (its settings over the DataNode's own). */
  private static CandidateSpec specOf(CacheCluster cluster, String name) {
    return CacheConfig.from(cluster.conf).candidates().specs().stream()
        .filter(s -> s.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  /**
   * The simulator's run of the same settings, on one directory and one disk: the candidate's own
   * admission policy ({@code tuning=}, the DataNode's default outcome unless named), as its model
   * runs it.
   */
  private static RunConfig runConfig(CandidateSpec spec) {
    PolicySpec policy = PolicySpec.dataNode(spec.admission(), spec.tuning().policy());
    return new RunConfig(
        policy, spec.capacityBytes(), spec.fill(), spec.pageSizeBytes(), 1, spec.guard());
  }

  /**
   * Calibration: a candidate with the DataNode's own settings beside the real cache sees the same
   * reads, and over them its model's hit ratios match the real cache's (fills are asynchronous on
   * the DataNode, so the test waits for the fill before the reads that should hit).
   */
  @Test
  void cacheMode_candidateLikeTheRealCache_calibrationDeltasZero(@TempDir Path dir)
      throws Exception {
    Configuration conf = CacheCluster.conf(dir);
    conf.set(CacheKeys.SHADOW_CANDIDATES, "real");
    try (CacheCluster own = CacheCluster.start(conf, 1)) {
      org.apache.hadoop.hdfs.server.datanode.DataNode dn = own.cluster.getDataNodes().get(0);
      ShadowFeed f = LocalCacheDatasetFactory.shadowOf(dn.getFSDataset()).orElseThrow();
      MetricRegistry registry = own.cache(0).metrics();
      org.apache.hadoop.fs.Path p = path("/calibrated.bin");
      byte[] data = own.write(p, CacheCluster.BLOCK, (short) 1, 21);
      long before = f.applied();
      own.readAll(p);
      own.readAll(p); // admitted: the real fill runs after this read, the model's at once
      own.awaitCached(p);
      assertArrayEquals(data, own.readAll(p));
      assertArrayEquals(Arrays.copyOfRange(data, 7000, 9000), own.pread(p, 7000, 2000));
      awaitApplied(f, before, 4);
      assertEquals(2, own.counter(ReadPathMetrics.HITS), "the real cache served the last two");
      ModelTotals model = f.totals("real");
      assertEquals(2, model.hits, model.toString());
      assertEquals(0.5, gauge(registry, ShadowMetrics.REAL_HIT_RATIO));
      assertEquals(0.5, gauge(registry, CandidateNames.of("real", ShadowMetrics.HIT_RATIO)));
      assertEquals(
          0.0,
          gauge(registry, CandidateNames.of("real", ShadowMetrics.CALIBRATION_HIT_RATIO_DELTA)));
      assertEquals(
          0.0,
          gauge(
              registry, CandidateNames.of("real", ShadowMetrics.CALIBRATION_BYTE_HIT_RATIO_DELTA)),
          1e-12);
      double realBytes = gauge(registry, ShadowMetrics.REAL_BYTE_HIT_RATIO);
      assertTrue(realBytes > 0.3 && realBytes < 0.4, "1 MB + 2 KB of 3 MB + 2 KB: " + realBytes);
      assertTrue(
          ManagementFactory.getPlatformMBeanServer()
              .isRegistered(
                  new ObjectName(
                      "Hadoop:service=DataNode,name=LocalCacheShadow-"
                          + dn.getDatanodeUuid()
                          + "-real")),
          "the candidate's metrics2 source is in JMX");
    }
  }

  private static double gauge(MetricRegistry r, String name) {
    return ((Number) r.getGauges().get(name).getValue()).doubleValue();
  }
}
