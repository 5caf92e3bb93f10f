package io.hdfslocalcache.datanode.store;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * One directory's deletes, on their own thread, in order, behind an unbounded queue: a hung disk
 * must not block the client thread that closes the last stream of a retired entry, and a burst of
 * reads must not make a delete be dropped (its pages would stay while the budget counts them free).
 * Deletes are small, and their order carries the budget's release ({@link PageStore#afterDeletes}).
 */
final class OrderedDeletes {
  private final ExecutorService thread;

  OrderedDeletes(String name) {
    this.thread =
        Executors.newSingleThreadExecutor(
            r -> CacheThreads.newThread(r, "local-cache-delete-" + name));
  }

  void run(Runnable delete) {
    thread.execute(delete);
  }

  /** Stops taking deletes; {@link #finish} waits for the queued ones. */
  void shutdown() {
    thread.shutdown();
  }

  /** Lets the queued deletes finish for up to 5 s, then interrupts. */
  void finish() {
    CacheThreads.finish(thread);
  }
}
