package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.MetaSegments;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.metrics.CacheFailure;
import java.nio.ByteBuffer;

/**
 * The cached block file as a source of verified windows ({@link CacheWindows}). Reads whole
 * checksum chunks into a buffer, verifies them against the (verified) cached checksums, then serves
 * from the buffer. The window starts small so a pread does not pull a whole page from the SSD, and
 * doubles while the reader stays sequential, up to one page: BlockSender's 64 KB packets then cost
 * one store call per page, not per packet.
 *
 * <p>Once the window is a whole page, the next pages ({@code read.ahead.pages}, default 2) are read
 * and verified on the directory's I/O pool while this one is served, so a streaming read pays
 * neither the hand-off, the SSD read nor the verification on its own thread, and one stream can use
 * a second core (docs/benchmarks.md); {@link PageReadAhead} keeps them. A pread's data window is
 * verified against the checksums the session's meta stream has just loaded when they are still in
 * its window ({@link ReadSession#copyFromMetaWindow}), so a pread costs one meta slice, not two.
 *
 * <p>Windows are direct buffers ({@link DirectWindows}): a page is read from its file into one with
 * no copy, verified there ({@link ChunkVerifier}), and {@link #view} hands the transferTo path a
 * view of it to send, so no byte of a hit is copied on the heap. {@link #read} copies out for the
 * InputStream path.
 *
 * <p>Pages the entry does not hold ({@code pages} fill mode) are not served here: windows and
 * read-aheads stop at them, and {@link WindowSwitch} reads them from the HDD.
 */
final class PageWindows implements CacheWindows {
  private final ReadSession session;
  private final long length;
  private final CachedReplica entry;
  private final String fileId;
  private final int pageSize;
  private final int chunk;
  private final ChunkVerifier verifier;
  private final MetaSegments meta;
  private final DirectWindows windows;

  /** The window: position 0 and limit its capacity always; bytes served only from views of it. */
  private ByteBuffer buf = NO_BUFFER;

  private static final ByteBuffer NO_BUFFER = ByteBuffer.allocate(0);

  /** The checksums of the window being filled; reused from one window to the next. */
  private byte[] sums = new byte[0];

  private long bufStart;
  private int bufLen;
  private final int initialReadAhead;
  private int readahead;

  /** The next pages, in order, being read on the pool. */
  private final PageReadAhead ahead;

  PageWindows(ReadSession session) {
    this.session = session;
    this.length = session.entry.dataLength;
    this.entry = session.entry;
    this.fileId = entry.fileId(BlockId.CacheFile.DATA);
    this.pageSize = session.settings().pageSize;
    this.chunk = entry.checksum.bytesPerChecksum();
    this.windows = session.buffers().windows();
    this.verifier = new ChunkVerifier(entry.checksum.newChecksum(), windows);
    this.meta = new MetaSegments(entry, pageSize, session.buffers());
    this.ahead =
        new PageReadAhead(
            entry,
            fileId,
            pageSize,
            length,
            session.settings().readAheadPages,
            session.stats(),
            (start, n) -> sumsOf(start, n, null),
            windows);
    this.initialReadAhead = session.settings().initialReadAheadBytes;
    this.readahead = initialReadAhead;
  }

  @Override
  public long uncachedUntil(long pos) {
    int page = (int) (pos / pageSize);
    if (entry.pages.has(page)) {
      return pos;
    }
    int q = page + 1;
    while (q < entry.pages.pages() && !entry.pages.has(q)) {
      q++;
    }
    return Math.min(length, (long) q * pageSize);
  }

  /** True if the read failed because the page holding {@code at} was evicted under this reader. */
  @Override
  public boolean evictedAt(CacheException e, long at) {
    return e.failure() == CacheFailure.MISSING_PAGE && !entry.pages.has((int) (at / pageSize));
  }

  @Override
  public void close() {
    ahead.close();
    meta.release();
    release(buf);
    buf = NO_BUFFER; // never read or served from again: it may be another stream's now
    bufLen = 0;
  }

  /** The window goes back: no read writes into it any more (a failed one took it over). */
  private void release(ByteBuffer b) {
    windows.give(b);
  }

  /**
   * A store read into the window failed, and may still be writing into it (it timed out): the
   * window is that read's until it ends, and goes back to the spares then, not to the garbage
   * collector. This stream takes a new one for its next fill.
   */
  private void handOver(CacheException failed) {
    ByteBuffer lost = buf;
    buf = NO_BUFFER;
    bufLen = 0;
    failed.operationEnd().whenEnded(() -> windows.give(lost));
  }

  @Override
  public int read(long pos, byte[] b, int off, int len) throws CacheException {
    int n = window(pos, len);
    slice(buf, (int) (pos - bufStart), n).get(b, off, n);
    return n;
  }

  /**
   * A view of verified bytes at {@code pos} (at least one, at most {@code len}), no copy. It stays
   * valid until the next call on this object: only then may the window be refilled or recycled.
   */
  @Override
  public ByteBuffer view(long pos, int len) throws CacheException {
    int n = window(pos, len);
    return slice(buf, (int) (pos - bufStart), n);
  }

  /** {@code b}'s bytes {@code [off, off + n)} as a buffer of their own (position and limit). */
  static ByteBuffer slice(ByteBuffer b, int off, int n) {
    ByteBuffer d = b.duplicate();
    d.position(off);
    d.limit(off + n);
    return d;
  }

  /** Makes the verified window hold {@code pos}; returns how many of {@code len} bytes it has. */
  private int window(long pos, int len) throws CacheException {
    if (pos < bufStart || pos >= bufStart + bufLen) {
      fill(pos, len);
    }
    return (int) Math.min(len, bufStart + bufLen - pos);
  }

  /** Loads and verifies whole chunks covering {@code pos}, at least {@code want} bytes if any. */
  private void fill(long pos, int want) throws CacheException {
    boolean sequential = bufLen > 0 && pos == bufStart + bufLen;
    readahead = sequential ? Math.min(readahead * 2, pageSize) : initialReadAhead;
    // A seek drops the pages read ahead; a sequential read takes the next one if it is in flight.
    PageReadAhead.Page next = sequential ? ahead.takeAt(pos) : null;
    if (!sequential) {
      ahead.clear();
    }
    if (next != null && take(next)) {
      return;
    }
    // (take refused for want of an I/O thread: this page is read here; later ones stay queued.)
    long start = pos - pos % chunk;
    long end;
    if (sequential && readahead == pageSize) {
      // Streaming: up to the page boundary, so that read-ahead covers whole pages from there.
      // (Not on a first window: with 64 KB pages it would split a pread at a page boundary.)
      end = Math.min(length, (start / pageSize + 1) * pageSize);
    } else {
      end = windowEnd(start, pos, want, readahead, chunk, pageSize, length);
    }
    long pageEnd = (start / pageSize + 1) * pageSize;
    if (end > pageEnd && !entry.pages.has((int) (pageEnd / pageSize))) {
      end = pageEnd; // the next page is not cached: the gap stream serves it
    }
    int n = (int) (end - start);
    bufLen = 0;
    if (buf.capacity() < n) {
      // From the spares: the first window of a stream (a whole pread), a streaming one as it
      // grows, and one after a failed read (which took the old one over). The old one goes back
      // (no view of it is still unsent: the channel asks for the next bytes only once the socket
      // took the last).
      ByteBuffer grown = windows.take(Math.max(n, Math.min(pageSize, buf.capacity() * 2)));
      release(buf);
      buf = grown;
    }
    for (long p = start; p < end; ) {
      int inPage = (int) (p % pageSize);
      int take = (int) Math.min(end - p, pageSize - inPage);
      try {
        entry
            .home()
            .store()
            .read(fileId, p / pageSize, inPage, slice(buf, (int) (p - start), take));
      } catch (CacheException e) {
        if (p == start || !evictedAt(e, p)) {
          handOver(e);
          throw e;
        }
        // A later page was evicted since checked: the gap stream's now. (A missing page is the
        // read's own answer: that read has ended, and the window is still this stream's.)
        n = (int) (p - start);
        break;
      }
      p += take;
    }
    verify(start, n);
    bufStart = start;
    bufLen = n;
    if (sequential) {
      readAhead();
    }
  }

  /**
   * Serves the awaited read-ahead; the buffer it replaces becomes the next one's. Returns false if
   * the pool had no thread free for it (BUSY): read-ahead is an optimisation, so that page is then
   * read like any other instead of sending the stream to the HDD.
   */
  private boolean take(PageReadAhead.Page next) throws CacheException {
    bufLen = 0;
    try {
      next.io.await(); // the read and its verification
    } catch (CacheException e) {
      ahead.release(next); // back once its read ends, if it timed out still reading into it
      if (e.failure() == CacheFailure.BUSY) {
        session.stats().readAheadRefused.inc();
        return false;
      }
      throw e;
    }
    ByteBuffer done = buf;
    buf = next.buf; // awaited: its read is done
    bufStart = next.start;
    bufLen = next.len;
    ahead.recycle(done);
    readAhead();
    return true;
  }

  /**
   * Keeps the pages after the window being read and verified on the I/O pool while the reader
   * streams whole pages (called only after a sequential fill: a pread's first window never reads
   * ahead, even with 64 KB pages). Each read-ahead gets its own checksum slice (taken here, from
   * the verified meta) and checksum object, since it is verified on another thread.
   */
  private void readAhead() throws CacheException {
    if (readahead >= pageSize) {
      ahead.schedule(bufStart + bufLen);
    }
  }

  private void verify(long start, int n) throws CacheException {
    sums = sumsOf(start, n, sums);
    verifier.verify(slice(buf, 0, n), sums, start, fileId);
  }

  /**
   * The verified cached checksums of data {@code [start, start + n)}, from index 0 of {@code reuse}
   * if it is large enough (more may follow), else of a new array of exactly their size.
   */
  private byte[] sumsOf(long start, int n, byte[] reuse) throws CacheException {
    int len = (n + chunk - 1) / chunk * entry.checksum.checksumSize();
    byte[] out = reuse != null && reuse.length >= len ? reuse : new byte[len];
    long at = entry.checksum.checksumOffset(start / chunk);
    if (!session.copyFromMetaWindow(at, out, 0, len)) {
      meta.read(at, out, 0, len);
    }
    return out;
  }

  /**
   * The end of a first, post-seek or growing window from the chunk boundary {@code start}.
   *
   * <p>Invariant: every window (and read-ahead) ends on a chunk boundary or at the block's end,
   * since {@link #verify} checks whole chunks against their CRCs: a window ending mid-chunk checks
   * part of a chunk against the whole chunk's CRC and fails on a healthy SSD. The read-ahead sizes
   * (68 KB first) are not multiples of chunks of 8 KB or more, so the span is rounded up to whole
   * chunks; the page size is a multiple of the chunk (fills refuse other blocks), so the page cap,
   * page ends and read-ahead pages keep it.
   */
  static long windowEnd(
      long start, long pos, int want, int readahead, int chunk, int pageSize, long length) {
    long span = Math.max(readahead, pos - start + want);
    long chunks = (span + chunk - 1) / chunk * chunk;
    return Math.min(length, start + Math.min(chunks, pageSize));
  }
}
