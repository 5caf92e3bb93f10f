package io.hdfslocalcache.it;

import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * A disk that hangs until the test releases it: a thread that meets it blocks, deaf to interrupts
 * like a thread stuck in the kernel on a disk.
 */
final class HungDisk {
  private final CountDownLatch release = new CountDownLatch(1);

  /** Blocks until {@link #release}. */
  void hang() {
    boolean interrupted = false;
    while (release.getCount() > 0) {
      try {
        release.await();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Fault hooks that hang every open of a cache directory under {@code root}. */
  CacheFaultInjector hangingOpensUnder(Path root) {
    return new CacheFaultInjector() {
      @Override
      public void beforeDirectoryOpen(Path dir) {
        if (dir.startsWith(root)) {
          hang();
        }
      }
    };
  }

  /** The disk answers again; safe to call more than once. */
  void release() {
    release.countDown();
  }
}
