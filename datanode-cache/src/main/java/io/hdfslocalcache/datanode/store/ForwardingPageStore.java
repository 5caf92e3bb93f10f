package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.ReadRoute;
import java.nio.ByteBuffer;
import java.util.function.Predicate;

/**
 * Base of the store decorators: forwards everything, so each wrapper shows only what it adds.
 * {@link #readAsync} is deliberately not forwarded: by default it runs this decorator's own {@link
 * #read}; only decorators that really start work elsewhere override it.
 */
public abstract class ForwardingPageStore implements PageStore {
  protected final PageStore inner;

  protected ForwardingPageStore(PageStore inner) {
    this.inner = inner;
  }

  @Override
  public void read(String fileId, long pageIndex, int pageOffset, ByteBuffer dst)
      throws CacheException {
    inner.read(fileId, pageIndex, pageOffset, dst);
  }

  @Override
  public void write(String fileId, long pageIndex, byte[] src, int off, int len)
      throws CacheException {
    inner.write(fileId, pageIndex, src, off, len);
  }

  @Override
  public ReadRoute readRoute() {
    return inner.readRoute();
  }

  @Override
  public PagesOnDisk pagesOnDisk(String fileId, long fileLength) {
    return inner.pagesOnDisk(fileId, fileLength);
  }

  @Override
  public void restored(long bytes) {
    inner.restored(bytes);
  }

  @Override
  public void retainFiles(Predicate<String> keep) {
    inner.retainFiles(keep);
  }

  @Override
  public void deleteFile(String fileId) {
    inner.deleteFile(fileId);
  }

  @Override
  public void deletePage(String fileId, long pageIndex) {
    inner.deletePage(fileId, pageIndex);
  }

  @Override
  public void afterDeletes(Runnable then) {
    inner.afterDeletes(then);
  }

  @Override
  public FileSystemSpace fileSystemSpace() throws java.io.IOException {
    return inner.fileSystemSpace();
  }

  @Override
  public long usedBytes() {
    return inner.usedBytes();
  }

  @Override
  public long capacityBytes() {
    return inner.capacityBytes();
  }

  @Override
  public void close() {
    inner.close();
  }
}
