package io.hdfslocalcache.datanode.store;

import alluxio.client.file.cache.CacheManager;
import alluxio.client.file.cache.CacheManagerOptions;
import alluxio.client.file.cache.LocalCacheManager;
import alluxio.client.file.cache.PageId;
import alluxio.client.file.cache.PageInfo;
import alluxio.client.file.cache.PageMetaStore;
import alluxio.client.file.cache.store.LocalPageStore;
import alluxio.conf.AlluxioProperties;
import alluxio.conf.InstancedConfiguration;
import alluxio.conf.PropertyKey;
import io.hdfslocalcache.metrics.CacheFailure;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One SSD directory as an Alluxio {@link LocalCacheManager} (LOCAL page store, LRU).
 *
 * <p>Built from an isolated {@link InstancedConfiguration}: never the JVM-global Alluxio
 * configuration, which reads {@code -Dalluxio.*} and alluxio-site.properties, and never {@code
 * CacheManager.Factory.get}, a JVM singleton (several DataNodes share a JVM in tests). Restore is
 * synchronous so puts are accepted as soon as this returns (async restore refuses puts until it
 * ends); Alluxio's own timeout wrapper is off: the cache bounds read time itself.
 */
final class AlluxioPageStore implements PageStore {
  private final CacheManager manager;

  /** Alluxio's page metadata: the size of each page as found on disk at restore. */
  private final PageMetaStore pages;

  private final Path dir;
  private final long capacity;
  private final int pageSize;

  /** Alluxio's page files, to make each one owner-only once written; null if not local. */
  private final LocalPageStore files;

  /** Page reads without Alluxio's per-call overhead; null if not local. */
  private final LocalPageReads direct;

  /** Page files kept open for partial reads; every delete closes its pages' files. */
  private final OpenPageFiles open = new OpenPageFiles(OpenPageFiles.FILES_PER_DIRECTORY);

  private static final java.util.Set<java.nio.file.attribute.PosixFilePermission> OWNER_ONLY =
      java.nio.file.attribute.PosixFilePermissions.fromString("rw-------");

  private AlluxioPageStore(
      CacheManager manager, PageMetaStore pages, Path dir, long capacity, int pageSize) {
    this.manager = manager;
    this.pages = pages;
    this.dir = dir;
    this.capacity = capacity;
    this.pageSize = pageSize;
    alluxio.client.file.cache.PageStore s = pages.getStoreDirs().get(0).getPageStore();
    this.files = s instanceof LocalPageStore ? (LocalPageStore) s : null;
    this.direct = files != null ? new LocalPageReads(pages, files, open) : null;
  }

  static AlluxioPageStore open(Path dir, long capacityBytes, int pageSize) throws IOException {
    return open(dir, capacityBytes, pageSize, new OpenProgress());
  }

  /** {@code progress} follows the synchronous restore, page by page. */
  static AlluxioPageStore open(Path dir, long capacityBytes, int pageSize, OpenProgress progress)
      throws IOException {
    InstancedConfiguration conf = new InstancedConfiguration(new AlluxioProperties());
    conf.set(PropertyKey.USER_CLIENT_CACHE_DIRS, dir.toString());
    conf.set(PropertyKey.USER_CLIENT_CACHE_SIZE, Long.toString(capacityBytes));
    conf.set(PropertyKey.USER_CLIENT_CACHE_PAGE_SIZE, Integer.toString(pageSize));
    conf.set(PropertyKey.USER_CLIENT_CACHE_STORE_TYPE, "LOCAL");
    conf.set(
        PropertyKey.USER_CLIENT_CACHE_EVICTOR_CLASS,
        "alluxio.client.file.cache.evictor.LRUCacheEvictor");
    conf.set(PropertyKey.USER_CLIENT_CACHE_ASYNC_RESTORE_ENABLED, false);
    conf.set(PropertyKey.USER_CLIENT_CACHE_ASYNC_WRITE_ENABLED, false);
    conf.set(PropertyKey.USER_CLIENT_CACHE_TIMEOUT_DURATION, "-1");
    conf.set(PropertyKey.USER_CLIENT_CACHE_QUOTA_ENABLED, false);
    conf.set(PropertyKey.USER_CLIENT_CACHE_TTL_ENABLED, false);
    try {
      CacheManagerOptions options = CacheManagerOptions.create(conf);
      PageMetaStore pages = PageMetaStore.create(options);
      progress.restoring(pages::numPages);
      LocalCacheManager m = LocalCacheManager.create(options, pages);
      if (m.state() != CacheManager.State.READ_WRITE) {
        closeQuietly(m);
        throw new IOException(
            "cache directory " + dir + " is not writable (state " + m.state() + ")");
      }
      // Alluxio keeps ~5% of the configured size for file-system overhead and evicts past what is
      // left; that effective capacity is what the cache's own block budget may fill.
      long effective =
          m.getUsage().map(alluxio.client.file.cache.CacheUsage::capacity).orElse(capacityBytes);
      return new AlluxioPageStore(m, pages, dir, Math.min(capacityBytes, effective), pageSize);
    } catch (RuntimeException e) {
      throw new IOException("cannot open cache directory " + dir + ": " + e, e);
    }
  }

  @Override
  public void read(String fileId, long pageIndex, int pageOffset, byte[] dst, int off, int len)
      throws CacheException {
    PageId page = new PageId(fileId, pageIndex);
    if (direct != null
        && direct.read(page, pageOffset, dst, off, len) == LocalPageReads.Outcome.READ) {
      return;
    }
    int n;
    try {
      n = manager.get(page, pageOffset, len, dst, off);
    } catch (RuntimeException e) {
      throw new CacheException(CacheFailure.IO_ERROR, fileId + " page " + pageIndex, e);
    }
    if (n == len) {
      return;
    }
    if (n == 0) {
      throw new CacheException(CacheFailure.MISSING_PAGE, fileId + " page " + pageIndex);
    }
    if (n < 0) {
      throw new CacheException(
          CacheFailure.IO_ERROR, fileId + " page " + pageIndex + " (store error or not ready)");
    }
    throw new CacheException(
        CacheFailure.IO_ERROR,
        fileId + " page " + pageIndex + ": read " + n + " of " + len + " bytes");
  }

  /** The direct page reads, for tests; null if the store is not local. */
  LocalPageReads directReads() {
    return direct;
  }

  /** The page files kept open, for tests. */
  OpenPageFiles openFiles() {
    return open;
  }

  @Override
  public void write(String fileId, long pageIndex, byte[] src, int off, int len)
      throws CacheException {
    boolean ok;
    try {
      ok = manager.put(new PageId(fileId, pageIndex), ByteBuffer.wrap(src, off, len));
    } catch (RuntimeException e) {
      throw new CacheException(CacheFailure.IO_ERROR, "put " + fileId + " page " + pageIndex, e);
    }
    if (!ok) {
      throw new CacheException(
          CacheFailure.UNAVAILABLE,
          "put "
              + fileId
              + " page "
              + pageIndex
              + " refused (file system full, store not ready or failing)");
    }
    ownerOnly(new PageId(fileId, pageIndex));
  }

  /**
   * Alluxio creates page files under the process umask (often 0644); block data is not for other
   * users. Best effort, one chmod per page: the directory above is 0700 anyway.
   */
  private void ownerOnly(PageId page) {
    if (files == null) {
      return;
    }
    try {
      java.nio.file.Files.setPosixFilePermissions(files.getPagePath(page, false), OWNER_ONLY);
    } catch (IOException | RuntimeException e) {
      // not POSIX, or deleted meanwhile
    }
  }

  @Override
  public FileSystemSpace fileSystemSpace() throws IOException {
    return FileSystemSpace.of(dir);
  }

  @Override
  public void deleteFile(String fileId) {
    try {
      manager.deleteFile(fileId);
    } catch (RuntimeException e) {
      // Best effort: an orphan page is reclaimed by LRU eviction.
    }
    open.forgetFile(fileId);
  }

  @Override
  public void deletePage(String fileId, long pageIndex) {
    try {
      manager.delete(new PageId(fileId, pageIndex));
    } catch (RuntimeException e) {
      // Best effort, as deleteFile.
    }
    open.forgetPage(new PageId(fileId, pageIndex));
  }

  /**
   * Counts only pages of their full size: after a power loss a page file may be torn or short
   * (nothing is synced), and Alluxio restores it with the size found on disk. Reading such a page
   * would fail as an I/O error charged to the directory; counted as missing, its entry is dropped
   * at restore instead.
   */
  @Override
  public PagesOnDisk pagesOnDisk(String fileId, long fileLength) {
    PagesOnDisk out = new PagesOnDisk();
    java.util.concurrent.locks.Lock lock = pages.getLock().readLock();
    lock.lock();
    try {
      for (PageInfo p : pages.getAllPagesByFileId(fileId)) {
        out.add(p.getPageId().getPageIndex(), p.getPageSize(), pageSize, fileLength);
      }
    } finally {
      lock.unlock();
    }
    return out;
  }

  @Override
  public void retainFiles(java.util.function.Predicate<String> keep) {
    try {
      manager.invalidate(page -> !keep.test(page.getPageId().getFileId()));
    } catch (RuntimeException e) {
      // Alluxio walks the directory; a page deleted under the walk (UncheckedIOException) ends it.
      // Orphans left are only space: they are deleted at the next start. Never fail the start.
      org.slf4j.LoggerFactory.getLogger(AlluxioPageStore.class)
          .warn("hdfs-local-cache: orphan page scan of {} stopped early: {}", dir, e.toString());
    }
    open.forgetAll();
  }

  @Override
  public long usedBytes() {
    Optional<alluxio.client.file.cache.CacheUsage> u = manager.getUsage();
    return u.map(alluxio.client.file.cache.CacheUsage::used).orElse(-1L);
  }

  @Override
  public long capacityBytes() {
    return capacity;
  }

  @Override
  public void close() {
    open.forgetAll();
    closeQuietly(manager);
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // shutting down
    }
  }

  @Override
  public String toString() {
    return "AlluxioPageStore[" + dir + "]";
  }
}
