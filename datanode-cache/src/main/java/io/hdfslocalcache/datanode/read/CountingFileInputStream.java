package io.hdfslocalcache.datanode.read;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.channels.FileChannel;

/**
 * A client read's HDD stream, counted, that is still a {@link FileInputStream} on the same file
 * descriptor. BlockSender sends HDD data with {@code FileChannel.transferTo} (sendfile) and manages
 * readahead with fadvise only when the stream is a {@code FileInputStream}; a plain filter stream
 * would silently cost both. Every call is delegated to the original stream (so Hadoop's own
 * profiling and fault-injection wrappers still see it), and its channel is wrapped so bytes moved
 * by transferTo are counted too.
 */
final class CountingFileInputStream extends FileInputStream {
  private final FileInputStream in;
  private final StreamCounter counter;
  private CountingChannel channel;

  // InputStream's Java 9+ bulk reads, looked up at run time: this class is compiled for Java 8,
  // but on a newer JVM a caller may use them, and FileInputStream's own versions would read the
  // shared descriptor directly, uncounted and past Hadoop's wrappers. null on Java 8, which has
  // no such methods for a caller to reach.
  private static final MethodHandle READ_ALL_BYTES =
      inputStreamMethod("readAllBytes", MethodType.methodType(byte[].class));
  private static final MethodHandle READ_N_BYTES =
      inputStreamMethod("readNBytes", MethodType.methodType(byte[].class, int.class));
  private static final MethodHandle READ_N_BYTES_INTO =
      inputStreamMethod(
          "readNBytes", MethodType.methodType(int.class, byte[].class, int.class, int.class));
  private static final MethodHandle TRANSFER_TO =
      inputStreamMethod("transferTo", MethodType.methodType(long.class, OutputStream.class));

  private static MethodHandle inputStreamMethod(String name, MethodType type) {
    try {
      return MethodHandles.publicLookup().findVirtual(InputStream.class, name, type);
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return null;
    }
  }

  /** Calls one of the handles above on the original stream. */
  private Object invoke(MethodHandle m, Object... args) throws IOException {
    if (m == null) {
      throw new UnsupportedOperationException("not on Java 8");
    }
    Object[] all = new Object[args.length + 1];
    all[0] = in;
    System.arraycopy(args, 0, all, 1, args.length);
    try {
      return m.invokeWithArguments(all);
    } catch (IOException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IOException(e);
    }
  }

  CountingFileInputStream(FileInputStream in, StreamCounter counter) throws IOException {
    super(in.getFD());
    this.in = in;
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
  public int read(byte[] b) throws IOException {
    return read(b, 0, b.length);
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

  // Overrides InputStream.readAllBytes on Java 9+ (no @Override: compiled for Java 8).
  public byte[] readAllBytes() throws IOException {
    long t = counter.before();
    byte[] b = null;
    try {
      b = (byte[]) invoke(READ_ALL_BYTES);
    } finally {
      counter.after(t, b == null ? 0 : b.length);
    }
    return b;
  }

  // Java 11+, as above.
  public byte[] readNBytes(int len) throws IOException {
    long t = counter.before();
    byte[] b = null;
    try {
      b = (byte[]) invoke(READ_N_BYTES, len);
    } finally {
      counter.after(t, b == null ? 0 : b.length);
    }
    return b;
  }

  // Java 9+, as above.
  public int readNBytes(byte[] b, int off, int len) throws IOException {
    long t = counter.before();
    int n = 0;
    try {
      n = (Integer) invoke(READ_N_BYTES_INTO, b, off, len);
    } finally {
      counter.after(t, n);
    }
    return n;
  }

  // Java 9+, as above.
  public long transferTo(OutputStream out) throws IOException {
    long t = counter.before();
    long n = 0;
    try {
      n = (Long) invoke(TRANSFER_TO, out);
    } finally {
      counter.after(t, n);
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    return in.skip(n);
  }

  @Override
  public int available() throws IOException {
    return in.available();
  }

  @Override
  public synchronized FileChannel getChannel() {
    if (channel == null) {
      channel = new CountingChannel(in.getChannel(), counter);
    }
    return channel;
  }

  /** Closing the original closes the shared descriptor, and with it this stream. */
  @Override
  public void close() throws IOException {
    counter.closed();
    try {
      in.close();
    } finally {
      super.close();
    }
  }
}
