package io.hdfslocalcache.datanode.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.guard.WriteBudgetState;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The write budget's record in a real RocksDB block index, beside the block records. */
class BlockIndexBudgetTest {
  @TempDir Path dir;

  @Test
  void loadWriteBudget_afterReopen_theLevelLastPut() throws Exception {
    try (BlockIndex index = BlockIndex.open(dir)) {
      assertFalse(index.loadOwn(OwnRecord.WRITE_BUDGET).isPresent(), "none before the first fill");
      index.putOwn(OwnRecord.WRITE_BUDGET, new WriteBudgetState(5, false, 0, 100));
      index.putOwn(OwnRecord.WRITE_BUDGET, new WriteBudgetState(3, true, 4, 200));
    }

    try (BlockIndex index = BlockIndex.open(dir)) {
      Optional<WriteBudgetState> s = index.loadOwn(OwnRecord.WRITE_BUDGET);

      assertTrue(s.isPresent());
      assertTrue(s.get().sameLevel(new WriteBudgetState(3, true, 4, 0)), s.get().toString());
      assertEquals(200, s.get().atMillis());
    }
  }

  @Test
  void loadAll_besideTheBudgetRecord_noBlockAndTheRecordKept() throws Exception {
    try (BlockIndex index = BlockIndex.open(dir)) {
      index.putOwn(OwnRecord.WRITE_BUDGET, new WriteBudgetState(3, false, 0, 200));
    }

    try (BlockIndex index = BlockIndex.open(dir)) {
      assertEquals(0, index.loadAll().size());
      assertTrue(
          index.loadOwn(OwnRecord.WRITE_BUDGET).isPresent(), "not deleted as an undecodable block");
    }
  }
}
