package io.hdfslocalcache.datanode.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.dir.SpaceBudget;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.store.RecordingPageStore;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import java.util.List;
import org.junit.jupiter.api.Test;

class CachedReplicaTest {
  private final RecordingPageStore store = new RecordingPageStore();
  private final BlockId id = new BlockId("BP-1", 42);

  private final SpaceBudget budget = new SpaceBudget(1 << 20);

  /** A directory as the entry sees it: pages deleted in the store, then the budget released. */
  private final class Home implements EntryHome {
    @Override
    public PageStore store() {
      return store;
    }

    @Override
    public void draining(long bytes) {
      budget.draining(bytes);
    }

    @Override
    public void pageRead(CachedReplica e, int page) {}

    @Override
    public void pageAdded(CachedReplica e, int page) {}

    @Override
    public void deletePages(CachedReplica e, long drainingBytes) {
      store.deleteFile(e.fileId(BlockId.CacheFile.DATA));
      store.deleteFile(e.fileId(BlockId.CacheFile.META));
      budget.releaseDrained(drainingBytes);
    }
  }

  private CachedReplica entry() {
    budget.reserveExisting(115);
    return new CachedReplica(
        id,
        7,
        0,
        100,
        15,
        new ChecksumLayout(2, 512, 4, 7),
        new int[1],
        1 << 20,
        true,
        new Home(),
        0,
        false);
  }

  @Test
  void retire_pinnedEntry_releasesBudgetOnlyWhenLastReaderCloses() {
    CachedReplica e = entry();
    assertTrue(e.pin());
    e.retire();
    assertEquals(115, budget.reserved());
    // on its way out: a fill needing room does not evict another block for these bytes
    assertEquals(1 - (1 << 20), budget.shortfall(1));
    e.unpin();
    assertEquals(0, budget.reserved());
    assertEquals(1 - (1 << 20), budget.shortfall(1));
  }

  @Test
  void detach_keepsPagesAndReservation() {
    CachedReplica e = entry();
    e.detach();
    assertEquals(115, budget.reserved());
    assertEquals(List.of(), store.deleted);
  }

  @Test
  void retire_withoutReaders_deletesBothFilesOnce() {
    CachedReplica e = entry();
    e.retire();
    e.retire();
    assertEquals(
        List.of(id.fileId(7, BlockId.CacheFile.DATA), id.fileId(7, BlockId.CacheFile.META)),
        store.deleted);
    assertFalse(e.pin());
  }

  @Test
  void retire_withOpenReader_deletesWhenLastReaderCloses() {
    CachedReplica e = entry();
    assertTrue(e.pin());
    assertTrue(e.pin());
    e.retire();
    assertTrue(store.deleted.isEmpty());
    e.unpin();
    assertTrue(store.deleted.isEmpty());
    e.unpin();
    assertEquals(2, store.deleted.size());
  }

  @Test
  void publish_afterDrop_fails() {
    BlockMap map = new BlockMap();
    FillTicket t = map.tryStartFill(id, 7);
    assertNull(map.tryStartFill(id, 7), "one fill per block");
    map.drop(id);
    assertTrue(t.abandoned());
    assertFalse(map.publish(id, t, entry()));
    assertNull(map.lookupAny(id));
  }

  @Test
  void publish_ownTicket_makesEntryServableForSameGenStampOnly() {
    BlockMap map = new BlockMap();
    FillTicket t = map.tryStartFill(id, 7);
    CachedReplica e = entry();
    assertTrue(map.publish(id, t, e));
    assertSame(e, map.lookup(id, 7));
    assertNull(map.lookup(id, 8));
    assertNull(map.lookup(new BlockId("BP-2", 42), 7), "block ids collide across pools");
  }
}
