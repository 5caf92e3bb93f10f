package io.hdfslocalcache.demo.hdd;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;

/**
 * A replica file's stream whose reads are first served by its volume's spindle. Deliberately not a
 * FileInputStream: BlockSender would otherwise sendfile() the bytes past {@link #read}.
 *
 * <p>Readahead: bytes already fetched by an earlier request of this stream cost nothing; a read
 * continuing right after them asks for a chunk twice the previous one (up to the model's
 * readahead), so a scan costs a few large requests and a small pread one small request.
 */
final class ThrottledInputStream extends FilterInputStream {
  private final Spindle spindle;
  private final long readahead;

  /** Counts data bytes; null for meta streams (checksums are not client payload). */
  private final DataCounter counter;

  private long pos;
  private long fetchedFrom;
  private long fetchedTo;
  private long lastChunk;

  /** Where a data stream's bytes are counted. */
  interface DataCounter {
    void count(long bytes);
  }

  ThrottledInputStream(
      InputStream in, Spindle spindle, long readahead, long pos, DataCounter counter) {
    super(in);
    this.spindle = spindle;
    this.readahead = readahead;
    this.counter = counter;
    this.pos = pos;
    this.fetchedFrom = pos;
    this.fetchedTo = pos;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = in.read(b, off, len);
    if (n > 0) {
      fetch(pos, pos + n);
      pos += n;
      if (counter != null) {
        counter.count(n);
      }
    }
    return n;
  }

  private void fetch(long from, long to) throws IOException {
    if (from >= fetchedFrom && to <= fetchedTo) {
      return;
    }
    boolean continues = from >= fetchedFrom && from <= fetchedTo && lastChunk > 0;
    long start = continues ? fetchedTo : from;
    long chunk = to - start;
    if (continues) {
      chunk = Math.max(chunk, Math.min(readahead, 2 * lastChunk));
      chunk = Math.min(chunk, to - start + remaining());
    }
    try {
      spindle.serve(this, start, chunk);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("emulated disk wait interrupted");
    }
    fetchedFrom = continues ? fetchedFrom : start;
    fetchedTo = start + chunk;
    lastChunk = chunk;
  }

  /** Bytes left in the file after the current read; readahead never reads past the end. */
  private long remaining() {
    try {
      return Math.max(0, in.available());
    } catch (IOException e) {
      return 0;
    }
  }

  @Override
  public long skip(long n) throws IOException {
    long s = in.skip(n);
    pos += Math.max(0, s);
    return s;
  }

  @Override
  public boolean markSupported() {
    return false;
  }
}
