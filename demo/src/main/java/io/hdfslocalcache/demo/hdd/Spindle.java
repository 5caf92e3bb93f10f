package io.hdfslocalcache.demo.hdd;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One emulated disk head: requests are served one at a time, in arrival order (fair lock), each
 * costing a seek (skipped when it continues where the previous request on this spindle ended) plus
 * size / bandwidth. Requests waiting or in service are the queue, the demo's "blocked processes".
 * The only place in the demo that sleeps.
 */
public final class Spindle {
  /** How the spindle spends time; tests substitute one that only adds up. */
  public interface Sleeper {
    void sleepNanos(long nanos) throws InterruptedException;
  }

  static final Sleeper REAL_TIME =
      nanos -> Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));

  private final HddModel model;
  private final Sleeper sleeper;
  private final ReentrantLock head = new ReentrantLock(true);
  private final AtomicInteger queue = new AtomicInteger();
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong seeks = new AtomicLong();
  private final AtomicLong busyNanos = new AtomicLong();
  private final AtomicLong clientBytes = new AtomicLong();
  private final AtomicLong fillBytes = new AtomicLong();
  // guarded by head
  private Object lastStream;
  private long lastEnd = -1;

  public Spindle(HddModel model, Sleeper sleeper) {
    this.model = model;
    this.sleeper = sleeper;
  }

  /** Serves a request of {@code bytes} at {@code offset} of {@code stream} (a file's identity). */
  public void serve(Object stream, long offset, long bytes) throws InterruptedException {
    queue.incrementAndGet();
    try {
      head.lockInterruptibly();
      try {
        long cost = model.transferNanos(bytes);
        if (stream != lastStream || offset != lastEnd) {
          cost += model.seekNanos();
          seeks.incrementAndGet();
        }
        lastStream = stream;
        lastEnd = offset + bytes;
        requests.incrementAndGet();
        busyNanos.addAndGet(cost);
        sleeper.sleepNanos(cost);
      } finally {
        head.unlock();
      }
    } finally {
      queue.decrementAndGet();
    }
  }

  /** Counts block data handed to a reader: a cache fill's, or a client's (everything else). */
  void countData(long bytes, boolean fill) {
    (fill ? fillBytes : clientBytes).addAndGet(bytes);
  }

  /** Requests waiting or in service right now. */
  public int queueDepth() {
    return queue.get();
  }

  public long requests() {
    return requests.get();
  }

  public long seeks() {
    return seeks.get();
  }

  public long busyNanos() {
    return busyNanos.get();
  }

  /** Block data bytes read from this disk for clients. */
  public long clientBytes() {
    return clientBytes.get();
  }

  /** Block data bytes read from this disk by cache fill threads. */
  public long fillBytes() {
    return fillBytes.get();
  }
}
