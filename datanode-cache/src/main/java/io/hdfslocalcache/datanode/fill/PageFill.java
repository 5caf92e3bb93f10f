package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.MetaSegments;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.metrics.FillOutcome;
import java.io.IOException;
import java.util.BitSet;
import java.util.List;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;

/**
 * Adds data pages to a published entry ({@code pages} fill mode: later reads of a cached block
 * version add the pages they touch). The entry is pinned for the whole fill, so its files cannot be
 * deleted under it; each page is claimed, copied, checked against the cached (verified) meta and
 * published to readers as soon as it is written. A page claimed but not published is deleted and
 * its reservation released, in that order, before it can be claimed again.
 */
final class PageFill {
  private final FillSteps steps;
  private final int pageSize;

  PageFill(FillSteps steps, int pageSize) {
    this.steps = steps;
    this.pageSize = pageSize;
  }

  FillOutcome addPages(FillRequest r, CachedReplica e) {
    if (!e.pin()) {
      return FillOutcome.ABANDONED;
    }
    BitSet published = new BitSet();
    boolean[] reserved = {false};
    List<int[]> runs = PageCopier.claim(e, r.firstPage, Math.min(r.lastPage, e.pages.pages() - 1));
    try {
      return runs.isEmpty()
          ? FillOutcome.NOTHING_MISSING
          : steps.outcomeOf(r, () -> copy(r, e, runs, published, reserved));
    } finally {
      for (int[] run : runs) {
        for (int p = run[0]; p <= run[1]; p++) {
          if (!reserved[0]) {
            e.pages.release(p); // refused before anything was reserved or written
          } else if (!published.get(p)) {
            giveUp(r.dir, e, p);
          }
        }
      }
      e.unpin();
    }
  }

  private FillOutcome copy(
      FillRequest r, CachedReplica e, List<int[]> runs, BitSet published, boolean[] reserved)
      throws IOException, InterruptedException {
    // The reservation moves to the entry page by page as each is published.
    steps.admit(r.dir, runs.size(), PageCopier.bytesOf(e, runs), e, e.admittedAtMargin);
    reserved[0] = true;
    // The claimed pages are queued to the block index before their files are written: a restart
    // after a crash then finds a page recorded but missing (a miss) rather than a file nobody
    // counts. The write is queued, not awaited: a crash inside the queue's few milliseconds can
    // still leave such a file, which goes with its block's directory when the block is deleted.
    r.dir.persist(e);
    MetaSegments meta = new MetaSegments(e, pageSize);
    ChecksumLayout layout = e.checksum;
    PageCopier.Sums sums =
        (start, len) -> {
          int n = (len + layout.bytesPerChecksum() - 1) / layout.bytesPerChecksum();
          byte[] out = new byte[n * layout.checksumSize()];
          meta.read(layout.checksumOffset(start / layout.bytesPerChecksum()), out, 0, out.length);
          return out;
        };
    ExtendedBlock b = new ExtendedBlock(e.id.poolId(), e.id.blockId(), e.dataLength, e.genStamp);
    boolean done =
        steps.copy(
            e,
            r,
            b,
            runs,
            sums,
            e::retired,
            p -> {
              published.set(p);
              r.dir.pageAdded(e, p);
            });
    return done && !e.retired() ? FillOutcome.COMPLETED : FillOutcome.ABANDONED;
  }

  /** A claimed page not published: its file (maybe half written) goes, then the claim. */
  private static void giveUp(CacheDirectory dir, CachedReplica e, int p) {
    long n = e.pageBytes(p);
    dir.budget().draining(n);
    dir.store().deletePage(e.fileId(BlockId.CacheFile.DATA), p);
    dir.store()
        .afterDeletes(
            () -> {
              dir.budget().releaseDrained(n);
              e.pages.release(p);
              e.pageDeleted();
            });
  }
}
