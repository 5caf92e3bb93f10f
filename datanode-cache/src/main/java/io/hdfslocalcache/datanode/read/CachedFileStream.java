package io.hdfslocalcache.datanode.read;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;

/**
 * A cached data stream as BlockSender wants it for its transferTo path: a {@link FileInputStream}
 * whose channel is a {@link CachedBlockChannel}. BlockSender sends a FileInputStream's bytes with
 * {@code getChannel().transferTo} in 64 KB packets when it does not verify and transferTo is
 * allowed; otherwise it calls {@link #read(byte[], int, int)}, which is the copy path the cached
 * stream had before (each call timed into {@code read.latency.cache.micros}, as there).
 *
 * <p>The descriptor, which BlockSender hands to Hadoop's ReadaheadPool (posix_fadvise WILLNEED) and
 * to its drop-behind (DONTNEED) through {@code getFD()}, is {@value #NO_DATA}: the kernel accepts
 * and ignores any advice on it, so a hit never makes the HDD read ahead or drop pages, and no
 * advice fails (a failed fadvise makes Hadoop check the HDD volume for errors). Not the HDD
 * replica's descriptor, which would read ahead the bytes the cache spares the HDD, nor an invalid
 * one, which fails every advice. Opened once per many streams ({@link NoDataDescriptors}), not per
 * pread; so closing this stream never closes the descriptor itself.
 *
 * <p>Every read method is served from the cached stream: FileInputStream's own would read the
 * descriptor ({@code readAllBytes}, {@code readNBytes} and {@code transferTo} are overridden on the
 * Java versions that have them, without {@code @Override}, as this class is compiled for Java 8).
 */
final class CachedFileStream extends FileInputStream {
  /** The descriptor's file: reads nothing, and takes any fadvise as a no-op. */
  static final String NO_DATA = "/dev/null";

  private final CachedStream in;
  private final ReadPathStats stats;
  private final NoDataDescriptors descriptors;
  private final NoDataDescriptors.Shared descriptor;
  private CachedBlockChannel channel;
  private boolean closed;

  private CachedFileStream(
      CachedStream in,
      ReadPathStats stats,
      NoDataDescriptors descriptors,
      NoDataDescriptors.Shared descriptor)
      throws IOException {
    super(descriptor.fd());
    this.in = in;
    this.stats = stats;
    this.descriptors = descriptors;
    this.descriptor = descriptor;
  }

  /** The transferTo-capable stream, or null if {@value #NO_DATA} could not be opened. */
  static CachedFileStream open(CachedStream in, ReadPathStats stats) {
    return open(in, stats, new NoDataDescriptors());
  }

  /** As {@link #open(CachedStream, ReadPathStats)}, on a descriptor shared through {@code d}. */
  static CachedFileStream open(CachedStream in, ReadPathStats stats, NoDataDescriptors d) {
    NoDataDescriptors.Shared shared;
    try {
      shared = d.lease();
    } catch (IOException | SecurityException e) {
      return null;
    }
    try {
      return new CachedFileStream(in, stats, d, shared);
    } catch (IOException | RuntimeException e) {
      d.release(shared);
      return null;
    }
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b) throws IOException {
    return read(b, 0, b.length);
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    long t = System.nanoTime();
    try {
      CachedBlockChannel ch = channel;
      // After a transferTo, bytes the socket did not take are the channel's: read on from there.
      return ch != null ? ch.read(java.nio.ByteBuffer.wrap(b, off, len)) : in.read(b, off, len);
    } finally {
      stats.cacheReadMicros.update((System.nanoTime() - t) / 1000);
    }
  }

  // Java 9+: FileInputStream's own would read the descriptor.
  public byte[] readAllBytes() throws IOException {
    return readNBytes(Integer.MAX_VALUE);
  }

  // Java 11+, as above.
  public byte[] readNBytes(int len) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] b = new byte[8192];
    int left = len;
    int n;
    while (left > 0 && (n = read(b, 0, Math.min(b.length, left))) >= 0) {
      out.write(b, 0, n);
      left -= n;
    }
    return out.toByteArray();
  }

  // Java 9+, as above.
  public int readNBytes(byte[] b, int off, int len) throws IOException {
    int done = 0;
    int n;
    while (done < len && (n = read(b, off + done, len - done)) >= 0) {
      done += n;
    }
    return done;
  }

  // Java 9+, as above.
  public long transferTo(OutputStream out) throws IOException {
    byte[] b = new byte[8192];
    long total = 0;
    int n;
    while ((n = read(b, 0, b.length)) >= 0) {
      out.write(b, 0, n);
      total += n;
    }
    return total;
  }

  @Override
  public long skip(long n) throws IOException {
    if (channel != null) {
      long at = channel.position();
      channel.position(Math.min(at + Math.max(0, n), in.length()));
      return channel.position() - at;
    }
    return in.skip(n);
  }

  @Override
  public int available() {
    return in.available();
  }

  @Override
  public synchronized FileChannel getChannel() {
    if (channel == null) {
      channel = new CachedBlockChannel(in, stats);
    }
    return channel;
  }

  @Override
  public void close() throws IOException {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    try {
      if (channel != null) {
        channel.close(); // its staging buffer goes back to the spares
      }
      in.close();
    } finally {
      // Not super.close(): that would close the descriptor under the streams sharing it.
      descriptors.release(descriptor);
    }
  }
}
