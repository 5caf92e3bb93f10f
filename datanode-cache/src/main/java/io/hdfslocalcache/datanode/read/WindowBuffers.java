package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.block.BufferSource;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Spare buffers of the cached streams, shared by one DataNode's reads: data windows, meta windows
 * and read-ahead pages. Every pread opens new streams, and each stream's windows were fresh {@code
 * byte[]}s: in a profile of cached 64 KB preads that allocation (zeroing it, and a GiB of garbage
 * per GiB served) was the largest cost the cache added on the DataNode thread. A stream takes its
 * buffers here and gives them back when it closes.
 *
 * <p>Safety: a stream gives a buffer back only if it owns it alone, i.e. no store read into it
 * failed (a read that timed out on the I/O threads may still write into it later) and none is in
 * flight; it never touches the buffer after giving it back. A taken buffer holds another read's
 * bytes, which is harmless: a stream serves only bytes it has just read into it and verified.
 *
 * <p>Sizes: buffers come in powers of two from {@link #MIN_BYTES} to {@link #MAX_BYTES}, one queue
 * of spares per size, so a meta window of 4 KB never takes (and loses) a page's spare. Bounded by
 * bytes, not count, so that as many streams as a busy DataNode runs at once (hundreds) find spares:
 * at most {@link #MAX_SPARE_BYTES} are kept; beyond that a buffer is left to the garbage collector.
 * Lock-free: one concurrent-queue operation and one atomic add per take and give (a locked queue
 * made readers preempted inside it hold up the others at hundreds of readers on a few cores).
 *
 * <p>The data windows of cached pages are direct buffers, from {@link #windows()}; these arrays are
 * meta windows, HDD staging and the heap windows used beyond the direct bound.
 */
final class WindowBuffers implements BufferSource {
  static final int MIN_BYTES = 4 << 10;

  /** Larger buffers (pages above 1 MiB) are not kept. */
  static final int MAX_BYTES = 1 << 20;

  /** Spare bytes kept at most, all sizes together. */
  static final long MAX_SPARE_BYTES = 32L << 20;

  private static final int MIN_SHIFT = Integer.numberOfTrailingZeros(MIN_BYTES);
  private static final int SIZES = Integer.numberOfTrailingZeros(MAX_BYTES) - MIN_SHIFT + 1;

  private final ConcurrentLinkedQueue<byte[]>[] spares;
  private final AtomicLong spareBytes = new AtomicLong();

  private final DirectWindows windows;

  WindowBuffers() {
    this(new AtomicLong());
  }

  /** {@code directHeld}: where the direct windows held are counted (a gauge). */
  @SuppressWarnings("unchecked")
  WindowBuffers(AtomicLong directHeld) {
    spares = new ConcurrentLinkedQueue[SIZES];
    for (int i = 0; i < SIZES; i++) {
      spares[i] = new ConcurrentLinkedQueue<>(); // bounded by spareBytes, all sizes together
    }
    windows = new DirectWindows(this, directHeld, DirectWindows.MAX_DIRECT_BYTES);
  }

  /** The direct data windows, which fall back to this pool's arrays beyond their bound. */
  DirectWindows windows() {
    return windows;
  }

  /** A buffer of at least {@code min} bytes: a spare of its size if one is kept, else a new one. */
  @Override
  public byte[] take(int min) {
    if (min > MAX_BYTES) {
      return new byte[min];
    }
    int size = sizeFor(min);
    byte[] b = spares[size].poll();
    if (b == null) {
      return new byte[MIN_BYTES << size];
    }
    spareBytes.addAndGet(-b.length);
    return b;
  }

  @Override
  public void give(byte[] b) {
    int n = b.length;
    if (n < MIN_BYTES || n > MAX_BYTES || Integer.bitCount(n) != 1) {
      return; // not one of ours (or empty)
    }
    if (spareBytes.addAndGet(n) > MAX_SPARE_BYTES) {
      spareBytes.addAndGet(-n);
      return;
    }
    spares[sizeFor(n)].offer(b);
  }

  /** The size class holding buffers of at least {@code min} bytes. */
  private static int sizeFor(int min) {
    int bits = 32 - Integer.numberOfLeadingZeros(Math.max(MIN_BYTES, min) - 1);
    return bits - MIN_SHIFT;
  }

  /** Spares kept now, all sizes (for tests). */
  int spares() {
    int n = 0;
    for (ConcurrentLinkedQueue<byte[]> q : spares) {
      n += q.size();
    }
    return n;
  }
}
