package io.hdfslocalcache.datanode.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A cached block as the channel BlockSender's transferTo path sends from: {@code
 * transferTo(position, count, socket)} writes the block's bytes at {@code position}, verified, to
 * the socket. BlockSender then sends 64 KB packets whatever {@code io.file.buffer.size} is, and no
 * byte is copied into its packet buffer.
 *
 * <p>Why a channel over {@link CachedStream}, not a file: the stream already owns what a hit must
 * keep (the verified windows, read-ahead on the I/O pool, the read timeouts, the fallback to the
 * HDD mid-stream and the gap reads of pages mode, the eviction on a failure, every metric). Sending
 * the page file with sendfile after verifying a copy of it would send what the SSD returns the
 * second time; so the channel sends the bytes that were verified: cached bytes as a view of the
 * stream's verified direct window ({@link CachedStream#view}), with no copy on either side of the
 * socket; bytes from the HDD (gaps, a fallback) read into a staging buffer of its own (pooled in
 * {@link WindowBuffers}).
 *
 * <p>A view stays valid until the next call on the stream, which refills or recycles its window:
 * the channel makes that call only once the socket has taken every byte of the view ({@link
 * #pending} empty), and never after close.
 *
 * <p>The socket is non-blocking: a write may take part of the bytes. What it did not take stays in
 * {@link #pending} and goes first on the next call, which Hadoop's {@code
 * SocketOutputStream.transferToFully} makes at the next position once the socket is writable. The
 * channel is sequential: BlockSender sends from where it opened the stream, forward; a position
 * behind the bytes already handed out is refused. Not thread-safe: one BlockSender's thread.
 *
 * <p>Only the read side of {@link FileChannel} is served; writing, mapping and locking throw, as
 * they would on a channel opened for reading.
 */
final class CachedBlockChannel extends FileChannel {
  /** BlockSender's transferTo packet: the most it asks for in one call. */
  static final int PACKET = 64 * 1024;

  private final CachedStream stream;
  private final ReadPathStats stats;

  /** Bytes produced at {@link #next()} and not yet taken by the socket; never null. */
  private ByteBuffer pending = ByteBuffer.allocate(0);

  /** Where the stream's bytes are read into before they are sent; taken on the first read. */
  private byte[] staging = NO_BUFFER;

  private static final byte[] NO_BUFFER = new byte[0];

  CachedBlockChannel(CachedStream stream, ReadPathStats stats) {
    this.stream = stream;
    this.stats = stats;
  }

  /** The block offset of the next byte to send. */
  private long next() {
    return stream.position() - pending.remaining();
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    ensureOpen();
    long t = System.nanoTime();
    try {
      moveTo(position);
      if (count <= 0 || !fillPending((int) Math.min(count, PACKET))) {
        return 0;
      }
      int limit = pending.limit();
      if (pending.remaining() > count) {
        pending.limit(pending.position() + (int) count);
      }
      try {
        return target.write(pending);
      } finally {
        pending.limit(limit);
      }
    } finally {
      stats.cacheReadMicros.update((System.nanoTime() - t) / 1000);
    }
  }

  /** After close, {@link #pending} views a buffer given back, which another stream may fill. */
  private void ensureOpen() throws ClosedChannelException {
    if (!isOpen()) {
      throw new ClosedChannelException();
    }
  }

  /**
   * Makes {@link #pending} hold bytes at {@link #next()}; false at the end of the block only: the
   * stream throws rather than end before its length, since a transferTo returning 0 before {@link
   * #size()} is taken for a full socket and called again, forever.
   */
  private boolean fillPending(int max) throws IOException {
    if (pending.hasRemaining()) {
      return true; // the stream is not called while a view of its window is unsent
    }
    ByteBuffer view = stream.view(max);
    if (view != null) {
      pending = view;
      return true;
    }
    if (staging.length == 0) {
      staging = stream.buffers().take(PACKET);
    }
    int n = stream.read(staging, 0, Math.min(max, staging.length));
    if (n < 0) {
      return false;
    }
    pending = ByteBuffer.wrap(staging, 0, n);
    return true;
  }

  /** Forward only: bytes handed out cannot be taken back, and BlockSender never asks for them. */
  private void moveTo(long position) throws IOException {
    long at = next();
    if (position == at) {
      return;
    }
    if (position < at) {
      throw new IOException(
          "cached block channel is sequential: asked for position "
              + position
              + " after sending up to "
              + at);
    }
    long skip = position - at;
    int inPending = (int) Math.min(skip, pending.remaining());
    pending.position(pending.position() + inPending);
    skip -= inPending;
    while (skip > 0) {
      long s = stream.skip(skip);
      if (s <= 0) {
        throw new IOException("cannot move to position " + position + " past the block's end");
      }
      skip -= s;
    }
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    ensureOpen();
    if (!dst.hasRemaining()) {
      return 0;
    }
    if (!fillPending(Math.min(dst.remaining(), PACKET))) {
      return -1;
    }
    int n = Math.min(dst.remaining(), pending.remaining());
    int limit = pending.limit();
    pending.limit(pending.position() + n);
    dst.put(pending);
    pending.limit(limit);
    return n;
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      while (dsts[i].hasRemaining()) {
        int n = read(dsts[i]);
        if (n < 0) {
          return total == 0 ? -1 : total;
        }
        total += n;
      }
    }
    return total;
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    moveTo(position);
    return read(dst);
  }

  @Override
  public long position() {
    return next();
  }

  @Override
  public FileChannel position(long newPosition) throws IOException {
    moveTo(newPosition);
    return this;
  }

  @Override
  public long size() {
    return stream.length();
  }

  @Override
  public int write(ByteBuffer src) {
    throw new NonWritableChannelException();
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) {
    throw new NonWritableChannelException();
  }

  @Override
  public int write(ByteBuffer src, long position) {
    throw new NonWritableChannelException();
  }

  @Override
  public FileChannel truncate(long size) {
    throw new NonWritableChannelException();
  }

  @Override
  public void force(boolean metaData) {}

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) {
    throw new NonWritableChannelException();
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) {
    throw new UnsupportedOperationException("a cached block cannot be mapped");
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) {
    throw new UnsupportedOperationException("a cached block cannot be locked");
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) {
    throw new UnsupportedOperationException("a cached block cannot be locked");
  }

  /**
   * The staging buffer goes back (nothing reads into it asynchronously); the stream is closed by
   * its FileInputStream, which BlockSender closes.
   */
  @Override
  protected void implCloseChannel() {
    byte[] b = staging;
    staging = NO_BUFFER;
    pending = ByteBuffer.allocate(0);
    stream.buffers().give(b);
  }
}
