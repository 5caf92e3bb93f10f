package io.hdfslocalcache.datanode.store;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** Records deletions and does nothing else: for tests of what uses a store, not of a store. */
public class RecordingPageStore implements PageStore {
  public final List<String> deleted = new ArrayList<>();

  @Override
  public void read(String f, long p, int o, ByteBuffer d) {}

  @Override
  public void write(String f, long p, byte[] s, int off, int len) {}

  @Override
  public PagesOnDisk pagesOnDisk(String fileId, long fileLength) {
    return new PagesOnDisk();
  }

  @Override
  public synchronized void deletePage(String fileId, long pageIndex) {
    deleted.add(fileId + "#" + pageIndex);
  }

  @Override
  public void retainFiles(java.util.function.Predicate<String> keep) {}

  @Override
  public synchronized void deleteFile(String fileId) {
    deleted.add(fileId);
  }

  @Override
  public FileSystemSpace fileSystemSpace() {
    return new FileSystemSpace(1L << 40, 1L << 40);
  }

  @Override
  public long usedBytes() {
    return 0;
  }

  @Override
  public long capacityBytes() {
    return 1 << 30;
  }

  @Override
  public void close() {}
}
