package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.EntryHome;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.index.IndexRecord;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.datanode.store.PageStore;
import java.nio.file.Path;
import java.util.List;

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
  private final PageLru lru = new PageLru();
  private final BlockLru blocks = new BlockLru();

  /** Whether entries join {@link #blockLru}: only {@code block} fill mode evicts by it. */
  private final FillMode mode;

  /** {@code index}: its place in {@code dirs}, which names its metrics. */
  public CacheDirectory(
      int index,
      Path path,
      PageStore store,
      DirectoryHealth health,
      BlockIndex blockIndex,
      long openMillis,
      SpaceBudget budget,
      FillMode mode) {
    this.mode = mode;
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

  /** The directory's data pages, least recently read first. */
  public PageLru pageLru() {
    return lru;
  }

  /** The directory's entries, least recently read first ({@code block} fill mode; else empty). */
  public BlockLru blockLru() {
    return blocks;
  }

  @Override
  public void blockRead(CachedReplica e) {
    blocks.touch(e);
  }

  /**
   * Adds the entry after its publish; one dropped meanwhile leaves again, since its drop may have
   * run before the add (whoever retires it removes it after the retired flag is set).
   */
  @Override
  public void blockAdded(CachedReplica e) {
    if (mode != FillMode.BLOCK) {
      return; // pages leave by the page order; a block order would cost a lock per read
    }
    blocks.add(e);
    if (e.retired()) {
      blocks.remove(e);
    }
  }

  /**
   * A block pool's entries restored at start, oldest persisted access first: they and their pages
   * are merged into the orders by that time ({@link BlockLru#restore}, {@link PageLru#restore});
   * dropped ones leave again, as in {@link #blockAdded}.
   */
  public void restored(List<CachedReplica> oldestFirst) {
    if (oldestFirst.isEmpty()) {
      return;
    }
    if (mode == FillMode.BLOCK) {
      blocks.restore(oldestFirst);
    }
    lru.restore(oldestFirst);
    for (CachedReplica e : oldestFirst) {
      if (e.retired()) {
        blocks.remove(e);
        lru.removeAll(e);
      }
    }
  }

  @Override
  public void pageRead(CachedReplica e, int page) {
    lru.touch(e, page);
  }

  @Override
  public void pageAdded(CachedReplica e, int page) {
    lru.add(e, page);
  }

  /**
   * The entry left the map with its pages kept on disk (its block pool was unloaded): its pages
   * leave the eviction order, or evicting them would delete the files the entry restored on the
   * pool's return owns, under it.
   */
  public void pagesDetached(CachedReplica e) {
    lru.removeAll(e);
    blocks.remove(e);
  }

  /**
   * Evicts one data page: readers stop using it at once, its bytes count as draining until the
   * store has deleted it, and only then may a fill write it again. Returns the bytes freed (0 if
   * the page was not present).
   */
  public long evictPage(CachedReplica e, int page) {
    if (!e.evictPage(page)) {
      return 0;
    }
    lru.remove(e, page);
    long n = e.pageBytes(page);
    budget.draining(n);
    store.deletePage(e.fileId(BlockId.CacheFile.DATA), page);
    store.afterDeletes(
        () -> {
          budget.releaseDrained(n);
          e.pages.release(page);
          e.pageDeleted(); // the record drops it at the next maintenance round
        });
    return n;
  }

  @Override
  public void draining(long bytes) {
    budget.draining(bytes);
  }

  /**
   * Writes the entry's record (after publish, before a page fill writes pages, and at maintenance
   * for a changed access time or deleted pages). An entry dropped meanwhile may already have
   * deleted its record; the index asks again after the write. The record is taken and queued under
   * the entry's monitor, so the index applies an entry's records in the order their pages changed:
   * a later record never loses a page an earlier one had, written since.
   */
  public void persist(CachedReplica e) {
    synchronized (e) {
      blockIndex.put(IndexRecord.of(e), () -> e.retired() && !e.keepsPages());
    }
  }

  @Override
  public void deletePages(CachedReplica e, long drainingBytes) {
    lru.removeAll(e);
    blocks.remove(e);
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
