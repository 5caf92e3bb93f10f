package io.hdfslocalcache.datanode.store;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * One directory's deletes, on their own thread, in order, behind an unbounded queue: a hung disk
 * must not block the client thread that closes the last stream of a retired entry, and a burst of
 * reads must not make a delete be dropped (its pages would stay while the budget counts them free).
 * Deletes are small, and their order carries the budget's release ({@link PageStore#afterDeletes}).
 *
 * <p>After {@link #shutdown} a delete is dropped, not refused with an exception: DataNode shutdown
 * does not wait for its readers before it closes the dataset, and a reader holding the last pin of
 * an entry retired meanwhile asks for its deletes when it closes its stream, in BlockSender's
 * close, where stock HDFS throws nothing. The pages then stay, as the index keeps the record whose
 * delete it drops after close: the next start deletes pages no record owns and validates the rest.
 */
final class OrderedDeletes {
  private final ExecutorService thread;

  OrderedDeletes(String name) {
    this.thread =
        Executors.newSingleThreadExecutor(
            r -> CacheThreads.newThread(r, "local-cache-delete-" + name));
  }

  void run(Runnable delete) {
    try {
      thread.execute(delete);
    } catch (RejectedExecutionException closed) {
      // shut down: dropped (see the class comment)
    }
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
