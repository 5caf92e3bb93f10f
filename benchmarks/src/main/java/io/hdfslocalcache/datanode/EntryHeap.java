package io.hdfslocalcache.datanode;

import java.nio.file.Path;
import java.util.function.Predicate;
import org.openjdk.jol.info.GraphLayout;

/**
 * Heap bytes per cached block: fills a block map with 10,000 published entries of 128 MB blocks
 * (1 MB + 7 B meta files, so 257 meta-slice CRCs each) and measures the map with JOL, minus the
 * directory object all entries share.
 */
public final class EntryHeap {
  private EntryHeap() {}

  /** A store with no state: only here so entries have a directory to point at. */
  private static final class NoStore implements PageStore {
    @Override
    public void read(String f, long p, int o, byte[] d, int off, int len) {}

    @Override
    public void write(String f, long p, byte[] s, int off, int len) {}

    @Override
    public int pageCount(String fileId, long fileLength) {
      return 0;
    }

    @Override
    public void retainFiles(Predicate<String> keep) {}

    @Override
    public void deleteFile(String fileId) {}

    @Override
    public long usedBytes() {
      return 0;
    }

    @Override
    public long capacityBytes() {
      return 0;
    }

    @Override
    public void close() {}
  }

  public static void main(String[] args) {
    int n = 10_000;
    long blockLength = 128L << 20;
    CacheDirectory dir = new CacheDirectory(0, Path.of("/ssd/cache"), new NoStore(), null, null,
        0, new SpaceBudget(Long.MAX_VALUE));
    ChecksumLayout layout = new ChecksumLayout(2, 512, 4, 7);
    long metaLength = layout.expectedMetaLength(blockLength);
    BlockMap map = new BlockMap();
    String pool = "BP-1180386133-10.20.30.40-1700000000000";
    for (int i = 0; i < n; i++) {
      BlockId id = new BlockId(pool, 1_073_741_825L + i);
      FillTicket t = map.tryStartFill(id, 1001);
      map.publish(id, t, new CacheEntry(id, 1001, blockLength, metaLength,
          new ChecksumLayout(2, 512, 4, 7), new int[MetaSegments.segmentCount(metaLength)], dir,
          0));
    }
    long total = GraphLayout.parseInstance(map).totalSize();
    long shared = GraphLayout.parseInstance(dir, pool).totalSize();
    System.out.printf("cachedBlocks=%d blockBytes=%d heapBytes=%d bytesPerCachedBlock=%.1f"
        + " (of which meta-slice CRCs %d)%n", n, blockLength, total - shared,
        (double) (total - shared) / n, 16 + 4 * MetaSegments.segmentCount(metaLength));
  }
}
