package io.hdfslocalcache.datanode.store;

/** Where a directory's synchronous page reads run now. */
public enum ReadRoute {
  /** On the reader's own thread: no hand-off, and no bound on a read the disk never answers. */
  CALLER,
  /** On the directory's I/O threads, the reader waiting at most {@code read.timeout}. */
  IO_THREADS
}
