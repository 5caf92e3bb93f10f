package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CacheEntry;
import io.hdfslocalcache.datanode.block.FillTicket;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.datanode.store.MemoryPageStore;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

/**
 * A cache directory for decision tests: an in-memory store, a real RocksDB index under {@code
 * root}, a real budget and health (at most {@code maxErrors} errors in 10 minutes).
 */
public final class DirectoryFixture implements AutoCloseable {
  /** The checksum layout of HDFS's default: CRC32C per 512 bytes, 7-byte header. */
  public static final ChecksumLayout LAYOUT = new ChecksumLayout(2, 512, 4, 7);

  public final MemoryPageStore store;
  public final CacheDirectory dir;
  private final BlockIndex index;

  public DirectoryFixture(int n, Path root, long capacity, int maxErrors, Clock clock)
      throws IOException {
    this(n, root, capacity, maxErrors, clock, new MemoryPageStore(capacity));
  }

  /** On the pages an earlier run left in {@code store}. */
  public DirectoryFixture(
      int n, Path root, long capacity, int maxErrors, Clock clock, MemoryPageStore store)
      throws IOException {
    this.store = store;
    java.nio.file.Files.createDirectories(root);
    this.index = BlockIndex.open(root.resolve("index" + n));
    DirectoryHealth health =
        new DirectoryHealth(root, maxErrors, Duration.ofMinutes(10), clock, h -> {});
    this.dir = new CacheDirectory(n, root, store, health, index, 0, new SpaceBudget(capacity));
  }

  /**
   * Publishes a block of {@code dataLength} bytes read last at {@code accessMillis}, with its
   * budget reserved and its data pages (one meta page) in the store, as a fill would leave them.
   */
  public CacheEntry publish(BlockMap map, BlockId id, long gs, long dataLength, long accessMillis) {
    long metaLength = LAYOUT.expectedMetaLength(dataLength);
    dir.budget().reserveExisting(dataLength + metaLength);
    for (long off = 0; off < dataLength; off += store.pageSize) {
      int n = (int) Math.min(store.pageSize, dataLength - off);
      store.write(id.fileId(gs, BlockId.CacheFile.DATA), off / store.pageSize, new byte[n], 0, n);
    }
    store.write(id.fileId(gs, BlockId.CacheFile.META), 0, new byte[1], 0, 1);
    CacheEntry e =
        new CacheEntry(
            id,
            gs,
            0,
            dataLength,
            metaLength,
            LAYOUT,
            new int[SegmentCrcs.segmentCount(metaLength)],
            store.pageSize,
            true,
            dir,
            0);
    e.lastAccessMillis = accessMillis;
    FillTicket t = map.tryStartFill(id, gs);
    if (t == null || !map.publish(id, t, e)) {
      throw new IllegalStateException("block already in the map: " + id);
    }
    return e;
  }

  @Override
  public void close() {
    index.close();
  }
}
