package io.hdfslocalcache.datanode.fill;

import static io.hdfslocalcache.datanode.fill.FillHarness.PAGE;
import static io.hdfslocalcache.datanode.fill.FillHarness.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.hdfslocalcache.guard.FillVerdict;
import io.hdfslocalcache.metrics.FillOutcome;
import java.nio.file.Path;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replica whose checksum layout the cache cannot hold (no checksums, a chunk larger than the
 * page, a meta format of another version, a meta without checksums as transient storage leaves it)
 * is never filled; and since it is never cached, every admitted read of a hot one asks for a fill
 * again. Such a fill must not be charged to the fill guard (its cost ledger and the SSD write
 * budget): it writes nothing, and a charge per read drained the budget and paused the guard for
 * every other block of the directory.
 */
class UnsupportedLayoutTest {
  private static final int LENGTH = 3 * PAGE + 1000;

  @TempDir Path root;
  private FillHarness h;

  /** The guard the fills ask (each fill it allows is charged to its ledger and budget). */
  private final FillClearance guard = mock(FillClearance.class);

  @BeforeEach
  void setUp() throws Exception {
    when(guard.tryFill(any(), anyLong(), anyLong(), anyLong())).thenReturn(FillVerdict.ALLOW);
    h = new FillHarness(root, 64L * PAGE, guard);
  }

  @AfterEach
  void tearDown() {
    h.close();
  }

  /** Three fills of block 1 end as {@code outcome}, nothing cached, the guard never asked. */
  private void assertNeverChargedEach(FillOutcome outcome) {
    for (int i = 1; i <= 3; i++) {
      assertEquals(outcome, h.fillNew(1, 0, 1), "fill " + i);
    }
    verify(guard, never()).tryFill(any(), anyLong(), anyLong(), anyLong());
    assertNull(h.entry(1));
    assertEquals(0, h.budget().reserved());
  }

  @Test
  void fillNew_nullChecksums_unsupportedGuardNeverCharged() {
    h.replica(1, LENGTH);
    h.hdd.checksum(id(1), DataChecksum.Type.NULL, 512);
    assertNeverChargedEach(FillOutcome.UNSUPPORTED);
  }

  @Test
  void fillNew_chunkLargerThanThePage_unsupportedGuardNeverCharged() {
    h.replica(1, LENGTH);
    h.hdd.checksum(id(1), DataChecksum.Type.CRC32C, 2 * PAGE);
    assertNeverChargedEach(FillOutcome.UNSUPPORTED);
  }

  @Test
  void fillNew_metaOfAnotherFormatVersion_unsupportedGuardNeverCharged() {
    h.replica(1, LENGTH);
    h.hdd.metaVersion(id(1), (short) 2);
    assertNeverChargedEach(FillOutcome.UNSUPPORTED);
  }

  @Test
  void fillNew_metaWithoutChecksums_failsGuardNeverCharged() {
    h.replica(1, LENGTH);
    h.hdd.headerOnly(id(1));
    assertNeverChargedEach(FillOutcome.FAILED);
  }

  @Test
  void fillNew_supportedLayout_guardChargedOnce() {
    h.replica(1, LENGTH);
    h.hdd.checksum(id(1), DataChecksum.Type.CRC32, 4096);
    assertEquals(FillOutcome.COMPLETED, h.fillNew(1, 0, 1));
    verify(guard, times(1)).tryFill(any(), anyLong(), anyLong(), anyLong());
  }
}
