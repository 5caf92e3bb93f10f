package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.index.OwnRecord;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.model.policy.TunedThreshold;
import io.hdfslocalcache.ops.status.StatusCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admission threshold in use survives a DataNode restart (admission.tuning auto, with an SSD
 * write budget to tune to), and {@code status --datanode} says since when. The tuner moves once a
 * minute by at most 4%, too slowly to raise in a test; the second test leaves in the index what a
 * DataNode whose fills outran its budget would have left there, through the index's own API.
 */
class ThresholdRestartIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path base;
  CacheCluster c;

  @BeforeEach
  void start() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.setBoolean(CacheKeys.FILL_GUARD, true); // the write budget the threshold tunes to
    conf.set(
        CacheKeys.ADMISSION_TUNING, "auto"); // the tuner's threshold (outcome: OutcomeRestartIT)
    c = CacheCluster.start(conf, 1);
  }

  @AfterEach
  void stop() {
    c.close();
  }

  private long gauge(String name) {
    return CacheCluster.gauge(c.cache(0), name);
  }

  private void restart(Runnable whileDown) throws Exception {
    DataNodeProperties props = c.cluster.stopDataNode(0);
    whileDown.run();
    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
  }

  private String status(String... more) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] args = new String[2 + more.length];
    args[0] = "--datanode";
    args[1] = "localhost:" + c.cluster.getDataNodes().get(0).getInfoPort();
    System.arraycopy(more, 0, args, 2, more.length);
    int rc =
        StatusCommand.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void restart_thresholdAtTheConfiguredOne_sinceTheFirstStartNotTheRestart() throws Exception {
    assertEquals(1, gauge(AdmissionMetrics.THRESHOLD_TUNED));
    // An empty cache with a full budget: the room rule admits at max(lowest 0, 1 / 4 = 0), on the
    // first read, and the gauge in effect says so.
    assertEquals(0, gauge(AdmissionMetrics.THRESHOLD));
    long firstStart = gauge(AdmissionMetrics.THRESHOLD_SINCE);
    assertTrue(firstStart > 0 && firstStart <= System.currentTimeMillis());
    Thread.sleep(20); // so that a restart's own time would differ

    restart(() -> {});

    assertEquals(1, gauge(AdmissionMetrics.THRESHOLD_TUNED));
    assertEquals(firstStart, gauge(AdmissionMetrics.THRESHOLD_SINCE), "kept, not restarted");
  }

  @Test
  void restart_tunedThreshold_keptTwiceAndStatusSaysSinceWhen() throws Exception {
    String uuid = c.cluster.getDataNodes().get(0).getDatanodeUuid();
    Path index = base.resolve("ssd").resolve(uuid).resolve("index");
    long tunedAt = Instant.parse("2026-11-20T08:30:00Z").toEpochMilli();
    restart(
        () -> {
          try (BlockIndex i = BlockIndex.open(index)) {
            i.putOwn(OwnRecord.TUNED_THRESHOLD, new TunedThreshold(1, 9, 4.0e6, tunedAt));
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });

    assertEquals(
        9, gauge(AdmissionMetrics.THRESHOLD_TUNED), "the tuned threshold, not the configured 1");
    // The cache has room and its budget more than half its burst: the room rule admits at 9 / 4.
    assertEquals(2, gauge(AdmissionMetrics.THRESHOLD), "the threshold in effect");
    assertEquals(tunedAt, gauge(AdmissionMetrics.THRESHOLD_SINCE));
    JsonNode json = JSON.readTree(status("--json"));
    assertEquals(9, json.get("admissionThreshold").asLong(), json.toString());
    assertEquals("2026-11-20T08:30:00Z", json.get("admissionThresholdSince").asText());
    assertTrue(status().contains(", threshold 9 since 2026-11-20T08:30:00Z"), status());

    restart(() -> {}); // what this DataNode saved itself

    assertEquals(9, gauge(AdmissionMetrics.THRESHOLD_TUNED));
    assertEquals(tunedAt, gauge(AdmissionMetrics.THRESHOLD_SINCE));
  }
}
