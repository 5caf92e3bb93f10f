package io.hdfslocalcache.datanode.store;

import alluxio.client.file.cache.PageId;
import alluxio.client.file.cache.store.LocalPageStore;
import alluxio.client.file.cache.store.PageStoreOptions;
import alluxio.conf.AlluxioProperties;
import alluxio.conf.InstancedConfiguration;
import alluxio.conf.PropertyKey;
import alluxio.exception.status.ResourceExhaustedException;
import io.hdfslocalcache.datanode.files.OwnerOnlyFiles;
import io.hdfslocalcache.metrics.CacheFailure;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * One SSD directory as Alluxio's LOCAL page store: Alluxio's page files and page I/O ({@link
 * LocalPageStore}: {@code LOCAL/<page size>/<bucket>/<file id>/<page>}), without Alluxio's cache
 * manager. The manager kept an index of every page in memory (its page metadata and LRU map, some
 * 200-330 heap bytes a page) and rebuilt it at start by walking one file per page; the cache's own
 * entries already know their pages ({@code block.PageSet}), evict on their own and record their
 * pages in the block index, so this store holds no per-page state at all. What the manager did that
 * the cache still needs is here: the effective capacity (the configured size less Alluxio's
 * file-system overhead), the used bytes, whole-file deletes, and the purge of files no entry owns
 * ({@link PageTree}). A page whose file is missing or shorter than asked is a miss ({@link
 * LocalPageReads}).
 *
 * <p>Built from an isolated {@link InstancedConfiguration}: never the JVM-global Alluxio
 * configuration, which reads {@code -Dalluxio.*} and alluxio-site.properties.
 */
final class AlluxioPageStore implements PageStore {
  private final LocalPageStore files;
  private final PageTree tree;
  private final Path dir;
  private final long capacity;

  /** Page reads straight from the page files. */
  private final LocalPageReads reads;

  /** Page files kept open for partial reads; every delete closes its pages' files. */
  private final OpenPageFiles open = new OpenPageFiles(OpenPageFiles.FILES_PER_DIRECTORY);

  /** Bytes of pages written or restored, less those deleted. */
  private final AtomicLong used = new AtomicLong();

  private AlluxioPageStore(
      LocalPageStore files, PageTree tree, Path dir, long capacity, int pageSize) {
    this.files = files;
    this.tree = tree;
    this.dir = dir;
    this.capacity = capacity;
    this.reads = new LocalPageReads(files, open, pageSize);
  }

  static AlluxioPageStore open(Path dir, long capacityBytes, int pageSize) throws IOException {
    return open(dir, capacityBytes, pageSize, new OpenProgress());
  }

  /**
   * {@code progress} counts the open's one step: the open walks no page (the restart takes pages
   * from the block index), so its time does not grow with the cache.
   */
  static AlluxioPageStore open(Path dir, long capacityBytes, int pageSize, OpenProgress progress)
      throws IOException {
    InstancedConfiguration conf = new InstancedConfiguration(new AlluxioProperties());
    conf.set(PropertyKey.USER_CLIENT_CACHE_DIRS, dir.toString());
    conf.set(PropertyKey.USER_CLIENT_CACHE_SIZE, Long.toString(capacityBytes));
    conf.set(PropertyKey.USER_CLIENT_CACHE_PAGE_SIZE, Integer.toString(pageSize));
    conf.set(PropertyKey.USER_CLIENT_CACHE_STORE_TYPE, "LOCAL");
    PageStoreOptions options;
    try {
      options = PageStoreOptions.create(conf).get(0);
    } catch (RuntimeException e) {
      throw new IOException("cannot open cache directory " + dir + ": " + e, e);
    }
    PageTree tree = new PageTree(options.getRootDir(), pageSize, options.getFileBuckets());
    tree.create();
    progress.step();
    // Alluxio keeps ~5% of the configured size for file-system overhead; what is left is what
    // the cache's block budget may fill.
    long effective = (long) (options.getCacheSize() / (1 + options.getOverheadRatio()));
    return new AlluxioPageStore(
        new LocalPageStore(options), tree, dir, Math.min(capacityBytes, effective), pageSize);
  }

  @Override
  public void read(String fileId, long pageIndex, int pageOffset, ByteBuffer dst)
      throws CacheException {
    reads.read(new PageId(fileId, pageIndex), pageOffset, dst);
  }

  /** The direct page reads, for tests. */
  LocalPageReads directReads() {
    return reads;
  }

  /** The page files kept open, for tests. */
  OpenPageFiles openFiles() {
    return open;
  }

  @Override
  public void write(String fileId, long pageIndex, byte[] src, int off, int len)
      throws CacheException {
    PageId page = new PageId(fileId, pageIndex);
    try {
      files.put(page, ByteBuffer.wrap(src, off, len), false);
    } catch (ResourceExhaustedException e) {
      throw new CacheException(
          CacheFailure.UNAVAILABLE, "put " + fileId + " page " + pageIndex + " refused: " + e, e);
    } catch (IOException | RuntimeException e) {
      throw new CacheException(CacheFailure.IO_ERROR, "put " + fileId + " page " + pageIndex, e);
    }
    used.addAndGet(len);
    OwnerOnlyFiles.restrict(files.getPagePath(page, false));
  }

  @Override
  public FileSystemSpace fileSystemSpace() throws IOException {
    return FileSystemSpace.of(dir);
  }

  @Override
  public void deleteFile(String fileId) {
    used.addAndGet(-tree.deleteFile(fileId));
    open.forgetFile(fileId);
  }

  @Override
  public void deletePage(String fileId, long pageIndex) {
    used.addAndGet(-tree.deletePage(files, new PageId(fileId, pageIndex)));
    open.forgetPage(new PageId(fileId, pageIndex));
  }

  /**
   * Lists the file's page files: only asked for records written before the block index recorded
   * each block's pages (a restart then lists the pages of such blocks once).
   */
  @Override
  public PagesOnDisk pagesOnDisk(String fileId, long fileLength) {
    return tree.pagesOnDisk(fileId, fileLength);
  }

  @Override
  public void restored(long bytes) {
    used.addAndGet(bytes);
  }

  @Override
  public void retainFiles(Predicate<String> keep) {
    tree.retainFiles(keep);
    open.forgetAll();
  }

  @Override
  public long usedBytes() {
    return used.get();
  }

  @Override
  public long capacityBytes() {
    return capacity;
  }

  @Override
  public void close() {
    open.forgetAll();
  }

  @Override
  public String toString() {
    return "AlluxioPageStore[" + dir + "]";
  }
}
