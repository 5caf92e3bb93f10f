package io.hdfslocalcache.datanode.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/** The original's channel; reads and transfers counted, everything else forwarded. */
final class CountingChannel extends FileChannel {
  private final FileChannel ch;
  private final StreamCounter counter;

  CountingChannel(FileChannel ch, StreamCounter counter) {
    this.ch = ch;
    this.counter = counter;
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    long t = counter.before();
    long n = 0;
    try {
      n = ch.transferTo(position, count, target);
    } finally {
      counter.after(t, n);
    }
    return n;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    long t = counter.before();
    int n = -1;
    try {
      n = ch.read(dst);
    } finally {
      counter.after(t, Math.max(n, 0));
    }
    return n;
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    long t = counter.before();
    long n = -1;
    try {
      n = ch.read(dsts, offset, length);
    } finally {
      counter.after(t, Math.max(n, 0));
    }
    return n;
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    long t = counter.before();
    int n = -1;
    try {
      n = ch.read(dst, position);
    } finally {
      counter.after(t, Math.max(n, 0));
    }
    return n;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    return ch.write(src);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    return ch.write(srcs, offset, length);
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    return ch.write(src, position);
  }

  @Override
  public long position() throws IOException {
    return ch.position();
  }

  @Override
  public FileChannel position(long newPosition) throws IOException {
    ch.position(newPosition);
    return this;
  }

  @Override
  public long size() throws IOException {
    return ch.size();
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    ch.truncate(size);
    return this;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    ch.force(metaData);
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    return ch.transferFrom(src, position, count);
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    return ch.map(mode, position, size);
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return ch.lock(position, size, shared);
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return ch.tryLock(position, size, shared);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    ch.close();
  }
}
