package io.hdfslocalcache.ops.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.metrics.CandidateNames;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.GuardMetrics;
import io.hdfslocalcache.metrics.HostMetrics;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.ShadowMetrics;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rendering of a {@code /jmx} answer captured from MetricsIT's two-DataNode MiniDFSCluster. */
class StatusReportTest {
  static String sample() throws IOException {
    try (InputStream in =
        StatusReportTest.class.getResourceAsStream("/status/jmx-two-datanodes.json")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  static Map<String, Object> bean(int i) throws IOException {
    return Jmx.JSON.convertValue(
        Jmx.JSON.readTree(sample()).get("beans").get(i),
        new TypeReference<Map<String, Object>>() {});
  }

  @Test
  void render_dataNodeThatServedReads_showsCacheAndHddFigures() throws IOException {
    String text = new StatusReport(bean(1)).render("dn1:9864");
    List<String> lines = text.lines().toList();
    assertEquals(
        "hdfs-local-cache on dn1:9864  (DataNode 9b33571d-ac4c-4224-a8e8-aaa44b5cb010" + " on vm)",
        lines.get(0));
    assertTrue(
        text.contains("block reads        1 from cache, 2 from HDD  (hit ratio 33.3%)"), text);
    // 1,052,422 B from the cache; 2,104,844 B from the HDD: a third of the bytes.
    assertTrue(
        text.contains(
            "bytes read         1.0 MiB from cache, 2.0 MiB from HDD (fallbacks 0 B,"
                + " uncached pages n/a)  (33.3% from cache)"),
        text);
    assertTrue(text.contains("cache p50 ") && text.contains("HDD p50 63 us p99 6.1 ms"), text);
    assertTrue(text.contains("HDD reads now      0 streams open, 0 reads in flight"), text);
    assertTrue(text.contains("host now           procs_blocked 0, procs_running 5"), text);
    assertTrue(text.contains("  dir0             1.0 MiB of 64.0 MiB (1.6%), in service"), text);
    assertTrue(text.contains("admission          1 admitted, 1 not yet, 1 blocks tracked"), text);
    assertTrue(text.contains("fills              1 queued: completed 1; 1.0 MiB written"), text);
    assertTrue(text.contains("invalidations      none"), text);
    assertTrue(text.contains("read fallbacks     none"), text);
    assertTrue(lines.size() <= 24, "fits one screen: " + lines.size());
  }

  @Test
  void render_pagesModeGapBytes_countedAsHddBytesLikeTheRatio() throws IOException {
    Map<String, Object> bean = bean(1);
    // 1 MiB from the cache, 1 MiB missed, 1 MiB fell back, 1 MiB of uncached pages: a quarter.
    bean.put(ReadPathMetrics.BYTES_CACHE, 1L << 20);
    bean.put(ReadPathMetrics.BYTES_HDD, 1L << 20);
    bean.put(ReadPathMetrics.BYTES_FALLBACK_HDD, 1L << 20);
    bean.put(ReadPathMetrics.BYTES_UNCACHED_HDD, 1L << 20);
    bean.put(ReadPathMetrics.BYTES_CACHE_RATIO, 0.25);
    String text = new StatusReport(bean).render("dn1:9864");
    assertTrue(
        text.contains(
            "bytes read         1.0 MiB from cache, 3.0 MiB from HDD (fallbacks 1.0 MiB,"
                + " uncached pages 1.0 MiB)  (25.0% from cache)"),
        text);
    assertEquals(3L << 20, CacheFigures.of(bean).bytesHdd());
  }

  @Test
  void render_thresholdReported_showsTheThresholdInUse() throws IOException {
    Map<String, Object> bean = bean(1);
    bean.put(AdmissionMetrics.THRESHOLD, 31);
    String text = new StatusReport(bean).render("dn1:9864");
    assertTrue(
        text.contains("admission          1 admitted, 1 not yet, 1 blocks tracked, threshold 31"),
        text);
  }

  @Test
  void render_roomRuleBelowTheTunedThreshold_showsTheTunedOneItsSinceBelongsTo()
      throws IOException {
    Map<String, Object> bean = bean(1);
    bean.put(AdmissionMetrics.THRESHOLD, 7); // in effect: the room rule's
    bean.put(AdmissionMetrics.THRESHOLD_TUNED, 31);
    bean.put(AdmissionMetrics.THRESHOLD_SINCE, 1_764_000_000_000L);
    String text = new StatusReport(bean).render("dn1:9864");
    assertTrue(text.contains(", threshold 31 since 2025-11-24T16:00:00Z"), text);
    assertEquals(31, CacheFigures.of(bean).threshold().low());
  }

  @Test
  void render_idleDataNode_noLatencyAndZeroRatios() throws IOException {
    String text = new StatusReport(bean(0)).render("dn0:9864");
    assertTrue(text.contains("read call latency  cache n/a   HDD n/a"), text);
    assertTrue(text.contains("(hit ratio 0.0%)"), text);
  }

  @Test
  void render_failuresAndOutOfServiceDir_listedByCause() throws IOException {
    Map<String, Object> b = new LinkedHashMap<>(bean(1));
    b.put("read.fallback.timeout", 4L);
    b.put("read.fallback.io_error", 1L);
    b.put("store.invalidations.delete", 12L);
    b.put(DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE), 0L);
    b.remove(HostMetrics.PROCS_BLOCKED);
    String text = new StatusReport(b).render("dn1:9864");
    assertTrue(text.contains("read fallbacks     io_error 1, timeout 4"), text);
    assertTrue(text.contains("invalidations      delete 12"), text);
    assertTrue(text.contains("OUT OF SERVICE"), text);
    assertTrue(text.contains("procs_blocked n/a"), text);
  }

  @Test
  void render_dirReadingOnIoThreadsAfterSlowRead_saysSlowReads() throws IOException {
    Map<String, Object> b = new LinkedHashMap<>(bean(1));
    b.put(DirectoryNames.of(0, DirectoryMetrics.READ_ROUTE), 2L);
    String text = new StatusReport(b).render("dn1:9864");
    assertTrue(text.contains("(1.6%), in service, SLOW READS (over 50 ms)"), text);
    b.put(
        DirectoryNames.of(0, DirectoryMetrics.READ_ROUTE),
        1L); // read.bound=strict: by configuration, not a symptom
    assertTrue(new StatusReport(b).render("dn1:9864").contains("(1.6%), in service\n"), text);
  }

  @Test
  void render_dirPausedByWriteBudget_saysWhyAndTheKeyWithItsValue() throws IOException {
    Map<String, Object> b = new LinkedHashMap<>(bean(1));
    b.put(DirectoryNames.of(0, GuardMetrics.STATE), 2);
    b.put(DirectoryNames.of(0, GuardMetrics.WRITE_BUDGET_BYTES), 3L << 20);
    b.put(DirectoryNames.of(0, GuardMetrics.WRITE_BUDGET_DRIVE_WRITES_PER_DAY), 0.5);
    String text = new StatusReport(b).render("dn1:9864");
    assertTrue(
        text.contains(
            "(1.6%), in service\n                     fills PAUSED: SSD write budget spent (3.0"
                + " MiB left; dfs.datanode.local-cache.fill.max.drive.writes.per.day=0.5 x 64.0"
                + " MiB = 32.0 MiB/day). To fill more, raise"
                + " dfs.datanode.local-cache.fill.max.drive.writes.per.day (0 = no budget)\n"),
        text);
  }

  @Test
  void render_dirOutOfServiceLastPausedByWriteBudget_noAdviceToRaiseIt() throws IOException {
    Map<String, Object> b = new LinkedHashMap<>(bean(1));
    b.put(DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE), 0);
    b.put(DirectoryNames.of(0, GuardMetrics.STATE), 2); // its guard's state when the SSD failed
    b.put(DirectoryNames.of(0, GuardMetrics.WRITE_BUDGET_BYTES), -1L); // it counts in no budget
    b.put(DirectoryNames.of(0, GuardMetrics.WRITE_BUDGET_DRIVE_WRITES_PER_DAY), 0.0);
    String text = new StatusReport(b).render("dn1:9864");
    assertTrue(text.contains("(1.6%), OUT OF SERVICE\n"), text);
    assertTrue(!text.contains("PAUSED"), text);
  }

  @Test
  void render_dirPausedByCost_namesTheGuardKey() throws IOException {
    Map<String, Object> b = new LinkedHashMap<>(bean(1));
    b.put(DirectoryNames.of(0, GuardMetrics.STATE), 1);
    String text = new StatusReport(b).render("dn1:9864");
    assertTrue(text.contains("fills PAUSED: they cost the HDDs more"), text);
    assertTrue(text.contains("dfs.datanode.local-cache.fill.guard.enabled"), text);
    b.put(DirectoryNames.of(0, GuardMetrics.STATE), 0);
    assertTrue(!new StatusReport(b).render("dn1:9864").contains("PAUSED"), text);
  }

  /** A shadow-mode DataNode's bean, folded as the status command reads it. */
  static Map<String, Object> shadowBean() {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("tag.DatanodeUuid", "u-1");
    b.put(ShadowMetrics.FEED_EVENTS, 1234L);
    b.put(ShadowMetrics.FEED_DROPPED, 0L);
    b.put(ShadowMetrics.FEED_ERRORS, 0L);
    b.put(HostMetrics.PROCS_BLOCKED, 3L);
    b.put(HostMetrics.PROCS_RUNNING, 5L);
    b.put(CandidateNames.of("t4", ShadowMetrics.READS), 1200L);
    b.put(CandidateNames.of("t4", ShadowMetrics.HIT_RATIO), 0.45);
    b.put(CandidateNames.of("t4", ShadowMetrics.BYTE_HIT_RATIO), 0.521);
    b.put(CandidateNames.of("t4", ShadowMetrics.SSD_BYTES_WRITTEN), 3L << 30);
    b.put(CandidateNames.of("t4", ShadowMetrics.HDD_SAVED_RATIO), 0.382);
    b.put(CandidateNames.of("t1", ShadowMetrics.READS), 1200L);
    b.put(CandidateNames.of("t1", ShadowMetrics.HIT_RATIO), 0.5);
    b.put(CandidateNames.of("t1", ShadowMetrics.BYTE_HIT_RATIO), 0.6);
    b.put(CandidateNames.of("t1", ShadowMetrics.SSD_BYTES_WRITTEN), 5L << 30);
    b.put(CandidateNames.of("t1", ShadowMetrics.HDD_SAVED_RATIO), -0.1);
    return b;
  }

  @Test
  void render_shadowMode_modeFeedAndOneLinePerCandidate() {
    String text = new StatusReport(shadowBean()).render("dn1:9864");
    assertTrue(text.contains("mode               SHADOW: every read from the HDDs"), text);
    assertTrue(text.contains("shadow feed        1,234 events fed, 0 dropped\n"), text);
    assertTrue(
        text.contains(
            "  t4               hit 45.0%, bytes 52.1% of 1,200 reads; SSD writes 3.0 GiB;"
                + " HDD time saved 38.2%\n"),
        text);
    assertTrue(text.indexOf("  t1 ") < text.indexOf("  t4 "), text);
    assertTrue(text.contains("HDD time saved -10.0%"), text);
    assertTrue(text.contains("host now           procs_blocked 3"), text);
    assertTrue(!text.contains("block reads"), "no cache figures in shadow mode: " + text);
    assertTrue(!text.contains("short-circuit"), "not reported by this release: " + text);
  }

  @Test
  void render_shadowModeWithShortCircuitOpens_countedAsReadsNoCandidateServes() {
    Map<String, Object> b = shadowBean();
    b.put(ReadPathMetrics.SHORT_CIRCUIT_OPENS, 42L);
    String text = new StatusReport(b).render("dn1:9864");
    assertTrue(
        text.contains(
            "short-circuit      42 opens of HDD files by clients on this host, never through the"
                + " cache (no candidate's model sees them)"),
        text);
    assertTrue(
        Row.shadow("dn1:9864", b).detail().contains("42 short-circuit opens no candidate sees"));
  }

  @Test
  void render_candidateBesideTheCache_calibrationInPoints() throws IOException {
    Map<String, Object> b = new LinkedHashMap<>(bean(1));
    b.put(ShadowMetrics.FEED_EVENTS, 3L);
    b.put(ShadowMetrics.FEED_DROPPED, 0L);
    b.put(CandidateNames.of("real", ShadowMetrics.READS), 3L);
    b.put(CandidateNames.of("real", ShadowMetrics.HIT_RATIO), 0.3333);
    b.put(CandidateNames.of("real", ShadowMetrics.BYTE_HIT_RATIO), 0.3333);
    b.put(CandidateNames.of("real", ShadowMetrics.HDD_SAVED_RATIO), 0.1);
    b.put(CandidateNames.of("real", ShadowMetrics.SSD_BYTES_WRITTEN), 1L << 20);
    b.put(CandidateNames.of("real", ShadowMetrics.CALIBRATION_HIT_RATIO_DELTA), 0.0);
    b.put(CandidateNames.of("real", ShadowMetrics.CALIBRATION_BYTE_HIT_RATIO_DELTA), -0.012);
    String text = new StatusReport(b).render("dn1:9864");
    assertTrue(text.contains("block reads        1 from cache"), text);
    assertTrue(text.contains("vs the real cache: hit +0.0, bytes -1.2 points"), text);
  }
}
