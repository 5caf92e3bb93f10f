package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.FillTicket;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.datanode.store.MemoryPageStore;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import io.hdfslocalcache.time.CacheClock;
import java.io.IOException;
import java.nio.file.Path;
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

  public DirectoryFixture(int n, Path root, long capacity, int maxErrors, CacheClock clock)
      throws IOException {
    this(n, root, capacity, maxErrors, clock, new MemoryPageStore(capacity));
  }

  /** On the pages an earlier run left in {@code store}. */
  public DirectoryFixture(
      int n, Path root, long capacity, int maxErrors, CacheClock clock, MemoryPageStore store)
      throws IOException {
    this(n, root, capacity, maxErrors, clock, store, s -> s);
  }

  /** The directory's store is {@code store} seen through {@code wrap} (faults, recording). */
  public DirectoryFixture(
      int n,
      Path root,
      long capacity,
      int maxErrors,
      CacheClock clock,
      MemoryPageStore store,
      java.util.function.UnaryOperator<PageStore> wrap)
      throws IOException {
    this.store = store;
    java.nio.file.Files.createDirectories(root);
    this.index = BlockIndex.open(root.resolve("index" + n));
    DirectoryHealth health =
        new DirectoryHealth(root, maxErrors, Duration.ofMinutes(10), clock, h -> {});
    this.dir =
        new CacheDirectory(
            n,
            root,
            wrap.apply(store),
            health,
            index,
            0,
            new SpaceBudget(capacity),
            FillMode.BLOCK);
  }

  /**
   * Publishes a block of {@code dataLength} bytes read last at {@code accessMillis}, with its
   * budget reserved and its data pages (one meta page) in the store, as a fill would leave them.
   */
  public CachedReplica publish(
      BlockMap map, BlockId id, long gs, long dataLength, long accessMillis) {
    CachedReplica e = entry(id, gs, dataLength, true);
    dir.budget().reserveExisting(e.bytes());
    for (long off = 0; off < dataLength; off += store.pageSize) {
      int n = (int) Math.min(store.pageSize, dataLength - off);
      store.write(id.fileId(gs, BlockId.CacheFile.DATA), off / store.pageSize, new byte[n], 0, n);
    }
    store.write(id.fileId(gs, BlockId.CacheFile.META), 0, new byte[1], 0, 1);
    e.lastAccessMillis = accessMillis;
    put(map, e);
    return e;
  }

  /**
   * Publishes a block of {@code dataLength} bytes in pages of {@code store.pageSize} with only the
   * data pages {@code present} cached, as {@code pages} fill mode leaves it: its meta (at its real
   * length) and those pages in the store, their bytes reserved, the pages in the directory's page
   * LRU in the order given (the first least recently read).
   */
  public CachedReplica publishPages(
      BlockMap map, BlockId id, long gs, long dataLength, int... present) {
    CachedReplica e = entry(id, gs, dataLength, false);
    int metaLength = (int) e.metaLength;
    store.write(e.fileId(BlockId.CacheFile.META), 0, new byte[metaLength], 0, metaLength);
    for (int p : present) {
      int n = e.pageBytes(p);
      store.write(e.fileId(BlockId.CacheFile.DATA), p, new byte[n], 0, n);
      if (!e.pages.tryClaim(p)) {
        throw new IllegalArgumentException("page " + p + " given twice");
      }
      e.publishPage(p);
    }
    dir.budget().reserveExisting(e.bytes());
    put(map, e);
    for (int p : present) {
      dir.pageAdded(e, p);
    }
    return e;
  }

  private CachedReplica entry(BlockId id, long gs, long dataLength, boolean full) {
    long metaLength = LAYOUT.expectedMetaLength(dataLength);
    int[] crcs = new int[SegmentCrcs.segmentCount(metaLength)];
    return new CachedReplica(
        id, gs, 0, dataLength, metaLength, LAYOUT, crcs, store.pageSize, full, dir, 0, false);
  }

  /** Publishes as a fill does: into the map, then the most recently read of its directory. */
  private void put(BlockMap map, CachedReplica e) {
    FillTicket t = map.tryStartFill(e.id, e.genStamp);
    if (t == null || !map.publish(e.id, t, e)) {
      throw new IllegalStateException("block already in the map: " + e.id);
    }
    dir.blockAdded(e);
  }

  /** Indexes of the entry's data pages readers may use now. */
  public static java.util.TreeSet<Integer> present(CachedReplica e) {
    java.util.TreeSet<Integer> out = new java.util.TreeSet<>();
    for (int p = 0; p < e.pages.pages(); p++) {
      if (e.pages.has(p)) {
        out.add(p);
      }
    }
    return out;
  }

  @Override
  public void close() {
    index.close();
  }
}
