package io.hdfslocalcache.datanode;

import java.nio.file.Path;

/**
 * One SSD directory: where it is, its page store (already wrapped with time bound and health
 * checks), its health, the persisted index of the entries it holds, and its space budget.
 */
record CacheDirectory(int index, Path path, PageStore store, DirectoryHealth health,
    BlockIndex blockIndex, long openMillis, SpaceBudget budget) {}
