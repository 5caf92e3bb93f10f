package io.hdfslocalcache.datanode.fill;

import static io.hdfslocalcache.datanode.fill.FillHarness.PAGE;
import static io.hdfslocalcache.datanode.fill.FillHarness.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.hdfslocalcache.datanode.block.EntryHome;
import io.hdfslocalcache.guard.FillVerdict;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.FillOutcome;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replica whose checksum layout the cache cannot hold (no checksums, a chunk larger than the
 * page, a meta format of another version) is never filled; and since it is never cached, every
 * admitted read of a hot one asks for a fill again. Such a fill must not be charged to the fill
 * guard (its cost ledger and the SSD write budget): it writes nothing, and charging it for every
 * read drained the budget and paused the guard for every other block of the directory.
 */
class UnsupportedLayoutTest {
  private static final int LENGTH = 3 * PAGE + 1000;

  @TempDir Path root;
  private FillHarness h;

  /** Fills the guard was asked about (each allowed one charged to its ledger and budget). */
  private final AtomicInteger asked = new AtomicInteger();

  @BeforeEach
  void setUp() throws Exception {
    FillClearance counting =
        new FillClearance() {
          @Override
          public FillVerdict tryFill(EntryHome dir, long hddIos, long hddBytes, long ssdBytes) {
            asked.incrementAndGet();
            return FillVerdict.ALLOW;
          }

          @Override
          public void recordRead(EntryHome dir, long readBytes, long hddIos, long hddBytes) {}

          @Override
          public void recordMarginHit(EntryHome dir, long readBytes, long hddIos, long hddBytes) {}

          @Override
          public void recordMarginFill(EntryHome dir, long hddIos, long hddBytes) {}

          @Override
          public void recordMiss(EntryHome dir, long readBytes) {}
        };
    h = new FillHarness(root, 64L * PAGE, counting);
  }

  @AfterEach
  void tearDown() {
    h.close();
  }

  private void assertRefusedUncharged() {
    for (int i = 1; i <= 3; i++) {
      assertEquals(FillOutcome.UNSUPPORTED, h.fillNew(1, 0, 1), "fill " + i);
    }
    assertEquals(3, h.counter(FillMetrics.OUTCOME + "unsupported"));
    assertEquals(0, asked.get(), "the guard is never charged for a fill that cannot cache");
    assertNull(h.entry(1));
    assertEquals(0, h.budget().reserved());
  }

  @Test
  void fillNew_nullChecksums_unsupportedGuardNeverCharged() {
    h.replica(1, LENGTH);
    h.hdd.checksum(id(1), DataChecksum.Type.NULL, 512);
    assertRefusedUncharged();
  }

  @Test
  void fillNew_chunkLargerThanThePage_unsupportedGuardNeverCharged() {
    h.replica(1, LENGTH);
    h.hdd.checksum(id(1), DataChecksum.Type.CRC32C, 2 * PAGE);
    assertRefusedUncharged();
  }

  @Test
  void fillNew_metaOfAnotherFormatVersion_unsupportedGuardNeverCharged() {
    h.replica(1, LENGTH);
    h.hdd.metaVersion(id(1), (short) 2);
    assertRefusedUncharged();
  }

  /** A replica on transient storage: its meta holds no checksums, so it cannot be filled. */
  @Test
  void fillNew_metaWithoutChecksums_failsGuardNeverCharged() {
    h.replica(1, LENGTH);
    h.hdd.headerOnly(id(1));
    for (int i = 1; i <= 3; i++) {
      assertEquals(FillOutcome.FAILED, h.fillNew(1, 0, 1), "fill " + i);
    }
    assertEquals(0, asked.get(), "the guard is never charged for a fill that cannot cache");
    assertNull(h.entry(1));
    assertEquals(0, h.budget().reserved());
  }

  @Test
  void fillNew_supportedLayout_guardChargedOnce() {
    h.replica(1, LENGTH);
    h.hdd.checksum(id(1), DataChecksum.Type.CRC32, 4096);
    assertEquals(FillOutcome.COMPLETED, h.fillNew(1, 0, 1));
    assertEquals(1, asked.get());
  }
}
