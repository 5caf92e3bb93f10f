package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CacheEntry;
import io.hdfslocalcache.datanode.block.EntryHome;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.index.IndexRecord;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.datanode.store.PageStore;
import java.nio.file.Path;

/**
 * One SSD directory: where it is, its page store (already wrapped with time bound and health
 * checks), its health, the persisted index of the entries it holds, and its space budget. The home
 * of the entries filled into it.
 */
public final class CacheDirectory implements EntryHome {
  private final int index;
  private final Path path;
  private final PageStore store;
  private final DirectoryHealth health;
  private final BlockIndex blockIndex;
  private final long openMillis;
  private final SpaceBudget budget;

  /** {@code index}: its place in {@code dirs}, which names its metrics. */
  public CacheDirectory(
      int index,
      Path path,
      PageStore store,
      DirectoryHealth health,
      BlockIndex blockIndex,
      long openMillis,
      SpaceBudget budget) {
    this.index = index;
    this.path = path;
    this.store = store;
    this.health = health;
    this.blockIndex = blockIndex;
    this.openMillis = openMillis;
    this.budget = budget;
  }

  public int index() {
    return index;
  }

  public Path path() {
    return path;
  }

  @Override
  public PageStore store() {
    return store;
  }

  public DirectoryHealth health() {
    return health;
  }

  public BlockIndex blockIndex() {
    return blockIndex;
  }

  /** Milliseconds it took to open at start-up, page restore included. */
  public long openMillis() {
    return openMillis;
  }

  public SpaceBudget budget() {
    return budget;
  }

  @Override
  public void draining(long bytes) {
    budget.draining(bytes);
  }

  /**
   * Writes the entry's record (after publish, or a changed access time). An entry dropped meanwhile
   * may already have deleted its record; the index asks again after the write.
   */
  public void persist(CacheEntry e) {
    blockIndex.put(IndexRecord.of(e), () -> e.retired() && !e.keepsPages());
  }

  @Override
  public void deletePages(CacheEntry e, long drainingBytes) {
    blockIndex.delete(e.id, e.genStamp, e.fillId);
    deleteBlock(e.id, e.genStamp, e.fillId, drainingBytes);
  }

  /**
   * Deletes a block's data and meta pages, then releases {@code drainingBytes} (already counted as
   * draining) from the budget once the store has really deleted them: the budget never counts as
   * free what is still on disk.
   */
  public void deleteBlock(BlockId id, long genStamp, long fillId, long drainingBytes) {
    store.deleteFile(id.fileId(genStamp, fillId, BlockId.CacheFile.DATA));
    store.deleteFile(id.fileId(genStamp, fillId, BlockId.CacheFile.META));
    if (drainingBytes > 0) {
      store.afterDeletes(() -> budget.releaseDrained(drainingBytes));
    }
  }

  @Override
  public String toString() {
    return "dir" + index + "(" + path + ")";
  }
}
