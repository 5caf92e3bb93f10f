package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.store.CacheException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.DataChecksum;

/**
 * Copies claimed data pages of one entry from the HDD replica to the SSD, run by run (one HDD
 * stream per contiguous run: one seek), each page checked against the block's checksums before it
 * is written and published to readers. The pages must have been claimed ({@code PageSet.tryClaim});
 * the caller gives up the ones this did not publish.
 */
final class PageCopier {
  /** The checksums of data {@code [start, start + len)}, exactly, from a verified source. */
  interface Sums {
    byte[] of(long start, int len) throws CacheException;
  }

  private final HddReplicas hdd;
  private final Throttle throttle;
  private final FillStats stats;

  PageCopier(HddReplicas hdd, Throttle throttle, FillStats stats) {
    this.hdd = hdd;
    this.throttle = throttle;
    this.stats = stats;
  }

  /**
   * Copies the {@code runs} (each {@code {first, last}} page, inclusive) and publishes each page
   * once written. Stops early, returning false, if the entry was retired meanwhile.
   */
  boolean copy(
      CachedReplica e,
      CacheDirectory dir,
      ExtendedBlock b,
      List<int[]> runs,
      Sums sums,
      Abandon stop,
      java.util.function.IntConsumer published)
      throws IOException, InterruptedException {
    DataChecksum dc = e.checksum.newChecksum();
    String dataId = e.fileId(BlockId.CacheFile.DATA);
    byte[] page = new byte[(int) Math.min(e.pageSize, Math.max(1, e.dataLength))];
    for (int[] run : runs) {
      try (InputStream in = hdd.openData(b, (long) run[0] * e.pageSize)) {
        for (int p = run[0]; p <= run[1]; p++) {
          if (stop.now()) {
            return false;
          }
          long off = (long) p * e.pageSize;
          int n = e.pageBytes(p);
          IOUtils.readFully(in, page, 0, n);
          dc.verifyChunkedSums(
              ByteBuffer.wrap(page, 0, n), ByteBuffer.wrap(sums.of(off, n)), dataId, off);
          throttle.acquire(n);
          dir.store().write(dataId, p, page, 0, n);
          stats.bytesWritten.inc(n);
          stats.pagesWritten.inc();
          e.publishPage(p);
          published.accept(p);
        }
      }
    }
    return true;
  }

  /** Asked before each page: true to stop (the fill was abandoned or the entry retired). */
  interface Abandon {
    boolean now();
  }

  /** Bytes and runs of the claimed pages, for the guard and the budget. */
  static long bytesOf(CachedReplica e, List<int[]> runs) {
    long n = 0;
    for (int[] r : runs) {
      for (int p = r[0]; p <= r[1]; p++) {
        n += e.pageBytes(p);
      }
    }
    return n;
  }

  /** Claims the absent pages of {@code [first, last]} and returns them as contiguous runs. */
  static List<int[]> claim(CachedReplica e, int first, int last) {
    List<int[]> runs = new java.util.ArrayList<>();
    int start = -1;
    for (int p = first; p <= last; p++) {
      boolean claimed = e.pages.tryClaim(p);
      if (claimed && start < 0) {
        start = p;
      } else if (!claimed && start >= 0) {
        runs.add(new int[] {start, p - 1});
        start = -1;
      }
    }
    if (start >= 0) {
      runs.add(new int[] {start, last});
    }
    return runs;
  }

  /** Rethrown as is: ChecksumException marks a corrupt HDD replica. */
  static boolean isHddCorruption(IOException e) {
    return e instanceof ChecksumException;
  }
}
