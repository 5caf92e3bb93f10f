package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.store.CacheException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * A cached stream that can switch to the HDD copy at its current offset: the shared part of {@link
 * CachedDataStream} and {@link CachedMetaStream}. Subclasses serve cached bytes; the first {@link
 * CacheException} is reported to the session (which evicts the entry) and every later byte comes
 * from the HDD stream opened at the same offset. A stream whose session already fell back (on the
 * other stream) goes to the HDD too, so a hung disk costs one read one timeout, not two.
 *
 * <p>A partly cached block is not a failure: bytes whose pages are not cached ({@link
 * #uncachedUntil}) come from a second HDD stream, the gap stream, and the stream returns to the
 * cache at the next cached page, in both directions as often as the pages alternate. The gap stream
 * is kept open and skipped forward over cached pages, so a run of gaps costs one open.
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

  /** The HDD stream serving uncached pages of a healthy session, at {@code gapPos}; or null. */
  private InputStream gap;

  private long gapPos;

  /**
   * End (exclusive) of the uncached bytes starting at {@code pos}, or {@code pos} if the byte at
   * {@code pos} is cached. Everything is cached unless a subclass says otherwise.
   */
  long uncachedUntil(long pos) {
    return pos;
  }

  /**
   * True if the cached read failed only because its page left the cache under this reader (page
   * eviction): the bytes then come from the HDD, and the copy is not blamed.
   */
  boolean evictedUnder(CacheException e) {
    return false;
  }

  /** {@code n} bytes from {@code from} came from the HDD; {@code newRun}: after a seek or open. */
  void servedFromHdd(long from, int n, boolean newRun) {}

  /** Called once, when the stream closes, before the session hears of it. */
  void onClose() {}

  FallbackStream(ReadSession session, long length, long pos) {
    this.session = session;
    this.length = length;
    this.pos = Math.min(pos, length);
  }

  /** Copies cached bytes at {@code pos} (at least one, at most {@code len}); returns the count. */
  abstract int readCached(byte[] b, int off, int len) throws CacheException;

  /**
   * A view of verified cached bytes at {@code pos} (at least one, at most {@code len}), valid until
   * the next call on this stream. Only the data stream, which {@link CachedBlockChannel} sends
   * from, has one.
   */
  ByteBuffer viewCached(int len) throws CacheException {
    throw new UnsupportedOperationException("no cached view of " + getClass().getSimpleName());
  }

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

  /**
   * The transferTo path's read: verified cached bytes at {@code pos} as a view valid until the next
   * call (at most {@code len}, {@code pos} moved past them), or null when the bytes at {@code pos}
   * come from the HDD now (an uncached page, a failure, the end): the caller then uses {@link
   * #read}, which serves them as the copy path does. A cache failure here is recorded and evicts
   * the entry exactly as one in {@link #read}.
   */
  final ByteBuffer nextCached(int len) throws IOException {
    session.checkChecksumStream();
    if (hdd != null || cacheFailed || session.fellBack() || pos >= length) {
      return null;
    }
    if (uncachedUntil(pos) > pos) {
      return null;
    }
    try {
      ByteBuffer v = viewCached(len);
      pos += v.remaining();
      session.stats().bytesFromCache.inc(v.remaining());
      return v;
    } catch (CacheException e) {
      if (!evictedUnder(e) || uncachedUntil(pos) == pos) {
        cacheFailed = true;
        session.fallBack(e);
      }
      return null;
    }
  }

  private int readOrFallBack(byte[] b, int off, int len) throws IOException {
    if (pos >= length) {
      return -1; // the HDD file may be longer (appended to): this stream ends at its length
    }
    if (hdd == null) {
      // Once the session fell back (the other stream failed), this one does not wait on the
      // cache again: one read waits out the read timeout at most once.
      if (!cacheFailed && !session.fellBack()) {
        long until = uncachedUntil(pos);
        if (until > pos) {
          return readGap(b, off, (int) Math.min(len, until - pos));
        }
        try {
          int n = readCached(b, off, len);
          pos += n;
          session.stats().bytesFromCache.inc(n);
          return n;
        } catch (CacheException e) {
          if (evictedUnder(e) && uncachedUntil(pos) > pos) {
            return readGap(b, off, (int) Math.min(len, uncachedUntil(pos) - pos));
          }
          cacheFailed = true;
          session.fallBack(e);
        }
      }
      closeGap();
      hdd = openHdd(pos);
      servedFromHdd(pos, 0, true);
    }
    int n = hdd.read(b, off, (int) Math.min(len, length - pos));
    endsEarly(n);
    if (n > 0) {
      pos += n;
      session.stats().bytesFallbackFromHdd.inc(n);
      servedFromHdd(pos - n, n, false);
    }
    return n;
  }

  /** Reads uncached bytes at {@code pos} from the gap stream, moving or opening it as needed. */
  private int readGap(byte[] b, int off, int len) throws IOException {
    boolean newRun = gap == null || gapPos != pos;
    if (gap != null && gapPos != pos) {
      if (gapPos < pos) {
        org.apache.hadoop.io.IOUtils.skipFully(gap, pos - gapPos);
        gapPos = pos;
      } else {
        closeGap();
      }
    }
    if (gap == null) {
      gap = openHdd(pos);
      gapPos = pos;
    }
    int n = gap.read(b, off, len);
    endsEarly(n);
    if (n > 0) {
      gapPos += n;
      pos += n;
      session.stats().bytesUncachedFromHdd.inc(n);
      servedFromHdd(pos - n, n, newRun);
    }
    return n;
  }

  /**
   * Throws if an HDD read ({@code n}) found the file's end before this stream's length (the replica
   * truncated in place by a recovery, or shorter than the replica map says): a -1 here would end
   * the stream early, and {@link CachedBlockChannel}, whose size is the length, would answer
   * transferTo with 0 bytes forever. Stock BlockSender gets an EOFException there.
   */
  private void endsEarly(int n) throws EOFException {
    if (n < 0) {
      throw new EOFException(
          "EOF reached at "
              + pos
              + " of "
              + length
              + " bytes: the HDD copy of "
              + session.block
              + " is shorter than its replica");
    }
  }

  private void closeGap() throws IOException {
    if (gap != null) {
      InputStream g = gap;
      gap = null;
      g.close();
    }
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
      closeGap();
      if (hdd != null) {
        hdd.close();
      }
    } finally {
      try {
        onClose();
      } finally {
        session.streamClosed();
      }
    }
  }
}
