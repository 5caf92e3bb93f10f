package io.hdfslocalcache.datanode.block;

import io.hdfslocalcache.datanode.store.PageStore;

/**
 * Where an entry's pages live, and who removes them. An entry hands its retirement here instead of
 * reaching through its directory into the index and the space budget: the block map stays a leaf
 * that knows nothing of persistence or space accounting.
 */
public interface EntryHome {
  /** The (wrapped) page store holding the entry's pages. */
  PageStore store();

  /**
   * Counts {@code bytes} of the home's space as on their way out (a retired entry still read, or
   * pages whose deletes are queued); a negative value undoes.
   */
  void draining(long bytes);

  /**
   * Deletes the entry's index record and pages, then releases {@code drainingBytes} (already
   * counted as draining) once the store has really deleted them.
   */
  void deletePages(CachedReplica entry, long drainingBytes);

  /** A reader served page {@code page} of the entry from the SSD (page LRU order). */
  void pageRead(CachedReplica entry, int page);

  /** A fill published page {@code page} of the entry. */
  void pageAdded(CachedReplica entry, int page);

  /** A read found the published entry (its block eviction order); a home without one ignores it. */
  default void blockRead(CachedReplica entry) {}

  /** The entry was published or restored: the most recently read of its home. */
  default void blockAdded(CachedReplica entry) {}
}
