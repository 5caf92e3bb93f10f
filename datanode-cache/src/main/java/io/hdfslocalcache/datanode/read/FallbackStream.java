package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.store.CacheException;
import java.io.IOException;
import java.io.InputStream;

/**
 * A cached stream that can switch to the HDD copy at its current offset: the shared part of {@link
 * CachedDataStream} and {@link CachedMetaStream}. Subclasses serve cached bytes; the first {@link
 * CacheException} is reported to the session (which evicts the entry) and every later byte comes
 * from the HDD stream opened at the same offset. A stream whose session already fell back (on the
 * other stream) goes to the HDD too, so a hung disk costs one read one timeout, not two.
 */
abstract class FallbackStream extends InputStream {
  protected final ReadSession session;
  protected final long length;
  protected long pos;
  private InputStream hdd;

  /**
   * Set on the first cache failure and never cleared: from then on only the HDD is read, even if
   * opening it failed once (a timed-out store read may still write into this stream's buffers).
   */
  private boolean cacheFailed;

  private boolean closed;

  FallbackStream(ReadSession session, long length, long pos) {
    this.session = session;
    this.length = length;
    this.pos = Math.min(pos, length);
  }

  /** Copies cached bytes at {@code pos} (at least one, at most {@code len}); returns the count. */
  abstract int readCached(byte[] b, int off, int len) throws CacheException;

  /** Opens the HDD copy positioned at {@code offset}. */
  abstract InputStream openHdd(long offset) throws IOException;

  /**
   * True for the checksum (meta) stream. BlockSender turns an IOException from it into zero
   * checksums (client reads are corrupt-checksum-ok), which the client would blame on the good
   * replica; so its I/O failure is recorded on the session and fails the data stream, whose next
   * read comes in the same packet, before anything of that packet is sent.
   */
  boolean checksumStream() {
    return false;
  }

  @Override
  public final int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public final int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (!checksumStream()) {
      session.checkChecksumStream();
    }
    try {
      return readOrFallBack(b, off, len);
    } catch (IOException e) {
      if (checksumStream()) {
        session.checksumStreamFailed(e);
      }
      throw e;
    }
  }

  private int readOrFallBack(byte[] b, int off, int len) throws IOException {
    if (hdd == null) {
      if (pos >= length) {
        return -1;
      }
      // Once the session fell back (the other stream failed), this one does not wait on the
      // cache again: one read waits out the read timeout at most once.
      if (!cacheFailed && !session.fellBack()) {
        try {
          int n = readCached(b, off, len);
          pos += n;
          session.stats().bytesFromCache.inc(n);
          return n;
        } catch (CacheException e) {
          cacheFailed = true;
          session.fallBack(e);
        }
      }
      hdd = openHdd(pos);
    }
    int n = hdd.read(b, off, len);
    if (n > 0) {
      pos += n;
      session.stats().bytesFallbackFromHdd.inc(n);
    }
    return n;
  }

  @Override
  public final long skip(long n) throws IOException {
    if (hdd != null) {
      long s = hdd.skip(n);
      pos += s;
      return s;
    }
    long s = Math.max(0, Math.min(n, length - pos));
    pos += s;
    return s;
  }

  @Override
  public final int available() {
    return hdd != null ? 0 : (int) Math.min(Integer.MAX_VALUE, length - pos);
  }

  @Override
  public final void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (hdd != null) {
        hdd.close();
      }
    } finally {
      session.streamClosed();
    }
  }
}
