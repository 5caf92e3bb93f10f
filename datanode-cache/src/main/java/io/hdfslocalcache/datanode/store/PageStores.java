package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.time.CacheClock;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Builds a directory's store: Alluxio's page store inside the cross-cutting wrappers, outermost
 * first: health check, time bound, no-space classification, fault hooks, Alluxio. The order
 * matters: the health check sees timeouts; the time bound covers the fault hooks (a test's hung
 * disk hangs where a real one would); the classification sees the space the hooks report. Page
 * reads pass the classification by (it is the writes'; {@link PageStore#pageReads}): the time bound
 * hands them to the fault hooks directly.
 */
public final class PageStores {
  private PageStores() {}

  /** Opens Alluxio's store on {@code dir}; the caller wraps it with {@link #wrap}. */
  public static PageStore openAlluxio(Path dir, long capacityBytes, int pageSize)
      throws IOException {
    return openAlluxio(dir, capacityBytes, pageSize, new OpenProgress());
  }

  /** {@code progress} counts the open's step, for the start-up watch. */
  public static PageStore openAlluxio(
      Path dir, long capacityBytes, int pageSize, OpenProgress progress) throws IOException {
    return AlluxioPageStore.open(dir, capacityBytes, pageSize, progress);
  }

  /**
   * @param ioThreads threads bounding page I/O on the directory
   * @param spinNanos how long a caller spins for an I/O thread's answer before parking
   * @param name names the directory's threads, e.g. {@code dir0}
   * @param bound whether synchronous reads may run on the reader's thread while the disk is fast
   * @param clock judges slow and stuck operations
   * @param faults a test's hooks, innermost; {@link CacheFaultInjector#NONE} in production, which
   *     leaves them out of the chain
   */
  public static PageStore wrap(
      PageStore alluxio,
      Path dir,
      DirectoryHealth health,
      Duration readTimeout,
      int ioThreads,
      long spinNanos,
      int reservedPercent,
      String name,
      ReadBound bound,
      CacheClock clock,
      CacheFaultInjector faults) {
    // A production DataNode's chain has no test wrapper: with no injector, nothing to call.
    PageStore below =
        faults == CacheFaultInjector.NONE
            ? alluxio
            : new FaultInjectingPageStore(alluxio, dir, faults);
    return new HealthCheckedPageStore(
        new TimeBoundPageStore(
            new NoSpaceClassifyingPageStore(below, reservedPercent),
            readTimeout,
            ioThreads,
            spinNanos,
            name,
            new InlineReadGate(
                bound, readTimeout, dir.toString(), clock, stalls(bound, name, clock)),
            clock),
        health);
  }

  /**
   * The JVM pause detector of an adaptive directory on the machine's clock. None on a test's fake
   * clock: there only the test moves time, and real pauses would blur what it set up.
   */
  private static ProcessStalls stalls(ReadBound bound, String name, CacheClock clock) {
    return bound == ReadBound.ADAPTIVE && clock == CacheClock.SYSTEM
        ? StallClock.start(name, clock)
        : ProcessStalls.NONE;
  }
}
