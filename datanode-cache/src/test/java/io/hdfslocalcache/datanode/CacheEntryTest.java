package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CacheEntryTest {
  /** Records deletions; the entry lifecycle is all this test needs of a store. */
  static class RecordingStore implements PageStore {
    final List<String> deleted = new ArrayList<>();

    @Override
    public void read(String f, long p, int o, byte[] d, int off, int len) {}

    @Override
    public void write(String f, long p, byte[] s, int off, int len) {}

    @Override
    public int pageCount(String fileId, long fileLength) {
      return 0;
    }

    @Override
    public void retainFiles(java.util.function.Predicate<String> keep) {}

    @Override
    public synchronized void deleteFile(String fileId) {
      deleted.add(fileId);
    }

    @Override
    public long usedBytes() {
      return 0;
    }

    @Override
    public long capacityBytes() {
      return 1 << 30;
    }

    @Override
    public void close() {}
  }

  private final RecordingStore store = new RecordingStore();
  private final BlockId id = new BlockId("BP-1", 42);

  private final SpaceBudget budget = new SpaceBudget(1 << 20);

  private CacheEntry entry() {
    budget.reserveExisting(115);
    return new CacheEntry(id, 7, 100, 15, new ChecksumLayout(2, 512, 4, 7), new int[1],
        new CacheDirectory(0, Path.of("/x"), store, null, null, 0, budget), 0);
  }

  @Test
  void retire_pinnedEntry_releasesBudgetOnlyWhenLastReaderCloses() {
    CacheEntry e = entry();
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
    CacheEntry e = entry();
    e.detach();
    assertEquals(115, budget.reserved());
    assertEquals(List.of(), store.deleted);
  }

  @Test
  void retire_withoutReaders_deletesBothFilesOnce() {
    CacheEntry e = entry();
    e.retire();
    e.retire();
    assertEquals(List.of(id.fileId(7, BlockId.CacheFile.DATA), id.fileId(7, BlockId.CacheFile.META)),
        store.deleted);
    assertFalse(e.pin());
  }

  @Test
  void retire_withOpenReader_deletesWhenLastReaderCloses() {
    CacheEntry e = entry();
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
    CacheEntry e = entry();
    assertTrue(map.publish(id, t, e));
    assertSame(e, map.lookup(id, 7));
    assertNull(map.lookup(id, 8));
    assertNull(map.lookup(new BlockId("BP-2", 42), 7), "block ids collide across pools");
  }
}
