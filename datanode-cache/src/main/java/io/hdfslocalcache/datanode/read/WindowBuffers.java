package io.hdfslocalcache.datanode.read;

import java.util.concurrent.ArrayBlockingQueue;

/**
 * Spare window buffers of the cached data streams, shared by one DataNode's reads. Every pread
 * opens a new stream, and a stream's first window was a fresh {@code byte[]} of about 64 KB: in a
 * profile of cached 64 KB preads that allocation (zeroing it, and a GiB of garbage per GiB served)
 * was the largest cost the cache adds on the DataNode thread, larger than reading and verifying the
 * bytes. A stream takes its first window from here and gives its buffer back when it closes.
 *
 * <p>Safety: a stream gives a buffer back only if it owns it alone, i.e. no store read into it
 * failed (a read that timed out on the I/O threads may still write into it later) and none is in
 * flight; it never touches the buffer after giving it back. A taken buffer holds another read's
 * bytes, which is harmless: a stream serves only bytes it has just read into it and verified.
 *
 * <p>Bounded: at most {@link #MAX_SPARES} buffers of at most {@link #MAX_BYTES} each are kept (8
 * MiB of heap at most); the rest are left to the garbage collector as before. Lock-free for the
 * callers in practice: one short queue operation per stream open and close.
 */
final class WindowBuffers {
  static final int MAX_SPARES = 8;

  /** Larger buffers (pages above 1 MiB) are not kept. */
  static final int MAX_BYTES = 1 << 20;

  private final ArrayBlockingQueue<byte[]> spares = new ArrayBlockingQueue<>(MAX_SPARES);

  /** A buffer of at least {@code min} bytes: a spare if one is large enough, else a new one. */
  byte[] take(int min) {
    byte[] b = spares.poll();
    return b != null && b.length >= min ? b : new byte[min];
  }

  /** {@code b}, no longer read into nor served from by anyone, may serve a later stream. */
  void give(byte[] b) {
    if (b.length > 0 && b.length <= MAX_BYTES) {
      spares.offer(b);
    }
  }

  /** Spares kept now (for tests). */
  int spares() {
    return spares.size();
  }
}
