package io.hdfslocalcache.datanode.store;

/**
 * Creates every thread the cache owns (I/O, deletes, index writes, fills, maintenance, directory
 * opening) in a thread group of its own under the top-level group. A thread inherits the group of
 * the thread that creates it, and a pool creates its threads lazily on whatever thread submits the
 * first task: a DataXceiver. DataNode shutdown interrupts the DataXceiver group before it closes
 * the dataset (Hadoop 3.3 to 3.5 do not wait for it to empty: a reader may still close its streams
 * after the cache closed), which would interrupt the cache's page I/O in the middle of a read and
 * fail it as an I/O error of the disk.
 */
public final class CacheThreads {
  private static final ThreadGroup GROUP = new ThreadGroup(topGroup(), "hdfs-local-cache");

  private CacheThreads() {}

  /** A daemon thread named {@code name} in the cache's group, not started. */
  public static Thread newThread(Runnable r, String name) {
    Thread t = new Thread(GROUP, r, name);
    t.setDaemon(true);
    return t;
  }

  /**
   * After {@code shutdown()}: lets {@code threads} finish what they run or hold for up to 5 s, then
   * interrupts them.
   */
  static void finish(java.util.concurrent.ExecutorService threads) {
    awaitQuietly(threads);
    threads.shutdownNow();
  }

  /** After {@code shutdown()}: waits up to 5 s for {@code threads} to finish what they run. */
  static void awaitQuietly(java.util.concurrent.ExecutorService threads) {
    try {
      threads.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static ThreadGroup topGroup() {
    ThreadGroup g = Thread.currentThread().getThreadGroup();
    while (g.getParent() != null) {
      g = g.getParent();
    }
    return g;
  }
}
