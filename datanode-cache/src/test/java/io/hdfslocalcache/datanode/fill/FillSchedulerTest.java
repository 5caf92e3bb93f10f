package io.hdfslocalcache.datanode.fill;

import static io.hdfslocalcache.datanode.fill.FillHarness.GS;
import static io.hdfslocalcache.datanode.fill.FillHarness.PAGE;
import static io.hdfslocalcache.datanode.fill.FillHarness.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.hdfslocalcache.metrics.FillMetrics;
import java.nio.file.Path;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.test.GenericTestUtils.LogCapturer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** The scheduler in front of real fills (FillHarness): what it queues and what it skips. */
class FillSchedulerTest {
  private static final int LENGTH = 4 * PAGE + 1000;
  private static final String CORRUPT = FillMetrics.OUTCOME + "hdd_corrupt";
  private static final String WARNING = "failed its own checksums in a fill";

  @TempDir Path root;
  FillHarness h;
  FillScheduler scheduler;

  @BeforeEach
  void setUp() throws Exception {
    h = new FillHarness(root, 64L * PAGE);
    scheduler = new FillScheduler(1, 16, h.map, h.fill, new FillStats(h.registry), h.registry);
  }

  @AfterEach
  void tearDown() {
    scheduler.close();
    h.close();
  }

  @Test
  void request_versionFoundCorrupt_readLoggedOnceLaterRequestsSkippedAndCounted() throws Exception {
    h.replica(1, LENGTH);
    h.rot(1, 2 * PAGE + 100);
    AtomicInteger hddOpens = new AtomicInteger();
    h.hdd.onOpenData = offset -> hddOpens.incrementAndGet();
    LogCapturer log = LogCapturer.captureLogs(LoggerFactory.getLogger(BlockFill.class));
    try {
      for (int i = 1; i <= 5; i++) {
        scheduler.request(FillRequest.wholeBlock(id(1), GS, h.d.dir));
        int handled = i;
        await(
            () -> h.counter(CORRUPT) + h.counter(FillMetrics.SKIPPED_HDD_CORRUPT_KNOWN) == handled);
      }
    } finally {
      log.stopCapturing();
    }
    assertEquals(1, h.counter(CORRUPT), "read once");
    assertEquals(4, h.counter(FillMetrics.SKIPPED_HDD_CORRUPT_KNOWN));
    assertEquals(1, h.counter(FillMetrics.QUEUED), "skipped requests are not queued");
    assertEquals(1, count(log.getOutput(), WARNING), log.getOutput());
    int opensOfTheOneFill = hddOpens.get();

    // The replica changes (a recovery's new generation stamp, its bytes sound): filled again.
    byte[] sound = new byte[LENGTH];
    new java.util.Random(9).nextBytes(sound);
    h.hdd.finalized(id(1), GS + 1, sound);
    scheduler.request(FillRequest.wholeBlock(id(1), GS + 1, h.d.dir));
    await(() -> h.counter(FillMetrics.OUTCOME + "completed") == 1);
    assertEquals(
        4, h.counter(FillMetrics.SKIPPED_HDD_CORRUPT_KNOWN), "the new version not skipped");
    assertNotNull(h.map.lookup(id(1), GS + 1));
    assertEquals(2 * opensOfTheOneFill, hddOpens.get(), "the new version read once");
  }

  @Test
  void request_corruptReplicaTruncatedToSameStamp_filledAgain() throws Exception {
    h.replica(1, LENGTH);
    h.rot(1, 2 * PAGE + 100);
    scheduler.request(FillRequest.wholeBlock(id(1), GS, h.d.dir));
    await(() -> h.counter(CORRUPT) == 1);
    // Same generation stamp, another length: another version, whose sound prefix is cached.
    byte[] prefix = java.util.Arrays.copyOf(h.hdd.data.get(id(1)), 2 * PAGE);
    h.hdd.finalized(id(1), GS, prefix);
    scheduler.request(FillRequest.wholeBlock(id(1), GS, h.d.dir));
    await(() -> h.counter(FillMetrics.OUTCOME + "completed") == 1);
    assertEquals(0, h.counter(FillMetrics.SKIPPED_HDD_CORRUPT_KNOWN));
  }

  private static int count(String text, String what) {
    int n = 0;
    for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
      n++;
    }
    return n;
  }

  /** Fills run on the scheduler's thread: waits for their counters, failing after a minute. */
  private static void await(java.util.function.BooleanSupplier done) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new TimeoutException("fills did not end");
      }
      Thread.sleep(5);
    }
  }
}
