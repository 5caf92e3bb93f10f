package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.index.OwnRecord;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.model.policy.LiveRung;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outcome admission's live rung survives a DataNode restart ({@code admission.tuning outcome}), as
 * the tuned threshold does ({@link ThresholdRestartIT}). The rung moves at most once a minute after
 * an hour's warm-up, too slowly to move in a test; the test leaves in the index what a DataNode
 * whose ladder had moved would have left there, through the index's own API.
 */
class OutcomeRestartIT {
  @TempDir Path base;
  CacheCluster c;

  @BeforeEach
  void start() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.setBoolean(CacheKeys.FILL_GUARD, true); // the write budget the ladder's models spend
    conf.set(CacheKeys.ADMISSION_TUNING, "outcome");
    c = CacheCluster.start(conf, 1);
  }

  @AfterEach
  void stop() {
    c.close();
  }

  /** The live rung, what a restart keeps. */
  private long rung() {
    return CacheCluster.gauge(c.cache(0), AdmissionMetrics.THRESHOLD_TUNED);
  }

  /** 2025-11-20T08:30:00Z: since when the saved rung was in force. */
  private static final long IN_FORCE_SINCE = 1_763_627_400_000L;

  /** {@code admission.threshold.since}: since when the rung is in force. */
  private long since() {
    return CacheCluster.gauge(c.cache(0), AdmissionMetrics.THRESHOLD_SINCE);
  }

  /** The threshold in effect: below the rung while the room rule holds ({@code room=1}). */
  private long threshold() {
    return CacheCluster.gauge(c.cache(0), AdmissionMetrics.THRESHOLD);
  }

  private void restart(Runnable whileDown) throws Exception {
    DataNodeProperties props = c.cluster.stopDataNode(0);
    whileDown.run();
    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
  }

  @Test
  void restart_outcomeRung_keptTwiceInTheGauge() throws Exception {
    assertEquals(1, rung(), "the configured threshold until the ladder moves");
    // The empty cache, a full budget, the warm-up: the room rule admits at the bottom rung, 0.
    assertEquals(0, threshold(), "the room rule");
    String uuid = c.cluster.getDataNodes().get(0).getDatanodeUuid();
    Path index = base.resolve("ssd").resolve(uuid).resolve("index");
    restart(
        () -> {
          try (BlockIndex i = BlockIndex.open(index)) {
            i.putOwn(
                OwnRecord.LIVE_RUNG,
                new LiveRung(1, 7, System.currentTimeMillis(), IN_FORCE_SINCE));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });

    assertEquals(7, rung(), "the saved rung, not the configured 1");
    assertEquals(IN_FORCE_SINCE, since(), "since the rung took its value, not the restart");
    assertEquals(1, threshold(), "the room rule in the warm-up after a restart: 7 / 4");

    restart(() -> {}); // what this DataNode kept itself

    assertEquals(7, rung());
    assertEquals(IN_FORCE_SINCE, since());
  }
}
