package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.CacheFailure;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Pages in memory, deletes at once, free space set by the test: a store for tests of the parts that
 * decide (eviction, restore, invalidation), where Alluxio's behaviour is not under test.
 */
public final class MemoryPageStore implements PageStore {
  private final Map<String, byte[]> pages = new ConcurrentHashMap<>();
  private final long capacity;

  /** Free and total bytes the file system reports; tests lower {@code usable}. */
  public volatile long usable = 1L << 40;

  public volatile long total = 1L << 40;

  public MemoryPageStore(long capacity) {
    this.capacity = capacity;
  }

  private static String key(String fileId, long pageIndex) {
    return fileId + "#" + pageIndex;
  }

  @Override
  public void read(String fileId, long pageIndex, int pageOffset, ByteBuffer dst)
      throws CacheException {
    byte[] p = pages.get(key(fileId, pageIndex));
    if (p == null) {
      throw new CacheException(CacheFailure.MISSING_PAGE, fileId + " page " + pageIndex);
    }
    dst.duplicate().put(p, pageOffset, dst.remaining());
  }

  @Override
  public void write(String fileId, long pageIndex, byte[] src, int off, int len) {
    byte[] p = new byte[len];
    System.arraycopy(src, off, p, 0, len);
    pages.put(key(fileId, pageIndex), p);
  }

  @Override
  public PagesOnDisk pagesOnDisk(String fileId, long fileLength) {
    PagesOnDisk out = new PagesOnDisk();
    pages.forEach(
        (k, v) -> {
          if (k.startsWith(fileId + "#")) {
            out.add(
                Long.parseLong(k.substring(fileId.length() + 1)), v.length, pageSize, fileLength);
          }
        });
    return out;
  }

  /** Page size assumed by {@link #pagesOnDisk}. */
  public volatile int pageSize = 1 << 20;

  @Override
  public int pageCount(String fileId, long fileLength) {
    int n = 0;
    for (String k : pages.keySet()) {
      if (k.startsWith(fileId + "#")) {
        n++;
      }
    }
    return n;
  }

  @Override
  public void retainFiles(Predicate<String> keep) {
    pages.keySet().removeIf(k -> !keep.test(k.substring(0, k.lastIndexOf('#'))));
  }

  @Override
  public void deleteFile(String fileId) {
    pages.keySet().removeIf(k -> k.startsWith(fileId + "#"));
  }

  /** Deletes one of a file's pages (also: a crash that lost it). */
  @Override
  public void deletePage(String fileId, long pageIndex) {
    pages.remove(key(fileId, pageIndex));
  }

  public boolean hasFile(String fileId) {
    return pageCount(fileId, 0) > 0;
  }

  @Override
  public FileSystemSpace fileSystemSpace() {
    return new FileSystemSpace(usable, total);
  }

  @Override
  public long usedBytes() {
    long n = 0;
    for (byte[] p : pages.values()) {
      n += p.length;
    }
    return n;
  }

  @Override
  public long capacityBytes() {
    return capacity;
  }

  @Override
  public void close() {}
}
