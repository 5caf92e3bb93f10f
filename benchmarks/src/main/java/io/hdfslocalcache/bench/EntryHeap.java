package io.hdfslocalcache.bench;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.EntryHome;
import io.hdfslocalcache.datanode.block.FillTicket;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import org.openjdk.jol.info.GraphLayout;

/**
 * Heap bytes per cached block: fills a block map with 10,000 published entries of 128 MB blocks (1
 * MB + 7 B meta files, so 257 meta-slice CRCs each) and measures the map with JOL, minus the
 * directory object all entries share.
 */
public final class EntryHeap {
  private EntryHeap() {}

  /** A home with no state: only here so entries have a directory to point at. */
  private static final class NoHome implements EntryHome {
    @Override
    public PageStore store() {
      return null;
    }

    @Override
    public void draining(long bytes) {}

    @Override
    public void deletePages(CachedReplica entry, long drainingBytes) {}

    @Override
    public void pageRead(CachedReplica entry, int page) {}

    @Override
    public void pageAdded(CachedReplica entry, int page) {}
  }

  public static void main(String[] args) {
    int n = 10_000;
    long blockLength = 128L << 20;
    EntryHome dir = new NoHome();
    ChecksumLayout layout = new ChecksumLayout(2, 512, 4, 7);
    long metaLength = layout.expectedMetaLength(blockLength);
    BlockMap map = new BlockMap();
    String pool = "BP-1180386133-10.20.30.40-1700000000000";
    for (int i = 0; i < n; i++) {
      BlockId id = new BlockId(pool, 1_073_741_825L + i);
      FillTicket t = map.tryStartFill(id, 1001);
      map.publish(
          id,
          t,
          new CachedReplica(
              id,
              1001,
              0,
              blockLength,
              metaLength,
              new ChecksumLayout(2, 512, 4, 7),
              new int[SegmentCrcs.segmentCount(metaLength)],
              1 << 20,
              true,
              dir,
              0,
              false));
    }
    long total = GraphLayout.parseInstance(map).totalSize();
    long shared = GraphLayout.parseInstance(dir, pool).totalSize();
    System.out.printf(
        "cachedBlocks=%d blockBytes=%d heapBytes=%d bytesPerCachedBlock=%.1f"
            + " (of which meta-slice CRCs %d)%n",
        n,
        blockLength,
        total - shared,
        (double) (total - shared) / n,
        16 + 4 * SegmentCrcs.segmentCount(metaLength));
  }
}
