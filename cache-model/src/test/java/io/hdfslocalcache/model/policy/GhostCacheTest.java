package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.guard.DiskModel;
import org.junit.jupiter.api.Test;

class GhostCacheTest {
  private static final long MIB = 1L << 20;
  private static final long BLOCK = 128 * MIB;

  @Test
  void read_smallReadsOnManyBlocks_entriesBoundedByCapacityOverTheFloor() {
    // 64 MiB of capacity: 4 entries at 16 MiB each, whatever the reads' size
    GhostCache ghost = new GhostCache(0, 4 * GhostCache.ENTRY_FLOOR_BYTES, 0, 0);
    for (long block = 0; block < 1_000; block++) {
      ghost.read(block, 1, 0, 64 * 1024, BLOCK, block);
    }
    assertEquals(4, ghost.entries());
  }

  @Test
  void read_smallReadsOnManyBlocks_mostRecentEntriesKept() {
    GhostCache ghost = new GhostCache(0, 2 * GhostCache.ENTRY_FLOOR_BYTES, 0, 0);
    for (long block = 0; block < 10; block++) {
      ghost.read(block, 1, 0, 64 * 1024, BLOCK, block);
    }
    double[] taken = new double[4];
    ghost.take(10, taken);
    ghost.read(9, 1, 0, 64 * 1024, BLOCK, 11); // held: a hit saves
    ghost.read(0, 1, 0, 64 * 1024, BLOCK, 12); // evicted long ago: a fill costs
    double[] after = new double[4];
    ghost.take(12, after);
    assertEquals(64 * 1024, (long) after[1], "only block 0 asked for a fill");
  }

  @Test
  void take_fillRefusedByTheBudget_paidCountsTheFillWrittenRefusedTheOtherOnesCost() {
    // a burst of 1 MiB and a refill too slow to matter: the first fill is paid, the second refused
    GhostCache ghost = new GhostCache(0, 64 * MIB, 1e-9, MIB);
    ghost.read(1, 1, 0, MIB, BLOCK, 0);
    ghost.read(2, 1, 0, MIB, BLOCK, 1);
    double[] taken = new double[4];
    ghost.take(2, taken);
    assertEquals(2 * MIB, (long) taken[1], "both fills asked");
    assertEquals(MIB, (long) taken[2], "one fill paid");
    assertEquals(DiskModel.DEFAULT.micros(1, MIB), (long) taken[3], "the refused fill's cost");
  }
}
