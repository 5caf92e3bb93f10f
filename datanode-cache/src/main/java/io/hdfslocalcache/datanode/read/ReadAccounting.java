package io.hdfslocalcache.datanode.read;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;

/**
 * Counts what the cache does not serve: the HDD streams of client reads (bytes, open streams, calls
 * in flight, per-call latency) and the per-call latency of cached data streams. Which streams are
 * counted is {@link ReadRouter}'s decision.
 *
 * <p>A {@link FileInputStream} stays a {@link FileInputStream} with the same descriptor, so
 * BlockSender keeps its zero-copy transferTo and its fadvise readahead/drop-behind on HDD reads;
 * see {@link CountingFileInputStream}.
 */
final class ReadAccounting {
  private ReadAccounting() {}

  /** A client read's HDD meta stream, its bytes counted. */
  static LengthInputStream hddMeta(ReadPathStats stats, LengthInputStream in) {
    return new LengthInputStream(
        wrap(in.getWrappedStream(), stats, false, bytes -> {}), in.getLength());
  }

  /** A client read's HDD data stream, counted as a read, its bytes and calls too. */
  static InputStream hddData(ReadPathStats stats, InputStream in) {
    return hddData(stats, in, bytes -> {});
  }

  /** As {@link #hddData(ReadPathStats, InputStream)}; {@code onClose} gets the bytes it read. */
  static InputStream hddData(
      ReadPathStats stats, InputStream in, java.util.function.LongConsumer onClose) {
    stats.hddReads.inc();
    return wrap(in, stats, true, onClose);
  }

  /** A cached data stream whose read calls are timed into {@code read.latency.cache.micros}. */
  static InputStream cachedData(ReadPathStats stats, InputStream in) {
    return new TimedCachedStream(in, stats);
  }

  /**
   * A stream counted for nothing but its bytes, told to {@code onClose} when it closes: shadow
   * mode's client reads, which must cost as little as the read path allows.
   */
  static InputStream counted(InputStream in, java.util.function.LongConsumer onClose) {
    return wrap(in, new ByteCounter(onClose));
  }

  private static InputStream wrap(
      InputStream in, ReadPathStats stats, boolean data, java.util.function.LongConsumer onClose) {
    return wrap(in, new HddStreamCounter(stats, data, onClose));
  }

  private static InputStream wrap(InputStream in, StreamCounter counter) {
    if (in instanceof FileInputStream) {
      try {
        return new CountingFileInputStream((FileInputStream) in, counter);
      } catch (IOException e) {
        // no descriptor to share: count through a filter instead
      }
    }
    return new CountingInputStream(in, counter);
  }

  /** Per-stream accounting shared by the stream wrappers. */
  static final class HddStreamCounter implements StreamCounter {
    private final ReadPathStats stats;

    /** Data streams count as open streams and time their calls; meta streams only count bytes. */
    private final boolean data;

    private boolean closed;

    /** Told the bytes this stream read, once, when it closes. */
    private final java.util.function.LongConsumer onClose;

    /** Bytes read through this stream (any thread; BlockSender uses one). */
    private final java.util.concurrent.atomic.AtomicLong total =
        new java.util.concurrent.atomic.AtomicLong();

    HddStreamCounter(ReadPathStats stats, boolean data, java.util.function.LongConsumer onClose) {
      this.stats = stats;
      this.data = data;
      this.onClose = onClose;
      if (data) {
        stats.hddStreamsOpen.incrementAndGet();
      }
    }

    /** Before a read call; returns its start time for {@link #after}. */
    @Override
    public long before() {
      if (data) {
        stats.hddReadsInFlight.incrementAndGet();
      }
      return System.nanoTime();
    }

    @Override
    public void after(long start, long bytes) {
      if (data) {
        stats.hddReadsInFlight.decrementAndGet();
        stats.hddReadMicros.update((System.nanoTime() - start) / 1000);
      }
      if (bytes > 0) {
        stats.bytesFromHdd.inc(bytes);
        total.addAndGet(bytes);
      }
    }

    @Override
    public void closed() {
      synchronized (this) {
        if (closed) {
          return;
        }
        closed = true;
      }
      if (data) {
        stats.hddStreamsOpen.decrementAndGet();
      }
      onClose.accept(total.get());
    }
  }

  /** Bytes only: no clock read, no shared counter touched until the close. */
  private static final class ByteCounter implements StreamCounter {
    private final java.util.function.LongConsumer onClose;

    /** Bytes read; BlockSender reads and closes its streams on one thread. */
    private long total;

    private final java.util.concurrent.atomic.AtomicBoolean closed =
        new java.util.concurrent.atomic.AtomicBoolean();

    ByteCounter(java.util.function.LongConsumer onClose) {
      this.onClose = onClose;
    }

    @Override
    public long before() {
      return 0;
    }

    @Override
    public void after(long start, long bytes) {
      total += bytes;
    }

    @Override
    public void closed() {
      if (closed.compareAndSet(false, true)) {
        onClose.accept(total);
      }
    }
  }

  /** A non-file HDD stream (other dataset implementations), counted. */
  private static final class CountingInputStream extends java.io.FilterInputStream {
    private final StreamCounter counter;

    CountingInputStream(InputStream in, StreamCounter counter) {
      super(in);
      this.counter = counter;
    }

    @Override
    public int read() throws IOException {
      long t = counter.before();
      int b = -1;
      try {
        b = in.read();
      } finally {
        counter.after(t, b < 0 ? 0 : 1);
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      long t = counter.before();
      int n = -1;
      try {
        n = in.read(b, off, len);
      } finally {
        counter.after(t, Math.max(n, 0));
      }
      return n;
    }

    @Override
    public void close() throws IOException {
      counter.closed();
      in.close();
    }
  }

  /** Times each read call of a cached data stream; bytes are counted by the stream itself. */
  private static final class TimedCachedStream extends java.io.FilterInputStream {
    private final ReadPathStats stats;

    TimedCachedStream(InputStream in, ReadPathStats stats) {
      super(in);
      this.stats = stats;
    }

    @Override
    public int read() throws IOException {
      long t = System.nanoTime();
      try {
        return in.read();
      } finally {
        stats.cacheReadMicros.update((System.nanoTime() - t) / 1000);
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      long t = System.nanoTime();
      try {
        return in.read(b, off, len);
      } finally {
        stats.cacheReadMicros.update((System.nanoTime() - t) / 1000);
      }
    }
  }
}
