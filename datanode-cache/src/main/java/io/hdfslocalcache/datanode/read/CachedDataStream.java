package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CacheEntry;
import io.hdfslocalcache.datanode.block.MetaSegments;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.CacheFailure;
import io.hdfslocalcache.datanode.store.PendingIo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.util.DataChecksum;

/**
 * The block file from the cache. Reads whole checksum chunks into a buffer, verifies them against
 * the (verified) cached checksums, then serves from the buffer. The read-ahead starts small so a
 * pread does not pull a whole page from the SSD, and doubles while the reader stays sequential, up
 * to one page: BlockSender's 64 KB packets then cost one store call per page, not per packet. On
 * any store or verification failure the session evicts the entry and this stream continues from the
 * HDD at the same offset.
 *
 * <p>Once the window is a whole page, the next pages ({@code read.ahead.pages}, default 2) are read
 * and verified on the directory's I/O pool while this one is served, so a streaming read pays
 * neither the hand-off, the SSD read nor the verification on its own thread, and one stream can use
 * a second core (docs/benchmarks.md). A read-ahead is used only once awaited, which orders its
 * verification before any of its bytes are served; on a seek or a failure it is dropped together
 * with its buffer, because the pool may still be writing into it (buffers are never shared between
 * streams). The verification that runs on the pool touches only final fields and its own checksum
 * object and checksum slice.
 *
 * <p>Pages the entry does not hold ({@code pages} fill mode) are read from the HDD through {@link
 * FallbackStream}'s gap stream; windows and read-aheads stop at them. What the stream read, and
 * which uncached pages it touched, is reported to the session when it closes: the fill guard weighs
 * the one, the page fill copies the other.
 */
final class CachedDataStream extends FallbackStream {
  private final CacheEntry entry;
  private final String fileId;
  private final int pageSize;
  private final int chunk;
  private final DataChecksum checksum;
  private final MetaSegments meta;

  /** Pages kept in flight ahead of a streaming reader; each costs a page of heap while it reads. */
  private final int readAheadPages;

  private byte[] buf = new byte[0];
  private long bufStart;
  private int bufLen;
  private final int initialReadAhead;
  private int readahead;

  /** The next pages, in order, being read on the pool. */
  private final ArrayDeque<ReadAhead> ahead = new ArrayDeque<>(2);

  /** Page buffers no read can still write into, for the next read-aheads. */
  private final ArrayDeque<byte[]> spares = new ArrayDeque<>(2);

  /** Bytes returned to the reader, from any source. */
  private long served;

  /** HDD reads (runs) and bytes this stream needed: uncached pages and any fallback. */
  private long hddRuns;

  private long hddBytes;

  /** Data range of the uncached pages read from the HDD (gaps only), or -1. */
  private long missFrom = -1;

  private long missTo = -1;

  private static final class ReadAhead {
    final byte[] buf;
    final long start;
    final int len;
    final PendingIo io;

    ReadAhead(byte[] buf, long start, int len, PendingIo io) {
      this.buf = buf;
      this.start = start;
      this.len = len;
      this.io = io;
    }
  }

  CachedDataStream(ReadSession session, long offset) {
    super(session, session.entry.dataLength, offset);
    this.entry = session.entry;
    this.fileId = entry.fileId(BlockId.CacheFile.DATA);
    this.pageSize = session.settings().pageSize;
    this.chunk = entry.checksum.bytesPerChecksum();
    this.checksum = entry.checksum.newChecksum();
    this.meta = new MetaSegments(entry, pageSize);
    this.readAheadPages = session.settings().readAheadPages;
    this.initialReadAhead = session.settings().initialReadAheadBytes;
    this.readahead = initialReadAhead;
  }

  @Override
  long uncachedUntil(long pos) {
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

  @Override
  boolean evictedUnder(CacheException e) {
    return evictedAt(e, pos);
  }

  /** True if the read failed because the page holding {@code at} was evicted under this reader. */
  private boolean evictedAt(CacheException e, long at) {
    return e.failure() == CacheFailure.MISSING_PAGE && !entry.pages.has((int) (at / pageSize));
  }

  @Override
  void servedFromHdd(long from, int n, boolean newRun) {
    if (newRun) {
      hddRuns++;
    }
    hddBytes += n;
    served += n;
    if (n > 0 && !session.fellBack()) {
      missFrom = missFrom < 0 ? from : Math.min(missFrom, from);
      missTo = Math.max(missTo, from + n);
    }
  }

  @Override
  void onClose() {
    session.dataEnded(served, hddRuns, hddBytes, missFrom, missTo);
  }

  @Override
  int readCached(byte[] b, int off, int len) throws CacheException {
    if (pos < bufStart || pos >= bufStart + bufLen) {
      fill(len);
    }
    int n = (int) Math.min(len, bufStart + bufLen - pos);
    System.arraycopy(buf, (int) (pos - bufStart), b, off, n);
    served += n;
    return n;
  }

  @Override
  InputStream openHdd(long offset) throws IOException {
    return session.openHddData(offset);
  }

  /** Loads and verifies whole chunks covering {@code pos}, at least {@code want} bytes if any. */
  private void fill(int want) throws CacheException {
    boolean sequential = bufLen > 0 && pos == bufStart + bufLen;
    readahead = sequential ? Math.min(readahead * 2, pageSize) : initialReadAhead;
    ReadAhead next = ahead.peek();
    if (next != null && sequential && next.start == pos) {
      ahead.poll();
      if (take(next)) {
        return;
      }
      // Refused for want of an I/O thread: read this page here; later read-aheads stay queued.
    } else {
      // A seek: pending reads are dropped with their buffers (the pool may still write into
      // them).
      ahead.clear();
    }
    long start = pos - pos % chunk;
    long end;
    if (sequential && readahead == pageSize) {
      // Streaming: up to the page boundary, so that read-ahead covers whole pages from there.
      // (Not on a first window: with 64 KB pages it would split a pread at a page boundary.)
      end = Math.min(length, (start / pageSize + 1) * pageSize);
    } else {
      long span = Math.max(readahead, roundUp(pos - start + want));
      end = Math.min(length, start + Math.min(span, pageSize));
    }
    long pageEnd = (start / pageSize + 1) * pageSize;
    if (end > pageEnd && !entry.pages.has((int) (pageEnd / pageSize))) {
      end = pageEnd; // the next page is not cached: the gap stream serves it
    }
    int n = (int) (end - start);
    bufLen = 0;
    if (buf.length < n) {
      buf = new byte[Math.max(n, Math.min(pageSize, buf.length * 2))];
    }
    for (long p = start; p < end; ) {
      int inPage = (int) (p % pageSize);
      int take = (int) Math.min(end - p, pageSize - inPage);
      try {
        entry.home().store().read(fileId, p / pageSize, inPage, buf, (int) (p - start), take);
      } catch (CacheException e) {
        if (p == start || !evictedAt(e, p)) {
          throw e;
        }
        n = (int) (p - start); // a later page was evicted since checked: the gap stream's now
        break;
      }
      entry.home().pageRead(entry, (int) (p / pageSize));
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
  private boolean take(ReadAhead next) throws CacheException {
    bufLen = 0;
    try {
      next.io.await(); // the read and its verification
    } catch (CacheException e) {
      if (e.failure() == CacheFailure.BUSY) {
        session.stats().readAheadRefused.inc();
        return false;
      }
      throw e;
    }
    entry.home().pageRead(entry, (int) (next.start / pageSize));
    byte[] done = buf;
    buf = next.buf;
    bufStart = next.start;
    bufLen = next.len;
    if (spares.size() < readAheadPages) {
      spares.push(done);
    }
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
    if (readahead < pageSize) {
      return;
    }
    ReadAhead last = ahead.peekLast();
    long start = last != null ? last.start + last.len : bufStart + bufLen;
    while (ahead.size() < readAheadPages
        && start < length
        && start % pageSize == 0
        && entry.pages.has((int) (start / pageSize))) {
      int len = (int) Math.min(pageSize, length - start);
      byte[] pageSums;
      try {
        pageSums = sumsOf(start, len);
      } catch (CacheException e) {
        if (e.failure() == CacheFailure.BUSY) {
          return; // no I/O thread for the meta: no read-ahead this time, not a failure
        }
        throw e;
      }
      byte[] spare = spares.poll();
      byte[] into = spare != null && spare.length >= len ? spare : new byte[pageSize];
      DataChecksum dc = entry.checksum.newChecksum();
      long at = start;
      ahead.add(
          new ReadAhead(
              into,
              start,
              len,
              entry
                  .home()
                  .store()
                  .readAsync(
                      fileId,
                      start / pageSize,
                      0,
                      into,
                      0,
                      len,
                      () -> verify(dc, into, at, len, pageSums))));
      session.stats().readAheadPages.inc();
      start += len;
    }
  }

  private void verify(long start, int n) throws CacheException {
    verify(checksum, buf, start, n, sumsOf(start, n));
  }

  /** The verified cached checksums of data {@code [start, start + n)}, exactly. */
  private byte[] sumsOf(long start, int n) throws CacheException {
    byte[] out = new byte[(n + chunk - 1) / chunk * entry.checksum.checksumSize()];
    meta.read(entry.checksum.checksumOffset(start / chunk), out, 0, out.length);
    return out;
  }

  /** Checks {@code data[0, n)}, the block's bytes from {@code start}, against {@code sums}. */
  private void verify(DataChecksum dc, byte[] data, long start, int n, byte[] sums)
      throws CacheException {
    try {
      dc.verifyChunkedSums(ByteBuffer.wrap(data, 0, n), ByteBuffer.wrap(sums), fileId, start);
    } catch (ChecksumException e) {
      throw new CacheException(CacheFailure.CHECKSUM_MISMATCH, e.getMessage(), e);
    }
  }

  private long roundUp(long v) {
    return (v + chunk - 1) / chunk * chunk;
  }
}
