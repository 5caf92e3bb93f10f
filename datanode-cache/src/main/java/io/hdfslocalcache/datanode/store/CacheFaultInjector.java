package io.hdfslocalcache.datanode.store;

import java.io.IOException;

/**
 * Test seam in the style of Hadoop's {@code DataNodeFaultInjector}, but passed in rather than
 * static: hooks called before page operations on the SSD and a few other disk steps, so tests on a
 * real MiniDFSCluster can make a directory hang or fail. A DataNode's cache gets its injector once,
 * at construction ({@link FaultInjectors#of}), and hands it to the parts that call it: the page
 * store chain ({@code FaultInjectingPageStore}), directory and index opening, index writes, the HDD
 * meta reopen. Production gets {@link #NONE}, which does nothing; no other DataNode, and no other
 * test, ever sees a test's injector.
 */
public class CacheFaultInjector {
  /** The injector of every production DataNode: no hook does anything. */
  public static final CacheFaultInjector NONE = new CacheFaultInjector();

  /** Called before a page read; may block (a hung disk) or throw (a failing one). */
  public void beforePageRead(String fileId, long pageIndex) throws IOException {}

  /** Called before a page write. */
  public void beforePageWrite(String fileId, long pageIndex) throws IOException {}

  /**
   * Called at start-up before a cache directory's block index and page store are opened, inside the
   * bounded wait; may block (a hung disk at start) or throw.
   */
  public void beforeDirectoryOpen(java.nio.file.Path dir) throws IOException {}

  /** Called on the index writer thread before a block index write; may block (a hung disk). */
  public void beforeIndexWrite(java.nio.file.Path index) {}

  /**
   * Called before a cached read reopens the HDD meta file after a cache failure ({@code blockName}
   * as in {@code blk_<id>_<genStamp>}); may throw like a failed open.
   */
  public void beforeHddMetaReopen(String blockName) throws IOException {}

  /**
   * Called before a directory's block index is opened (RocksDB loads its native library there); may
   * throw a {@link LinkageError} like a library that cannot load (noexec tmp, another libc).
   */
  public void beforeIndexOpen(java.nio.file.Path dir) {}

  /** Usable bytes on the file system of a cache directory; tests shrink it to simulate full. */
  public long usableSpace(java.nio.file.Path dir, long actual) {
    return actual;
  }
}
