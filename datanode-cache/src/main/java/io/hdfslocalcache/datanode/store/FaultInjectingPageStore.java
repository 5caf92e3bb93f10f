package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.CacheFailure;
import java.io.IOException;
import java.nio.ByteBuffer;

/** Innermost store wrapper: runs its {@link CacheFaultInjector}'s hooks, then the real store. */
final class FaultInjectingPageStore extends ForwardingPageStore {

  private final java.nio.file.Path dir;
  private final CacheFaultInjector faults;

  FaultInjectingPageStore(PageStore inner, java.nio.file.Path dir, CacheFaultInjector faults) {
    super(inner);
    this.dir = dir;
    this.faults = faults;
  }

  @Override
  public void read(String fileId, long pageIndex, int pageOffset, ByteBuffer dst)
      throws CacheException {
    try {
      faults.beforePageRead(fileId, pageIndex);
    } catch (IOException e) {
      throw new CacheException(CacheFailure.IO_ERROR, "read " + fileId + " page " + pageIndex, e);
    }
    inner.read(fileId, pageIndex, pageOffset, dst);
  }

  @Override
  public void write(String fileId, long pageIndex, byte[] src, int off, int len)
      throws CacheException {
    try {
      faults.beforePageWrite(fileId, pageIndex);
    } catch (IOException e) {
      throw new CacheException(
          isNoSpace(e) ? CacheFailure.NO_SPACE : CacheFailure.IO_ERROR,
          "write " + fileId + " page " + pageIndex,
          e);
    }
    inner.write(fileId, pageIndex, src, off, len);
  }

  @Override
  public FileSystemSpace fileSystemSpace() throws IOException {
    FileSystemSpace real = inner.fileSystemSpace();
    return real.withUsable(faults.usableSpace(dir, real.usable()));
  }

  static boolean isNoSpace(IOException e) {
    return String.valueOf(e.getMessage()).contains("No space left on device");
  }
}
