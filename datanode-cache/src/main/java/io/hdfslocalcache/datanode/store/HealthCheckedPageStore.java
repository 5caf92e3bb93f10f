package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.metrics.CacheFailure;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reports every store failure to the directory's {@link DirectoryHealth} and refuses all work once
 * the directory is out of service, so a dying SSD costs each read one fast refusal, not a timeout.
 */
final class HealthCheckedPageStore extends ForwardingPageStore {
  private final DirectoryHealth health;

  HealthCheckedPageStore(PageStore inner, DirectoryHealth health) {
    super(inner);
    this.health = health;
  }

  @Override
  public void read(String fileId, long pageIndex, int pageOffset, ByteBuffer dst)
      throws CacheException {
    check();
    try {
      inner.read(fileId, pageIndex, pageOffset, dst);
    } catch (CacheException e) {
      health.record(e.failure(), e.getMessage());
      throw e;
    }
  }

  @Override
  public void write(String fileId, long pageIndex, byte[] src, int off, int len)
      throws CacheException {
    check();
    try {
      inner.write(fileId, pageIndex, src, off, len);
    } catch (CacheException e) {
      health.record(e.failure(), e.getMessage());
      throw e;
    }
  }

  @Override
  public PendingIo readAsync(
      String fileId, long pageIndex, int pageOffset, ByteBuffer dst, AfterRead then) {
    try {
      check();
    } catch (CacheException e) {
      return PendingIo.failed(e);
    }
    // Only the store's own failures are this wrapper's to record: what {@code then} finds (a
    // checksum mismatch) the cache records where it handles it, once.
    AtomicBoolean thenFailed = new AtomicBoolean();
    PendingIo pending =
        inner.readAsync(
            fileId,
            pageIndex,
            pageOffset,
            dst,
            () -> {
              try {
                then.check();
              } catch (CacheException e) {
                thenFailed.set(true);
                throw e;
              }
            });
    return new PendingIo() {
      @Override
      public void await() throws CacheException {
        try {
          pending.await();
        } catch (CacheException e) {
          if (!thenFailed.get()) {
            health.record(e.failure(), e.getMessage());
          }
          throw e;
        }
      }

      @Override
      public OpEnd cancel() {
        return pending.cancel();
      }
    };
  }

  private void check() throws CacheException {
    if (!health.inService()) {
      throw new CacheException(CacheFailure.UNAVAILABLE, health.dir() + " is out of service");
    }
  }
}
