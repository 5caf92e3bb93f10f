package io.hdfslocalcache.datanode;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;

/**
 * Counts what the cache does not serve: the HDD streams of client reads (bytes, open streams,
 * calls in flight, per-call latency) and the per-call latency of cached data streams.
 *
 * <p>{@link BlockCache#openMeta} marks, per thread, the block of a client read it sends to the
 * HDD ({@link #expectHdd}); the wrapper then wraps the HDD meta stream and, once, the HDD data
 * stream of that block. Anything else (short-circuit, scanner, balancer, replication, data opened
 * without a marked meta open) passes through untouched.
 *
 * <p>A {@link FileInputStream} stays a {@link FileInputStream} with the same descriptor, so
 * BlockSender keeps its zero-copy transferTo and its fadvise readahead/drop-behind on HDD reads;
 * see {@link CountingFileInputStream}.
 */
final class ReadAccounting {
  private static final ThreadLocal<ExtendedBlock> HDD_READ = new ThreadLocal<>();

  private ReadAccounting() {}

  /** This thread's current client read of {@code b} goes to the HDD; null clears the mark. */
  static void expectHdd(ExtendedBlock b) {
    if (b == null) {
      HDD_READ.remove();
    } else {
      HDD_READ.set(b);
    }
  }

  /** The HDD meta stream, counted if it belongs to this thread's marked client read. */
  static LengthInputStream hddMeta(ReadPathStats stats, ExtendedBlock b, LengthInputStream in) {
    if (in == null || !marked(b)) {
      return in;
    }
    return new LengthInputStream(wrap(in.getWrappedStream(), stats, false), in.getLength());
  }

  /** The HDD data stream, counted (and the mark consumed) if it belongs to the marked read. */
  static InputStream hddData(ReadPathStats stats, ExtendedBlock b, InputStream in) {
    if (in == null || !marked(b)) {
      return in;
    }
    HDD_READ.remove();
    stats.hddReads.inc();
    return wrap(in, stats, true);
  }

  /** A cached data stream whose read calls are timed into {@code read.latency.cache.micros}. */
  static InputStream cachedData(ReadPathStats stats, InputStream in) {
    return in == null ? null : new TimedCachedStream(in, stats);
  }

  private static boolean marked(ExtendedBlock b) {
    ExtendedBlock m = HDD_READ.get();
    return m != null && m.getBlockId() == b.getBlockId()
        && m.getGenerationStamp() == b.getGenerationStamp()
        && m.getBlockPoolId().equals(b.getBlockPoolId());
  }

  private static InputStream wrap(InputStream in, ReadPathStats stats, boolean data) {
    HddStreamCounter counter = new HddStreamCounter(stats, data);
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
  static final class HddStreamCounter {
    private final ReadPathStats stats;
    /** Data streams count as open streams and time their calls; meta streams only count bytes. */
    private final boolean data;
    private boolean closed;

    HddStreamCounter(ReadPathStats stats, boolean data) {
      this.stats = stats;
      this.data = data;
      if (data) {
        stats.hddStreamsOpen.incrementAndGet();
      }
    }

    /** Before a read call; returns its start time for {@link #after}. */
    long before() {
      if (data) {
        stats.hddReadsInFlight.incrementAndGet();
      }
      return System.nanoTime();
    }

    void after(long start, long bytes) {
      if (data) {
        stats.hddReadsInFlight.decrementAndGet();
        stats.hddReadMicros.update((System.nanoTime() - start) / 1000);
      }
      if (bytes > 0) {
        stats.bytesFromHdd.inc(bytes);
      }
    }

    /** Idempotent. */
    synchronized void closed() {
      if (!closed) {
        closed = true;
        if (data) {
          stats.hddStreamsOpen.decrementAndGet();
        }
      }
    }
  }

  /** A non-file HDD stream (other dataset implementations), counted. */
  private static final class CountingInputStream extends java.io.FilterInputStream {
    private final HddStreamCounter counter;

    CountingInputStream(InputStream in, HddStreamCounter counter) {
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
