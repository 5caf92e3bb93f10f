package io.hdfslocalcache.datanode.dir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.time.CacheClock;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlockLruTest {
  @TempDir Path root;

  @Test
  void pollOldest_publishedTouchedAndDropped_followsReadOrder() throws Exception {
    BlockMap map = new BlockMap();
    try (DirectoryFixture d = new DirectoryFixture(0, root, 1 << 20, 10, CacheClock.SYSTEM)) {
      CachedReplica a = d.publish(map, new BlockId("BP-1", 1), 1, 100, 0);
      CachedReplica b = d.publish(map, new BlockId("BP-1", 2), 1, 100, 0);
      CachedReplica c = d.publish(map, new BlockId("BP-1", 3), 1, 100, 0);
      map.accessed(a, 0);
      map.dropEntry(b);
      BlockLru lru = d.dir.blockLru();
      assertEquals(2, lru.size());
      assertSame(c, lru.pollOldest());
      assertSame(a, lru.pollOldest());
      assertNull(lru.pollOldest());
      assertEquals(CachedReplica.NO_SLOT, a.orderSlot);
    }
  }

  @Test
  void add_afterEntriesLeft_reusesTheirSlots() throws Exception {
    BlockMap map = new BlockMap();
    try (DirectoryFixture d = new DirectoryFixture(0, root, 1 << 20, 10, CacheClock.SYSTEM)) {
      for (int i = 0; i < 100; i++) {
        CachedReplica e = d.publish(map, new BlockId("BP-1", i), 1, 100, 0);
        assertEquals(0, e.orderSlot, "the one slot freed by the last drop");
        map.dropEntry(e);
      }
    }
  }

  @Test
  void blockAdded_entryDroppedBeforeTheAdd_leavesTheOrder() throws Exception {
    BlockMap map = new BlockMap();
    try (DirectoryFixture d = new DirectoryFixture(0, root, 1 << 20, 10, CacheClock.SYSTEM)) {
      CachedReplica e = d.publish(map, new BlockId("BP-1", 1), 1, 100, 0);
      map.dropEntry(e);
      d.dir.blockAdded(e); // a publish whose add came after the drop
      assertEquals(0, d.dir.blockLru().size());
    }
  }

  @Test
  void blockAdded_pagesFillMode_keepsNoBlockOrder() {
    CacheDirectory dir =
        new CacheDirectory(0, root, null, null, null, 0, new SpaceBudget(1 << 20), FillMode.PAGES);
    CachedReplica e =
        new CachedReplica(
            new BlockId("BP-1", 1),
            1,
            0,
            100,
            7,
            DirectoryFixture.LAYOUT,
            new int[1],
            64,
            true,
            dir,
            0,
            false);
    dir.blockAdded(e);
    dir.blockRead(e);
    assertEquals(0, dir.blockLru().size());
    assertEquals(CachedReplica.NO_SLOT, e.orderSlot);
  }
}
