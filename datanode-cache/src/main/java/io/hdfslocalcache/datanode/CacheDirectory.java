package io.hdfslocalcache.datanode;

import java.nio.file.Path;

/**
 * One SSD directory: where it is, its page store (already wrapped with time bound and health
 * checks), its health, the persisted index of the entries it holds, and its space budget.
 */
record CacheDirectory(int index, Path path, PageStore store, DirectoryHealth health,
    BlockIndex blockIndex, long openMillis, SpaceBudget budget) {

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
