package io.hdfslocalcache.it;

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

  /** The disk answers again; safe to call more than once. */
  void release() {
    release.countDown();
  }
}
