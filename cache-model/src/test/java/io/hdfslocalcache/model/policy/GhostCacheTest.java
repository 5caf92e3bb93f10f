package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    double[] taken = new double[2];
    ghost.take(10, taken);
    ghost.read(9, 1, 0, 64 * 1024, BLOCK, 11); // held: a hit saves
    ghost.read(0, 1, 0, 64 * 1024, BLOCK, 12); // evicted long ago: a fill costs
    double[] after = new double[2];
    ghost.take(12, after);
    assertEquals(64 * 1024, (long) after[1], "only block 0 asked for a fill");
  }
}
