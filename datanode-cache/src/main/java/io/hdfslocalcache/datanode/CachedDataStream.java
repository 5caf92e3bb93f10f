package io.hdfslocalcache.datanode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.util.DataChecksum;

/**
 * The block file from the cache. Reads whole checksum chunks into a buffer, verifies them against
 * the (verified) cached checksums, then serves from the buffer. The read-ahead starts small so a
 * pread does not pull a whole page from the SSD, and doubles while the reader stays sequential, up
 * to one page: BlockSender's 64 KB packets then cost one store call per page, not per packet.
 * On any store or verification failure the session evicts the entry and this stream continues
 * from the HDD at the same offset.
 */
final class CachedDataStream extends FallbackStream {
  static final int INITIAL_READAHEAD = 64 * 1024;

  private final CacheEntry entry;
  private final String fileId;
  private final int pageSize;
  private final int chunk;
  private final DataChecksum checksum;
  private final MetaSegments meta;

  private byte[] buf = new byte[0];
  private long bufStart;
  private int bufLen;
  private int readahead = INITIAL_READAHEAD;
  private byte[] sums = new byte[0];

  CachedDataStream(ReadSession session, long offset) {
    super(session, session.entry.dataLength, offset);
    this.entry = session.entry;
    this.fileId = entry.fileId(BlockId.CacheFile.DATA);
    this.pageSize = session.pageSize();
    this.chunk = entry.checksum.bytesPerChecksum();
    this.checksum = entry.checksum.newChecksum();
    this.meta = new MetaSegments(entry, pageSize);
  }

  @Override
  int readCached(byte[] b, int off, int len) throws CacheException {
    if (pos < bufStart || pos >= bufStart + bufLen) {
      fill(len);
    }
    int n = (int) Math.min(len, bufStart + bufLen - pos);
    System.arraycopy(buf, (int) (pos - bufStart), b, off, n);
    return n;
  }

  @Override
  InputStream openHdd(long offset) throws IOException {
    return session.openHddData(offset);
  }

  /** Loads and verifies whole chunks covering {@code pos}, at least {@code want} bytes if any. */
  private void fill(int want) throws CacheException {
    boolean sequential = bufLen > 0 && pos == bufStart + bufLen;
    readahead = sequential ? Math.min(readahead * 2, pageSize) : INITIAL_READAHEAD;
    long start = pos - pos % chunk;
    long span = Math.max(readahead, roundUp(pos - start + want));
    long end = Math.min(length, start + Math.min(span, Math.max(readahead, pageSize)));
    int n = (int) (end - start);
    bufLen = 0;
    if (buf.length < n) {
      buf = new byte[Math.max(n, Math.min(pageSize, buf.length * 2))];
    }
    for (long p = start; p < end; ) {
      int inPage = (int) (p % pageSize);
      int take = (int) Math.min(end - p, pageSize - inPage);
      entry.dir().store().read(fileId, p / pageSize, inPage, buf, (int) (p - start), take);
      p += take;
    }
    verify(start, n);
    bufStart = start;
    bufLen = n;
  }

  private void verify(long start, int n) throws CacheException {
    long firstChunk = start / chunk;
    int chunks = (n + chunk - 1) / chunk;
    int sumBytes = chunks * entry.checksum.checksumSize();
    if (sums.length < sumBytes) {
      sums = new byte[sumBytes];
    }
    meta.read(entry.checksum.checksumOffset(firstChunk), sums, 0, sumBytes);
    try {
      checksum.verifyChunkedSums(ByteBuffer.wrap(buf, 0, n), ByteBuffer.wrap(sums, 0, sumBytes),
          fileId, start);
    } catch (ChecksumException e) {
      throw new CacheException(CacheFailure.CHECKSUM_MISMATCH, e.getMessage(), e);
    }
  }

  private long roundUp(long v) {
    return (v + chunk - 1) / chunk * chunk;
  }
}
