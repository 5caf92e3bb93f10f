package io.hdfslocalcache.model.util;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;

/**
 * Events a structure's readers record without taking its lock, replayed in order by whoever holds
 * it next: a bounded ring, many producers and one consumer at a time, after Caffeine's read buffer
 * ({@code BoundedBuffer}: a producer claims a slot by CAS on the write counter, then publishes the
 * element with a release store; the lock holder drains in claim order).
 *
 * <p>Two differences from Caffeine, both so the structure's decisions stay the model's. Nothing is
 * dropped: a producer that finds the ring full is told {@link Offer#FULL} and must take the owner's
 * lock, drain and apply its event itself. And there is one ring, not one per thread stripe: the
 * claim order is then the order the events happened in whenever they did not overlap, so a sequence
 * of events, from one thread or handed between threads, is replayed exactly as it ran (stripes
 * would replay stripe by stripe). A CAS on one counter is wait-free for the readers that win it and
 * never blocks the ones that lose, which is what the lock did on a busy CPU: a preempted holder
 * stalled every reader.
 *
 * <p>Threads: {@link #offer} from any thread; {@link #drainTo} only under the owner's lock (one
 * consumer). An element claimed but not yet published stops a drain there; the next drain takes it
 * up (its producer is still running, so it is concurrent with the drain and has no order to keep).
 * Java 8 API.
 */
public final class ReadBuffer<E> {
  private static final int SIZE = 256;
  private static final int MASK = SIZE - 1;

  /** What {@link #offer} did. */
  public enum Offer {
    /** Buffered; the owner replays it before its next decision. */
    ADDED,
    /** The ring is full: take the owner's lock, drain, then apply the event directly. */
    FULL
  }

  private final AtomicReferenceArray<E> ring = new AtomicReferenceArray<>(SIZE);
  private final AtomicLong tail = new AtomicLong();

  /** Next slot to drain; written only by the lock holder. */
  private volatile long head;

  public Offer offer(E e) {
    for (; ; ) {
      long t = tail.get();
      if (t - head >= SIZE) {
        return Offer.FULL;
      }
      if (tail.compareAndSet(t, t + 1)) {
        ring.lazySet((int) (t & MASK), e);
        return Offer.ADDED;
      }
    }
  }

  /** Hands every published event to {@code sink}, oldest first; under the owner's lock. */
  public void drainTo(Consumer<? super E> sink) {
    long h = head;
    long t = tail.get();
    while (h < t) {
      int i = (int) (h & MASK);
      E e = ring.get(i);
      if (e == null) {
        break; // claimed, not yet published
      }
      ring.lazySet(i, null);
      sink.accept(e);
      h++;
    }
    head = h;
  }

  /** Events claimed and not yet drained (a hint: producers may be adding). */
  public int pending() {
    return (int) (tail.get() - head);
  }
}
