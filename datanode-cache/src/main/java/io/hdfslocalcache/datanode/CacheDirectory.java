package io.hdfslocalcache.datanode;

import java.nio.file.Path;

/**
 * One SSD directory: where it is, its page store (already wrapped with time bound and health
 * checks), its health, the persisted index of the entries it holds, and its space budget.
 */
final class CacheDirectory {
  // A final class, not a record: the DataNode side is compiled for Java 8.
  private final int index;
  private final Path path;
  private final PageStore store;
  private final DirectoryHealth health;
  private final BlockIndex blockIndex;
  private final long openMillis;
  private final SpaceBudget budget;

  CacheDirectory(
      int index, Path path, PageStore store, DirectoryHealth health, BlockIndex blockIndex,
      long openMillis, SpaceBudget budget) {
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

  public PageStore store() {
    return store;
  }

  public DirectoryHealth health() {
    return health;
  }

  public BlockIndex blockIndex() {
    return blockIndex;
  }

  public long openMillis() {
    return openMillis;
  }

  public SpaceBudget budget() {
    return budget;
  }

  /**
   * Deletes a block's data and meta pages, then releases {@code drainingBytes} (already counted as
   * draining) from the budget once the store has really deleted them: the budget never counts as
   * free what is still on disk.
   */
  void deleteBlock(BlockId id, long genStamp, long drainingBytes) {
    store.deleteFile(id.fileId(genStamp, BlockId.CacheFile.DATA));
    store.deleteFile(id.fileId(genStamp, BlockId.CacheFile.META));
    if (drainingBytes > 0) {
      store.afterDeletes(() -> budget.releaseDrained(drainingBytes));
    }
  }
}
