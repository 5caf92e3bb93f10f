package io.hdfslocalcache.datanode;

import java.io.IOException;
import java.io.InputStream;

/** The meta file from the cache, verified slice by slice; continues from the HDD on failure. */
final class CachedMetaStream extends InputStream {
  private final ReadSession session;
  private final MetaSegments segments;
  private final long length;
  private long pos;
  private InputStream hdd;
  private boolean closed;

  CachedMetaStream(ReadSession session) {
    this.session = session;
    this.segments = new MetaSegments(session.entry, session.pageSize());
    this.length = session.entry.metaLength;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (hdd == null) {
      if (pos >= length) {
        return -1;
      }
      int n = (int) Math.min(len, length - pos);
      try {
        segments.read(pos, b, off, n);
        pos += n;
        session.stats().bytesFromCache.inc(n);
        return n;
      } catch (CacheException e) {
        session.fallBack(e);
        hdd = session.openHddMeta(pos);
      }
    }
    int n = hdd.read(b, off, len);
    if (n > 0) {
      pos += n;
      session.stats().bytesFallbackFromHdd.inc(n);
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
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
  public int available() {
    return hdd != null ? 0 : (int) Math.min(Integer.MAX_VALUE, length - pos);
  }

  @Override
  public void close() throws IOException {
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
