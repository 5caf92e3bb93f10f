package io.hdfslocalcache.datanode.read;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The off-heap (direct) buffers of the hit path's data windows, shared by one DataNode's reads: a
 * page is read from its file straight into one, verified there, and the socket is handed a view of
 * it, so no byte of a hit is copied on the heap (a heap window cost a copy from the JDK's native
 * buffer after the read and another into one before the send).
 *
 * <p>Bounded: direct memory is outside the heap and a DataNode's {@code -XX:MaxDirectMemorySize}
 * (by default the heap's maximum) is shared with Hadoop's own direct buffers. At most {@link
 * #MAX_DIRECT_BYTES} are held at once, in windows and read-aheads and as spares; beyond that, or if
 * the JVM refuses direct memory once, a window is a heap buffer from {@link WindowBuffers}, which
 * is slower only. Every direct buffer given back is kept as a spare (so a spare is there for the
 * next stream, and none is left to the garbage collector to free); they count in the bound.
 *
 * <p>Safety, as in {@link WindowBuffers}: a stream gives a buffer back only if it owns it alone (no
 * store read into it is in flight). One a timed-out read may still write into is handed over to
 * that read's end ({@code store.OpEnd}), which gives it back here once the read returns: it is
 * never reused before, stays counted while the read holds it, and is never left to the garbage
 * collector (which frees direct memory only when it happens to run).
 *
 * <p>Sizes: powers of two from {@link WindowBuffers#MIN_BYTES} to {@link WindowBuffers#MAX_BYTES},
 * one lock-free queue of spares per size; larger windows (pages above 1 MiB) are heap buffers.
 */
final class DirectWindows {
  private static final Logger LOG = LoggerFactory.getLogger(DirectWindows.class);

  /** Direct bytes held at most, in use and spare together, per DataNode. */
  static final long MAX_DIRECT_BYTES = 256L << 20;

  private static final int MIN_SHIFT = Integer.numberOfTrailingZeros(WindowBuffers.MIN_BYTES);
  private static final int SIZES =
      Integer.numberOfTrailingZeros(WindowBuffers.MAX_BYTES) - MIN_SHIFT + 1;

  private final WindowBuffers heap;
  private final ConcurrentLinkedQueue<ByteBuffer>[] spares;

  /** Direct bytes held now (the gauge): taken by streams or by reads outliving them, and spares. */
  private final AtomicLong held;

  /** {@link #MAX_DIRECT_BYTES}, or less once the JVM refused direct memory. */
  private volatile long limit;

  @SuppressWarnings("unchecked")
  DirectWindows(WindowBuffers heap, AtomicLong held, long limit) {
    this.heap = heap;
    this.held = held;
    this.limit = limit;
    spares = new ConcurrentLinkedQueue[SIZES];
    for (int i = 0; i < SIZES; i++) {
      spares[i] = new ConcurrentLinkedQueue<>(); // bounded by held <= limit
    }
  }

  /**
   * A window of at least {@code min} bytes, position 0 and limit its capacity: direct while the
   * bound allows, else on the heap.
   */
  ByteBuffer take(int min) {
    if (min > WindowBuffers.MAX_BYTES) {
      return ByteBuffer.wrap(heap.take(min));
    }
    int size = sizeFor(min);
    ByteBuffer b = spares[size].poll();
    if (b != null) {
      b.clear();
      return b;
    }
    int bytes = WindowBuffers.MIN_BYTES << size;
    if (held.addAndGet(bytes) <= limit) {
      try {
        return ByteBuffer.allocateDirect(bytes);
      } catch (OutOfMemoryError e) {
        held.addAndGet(-bytes);
        limit = Math.max(0, held.get()); // do not ask again: each refusal costs the JVM a GC
        LOG.warn(
            "The JVM refused {} bytes of direct memory with {} held for cache windows; windows"
                + " beyond that are heap buffers from now on (raise -XX:MaxDirectMemorySize by {}"
                + " MiB for the cache; docs/install.md)",
            bytes,
            held.get(),
            MAX_DIRECT_BYTES >> 20);
      }
    } else {
      held.addAndGet(-bytes);
    }
    return ByteBuffer.wrap(heap.take(bytes));
  }

  /**
   * {@code b}, no longer read into nor served from by anyone, may serve a later window. Called by
   * streams, and by I/O threads for the windows of reads that ended after their stream gave up.
   */
  void give(ByteBuffer b) {
    if (!b.isDirect()) {
      if (b.hasArray()) {
        heap.give(b.array());
      }
      return;
    }
    int n = b.capacity();
    if (n < WindowBuffers.MIN_BYTES || n > WindowBuffers.MAX_BYTES || Integer.bitCount(n) != 1) {
      return; // not one of ours (or empty)
    }
    spares[sizeFor(n)].offer(b);
  }

  /** Direct bytes held now, spares included. */
  long heldBytes() {
    return held.get();
  }

  /** Spare direct buffers kept now, all sizes (for tests). */
  int spares() {
    int n = 0;
    for (ConcurrentLinkedQueue<ByteBuffer> q : spares) {
      n += q.size();
    }
    return n;
  }

  private static int sizeFor(int min) {
    int bits = 32 - Integer.numberOfLeadingZeros(Math.max(WindowBuffers.MIN_BYTES, min) - 1);
    return bits - MIN_SHIFT;
  }
}
