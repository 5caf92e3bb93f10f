package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.PendingIo;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.ReadRoute;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * The whole pages a streaming {@link PageWindows} keeps in flight on the directory's I/O pool, each
 * read and verified there, in order. A page is used only once awaited, which orders its
 * verification before any of its bytes are served; on a seek, a close or a failure the pages are
 * cancelled (a page never served is never verified either) and their buffers given back, each once
 * nothing can write into it: at once, or when a read the pool is still running ends. The
 * verification that runs on the pool touches only its own checksum object and checksum slice, both
 * taken here on the reader's thread. Not thread-safe: one per stream.
 */
final class PageReadAhead {
  /** One page being read ahead. */
  static final class Page {
    final ByteBuffer buf;
    final long start;
    final int len;
    PendingIo io = PendingIo.DONE;

    /** Set when the stream no longer wants the page: its verification is skipped. */
    volatile boolean cancelled;

    Page(ByteBuffer buf, long start, int len) {
      this.buf = buf;
      this.start = start;
      this.len = len;
    }
  }

  /** The verified cached checksums of data {@code [start, start + n)}. */
  interface Sums {
    byte[] of(long start, int n) throws CacheException;
  }

  private final CachedReplica entry;
  private final String fileId;
  private final int pageSize;
  private final long length;
  private final ReadPathStats stats;
  private final Sums sums;
  private final DirectWindows buffers;

  /** Pages kept in flight; each costs a page of (direct) memory while it reads. */
  private final int maxPages;

  private final ArrayDeque<Page> ahead = new ArrayDeque<>(2);

  /** Page buffers no read can still write into, for the next pages. */
  private final ArrayDeque<ByteBuffer> spares = new ArrayDeque<>(2);

  PageReadAhead(
      CachedReplica entry,
      String fileId,
      int pageSize,
      long length,
      int maxPages,
      ReadPathStats stats,
      Sums sums,
      DirectWindows buffers) {
    this.buffers = buffers;
    this.entry = entry;
    this.fileId = fileId;
    this.pageSize = pageSize;
    this.length = length;
    this.maxPages = maxPages;
    this.stats = stats;
    this.sums = sums;
  }

  /**
   * The page read ahead from {@code pos}, taken off the queue; null (cancelling all) if none is.
   */
  Page takeAt(long pos) {
    Page next = ahead.peek();
    if (next != null && next.start == pos) {
      return ahead.poll();
    }
    clear();
    return null;
  }

  /**
   * A seek: pending reads are cancelled (one not started never starts, one reading is not verified)
   * and their buffers given back, each once its read has ended.
   */
  void clear() {
    for (Page p : ahead) {
      p.cancelled = true;
      release(p);
      stats.readAheadCancelled.inc();
    }
    ahead.clear();
  }

  /**
   * A page no longer wanted, or whose read failed: its buffer goes back once nothing can write into
   * it, at once or when a read that timed out ends (on the I/O thread, so straight to the shared
   * spares, not this stream's).
   */
  void release(Page p) {
    ByteBuffer b = p.buf;
    p.io.cancel().whenEnded(() -> buffers.give(b));
  }

  /** The stream closed: nothing read ahead is wanted; the spares no read writes into go back. */
  void close() {
    clear();
    for (ByteBuffer b : spares) {
      buffers.give(b);
    }
    spares.clear();
  }

  /** {@code buf}, no longer read into nor served from, may take a later page. */
  void recycle(ByteBuffer buf) {
    if (spares.size() < maxPages) {
      spares.push(buf);
    } else {
      buffers.give(buf);
    }
  }

  /**
   * Starts reading the cached whole pages that follow {@code from} (or the last page in flight), up
   * to {@link #maxPages} in flight; stops at an uncached page. Not while the directory's reads run
   * on the reader's thread: read-ahead hides the hand-off to the I/O threads, and with none to
   * hide, the hand-offs it adds cost more than they save (2 readers on 2 cores: 1.4x faster
   * without; 1 reader: no faster with it; docs/benchmarks.md, hit path).
   */
  void schedule(long from) throws CacheException {
    if (entry.home().store().readRoute() == ReadRoute.CALLER) {
      return;
    }
    Page last = ahead.peekLast();
    long start = last != null ? last.start + last.len : from;
    while (ahead.size() < maxPages
        && start < length
        && start % pageSize == 0
        && entry.pages.has((int) (start / pageSize))) {
      int len = (int) Math.min(pageSize, length - start);
      byte[] pageSums;
      try {
        pageSums = sums.of(start, len);
      } catch (CacheException e) {
        if (e.failure() == CacheFailure.BUSY) {
          return; // no I/O thread for the meta: no read-ahead this time, not a failure
        }
        throw e;
      }
      ByteBuffer into = spares.poll();
      if (into == null || into.capacity() < len) {
        if (into != null) {
          buffers.give(into);
        }
        into = buffers.take(pageSize);
      }
      ChunkVerifier verifier = new ChunkVerifier(entry.checksum.newChecksum(), buffers);
      ByteBuffer data = PageWindows.slice(into, 0, len);
      long at = start;
      Page page = new Page(into, start, len);
      page.io =
          entry
              .home()
              .store()
              .readAsync(
                  fileId,
                  start / pageSize,
                  0,
                  data,
                  () -> {
                    if (!page.cancelled) {
                      verifier.verify(data, pageSums, at, fileId);
                    }
                  });
      ahead.add(page);
      stats.readAheadPages.inc();
      start += len;
    }
  }
}
