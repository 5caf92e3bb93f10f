package io.hdfslocalcache.bench;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.FillTicket;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.PageLru;
import io.hdfslocalcache.datanode.dir.ServingDirectories;
import io.hdfslocalcache.datanode.dir.SpaceBudget;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.invalidate.InvalidationStats;
import io.hdfslocalcache.datanode.invalidate.Invalidator;
import io.hdfslocalcache.datanode.restore.RestoreStats;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.store.PageStores;
import io.hdfslocalcache.datanode.store.ReadBound;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import io.hdfslocalcache.time.CacheClock;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;

/**
 * One cache directory of {@code bench scale}, built from the cache's own parts as a DataNode start
 * builds them: the block index, the page store inside its wrappers, the directory with its budget
 * and page order, the block map and the restorer. Blocks are 128 MB-shaped ({@code blockPages}
 * pages, a CRC32C meta file); page files are written through the store with no bytes and then made
 * sparse at their real length, so the disk holds inodes, not terabytes.
 */
final class ScaleDir implements AutoCloseable {
  static final String POOL = "BP-1180386133-10.20.30.40-1700000000000";
  static final long GEN_STAMP = 1001;
  private static final long FIRST_BLOCK = 1_073_741_825L;
  private static final ChecksumLayout LAYOUT = new ChecksumLayout(2, 512, 4, 7);
  private static final byte[] ONE_BYTE = new byte[1];

  final Path path;
  final int pageSize;
  final int blockPages;
  final BlockIndex index;
  final PageStore store;
  final CacheDirectory dir;
  final BlockMap map = new BlockMap();
  final ServingDirectories dirs;
  final long openNanos;

  private ScaleDir(Path path, int pageSize, int blockPages, long capacity) throws IOException {
    this.path = path;
    this.pageSize = pageSize;
    this.blockPages = blockPages;
    long t0 = System.nanoTime();
    Files.createDirectories(path.resolve("LOCAL"));
    index = BlockIndex.open(path.resolve("index"));
    PageStore opened = PageStores.openAlluxio(path, capacity, pageSize);
    openNanos = System.nanoTime() - t0;
    DirectoryHealth health =
        new DirectoryHealth(path, 100, Duration.ofMinutes(1), CacheClock.SYSTEM, h -> {});
    store =
        PageStores.wrap(
            opened,
            path,
            health,
            Duration.ofSeconds(10),
            io.hdfslocalcache.datanode.settings.CacheTunables.IO_THREADS_PER_DIR,
            0,
            5,
            "dir0",
            ReadBound.ADAPTIVE,
            CacheClock.SYSTEM,
            CacheFaultInjector.NONE);
    dir =
        new CacheDirectory(
            0,
            path,
            store,
            health,
            index,
            0,
            new SpaceBudget(opened.capacityBytes()),
            FillMode.PAGES); // the DataNode's default fill mode
    dirs = new ServingDirectories(Collections.singletonList(dir), 1);
  }

  /** Opens the directory (creating it if new) as a DataNode start opens it. */
  static ScaleDir open(Path path, int pageSize, int blockPages, long capacity) throws IOException {
    return new ScaleDir(path, pageSize, blockPages, capacity);
  }

  /** Configured bytes for {@code pages} data pages and their blocks' metas, with room to spare. */
  static long capacityFor(long pages, int pageSize, int blockPages) {
    long blocks = (pages + blockPages - 1) / blockPages;
    long bytes = pages * pageSize + blocks * metaLength(blockPages, pageSize);
    // The store keeps 5% for file-system overhead (capacity / 1.05 usable); 16 pages to spare.
    return (long) Math.ceil(bytes * 1.05) + 16L * pageSize;
  }

  static long metaLength(int blockPages, int pageSize) {
    return LAYOUT.expectedMetaLength((long) blockPages * pageSize);
  }

  /** Restores the directory's index into the block map, as start-up does; returns nanoseconds. */
  long restore() {
    long t0 = System.nanoTime();
    io.hdfslocalcache.datanode.restore.Restorer r =
        new io.hdfslocalcache.datanode.restore.Restorer(
            map,
            dirs,
            new AllThere(),
            new Invalidator(map, new AllThere(), new InvalidationStats(new MetricRegistry()), dirs),
            new RestoreStats(new MetricRegistry()),
            pageSize,
            CacheClock.SYSTEM);
    r.loadIndexes();
    r.restorePool(POOL);
    return System.nanoTime() - t0;
  }

  /** Fills block {@code b} whole and publishes it, as a block fill does. */
  CachedReplica fill(long b) throws CacheException, IOException {
    BlockId id = new BlockId(POOL, FIRST_BLOCK + b);
    long length = (long) blockPages * pageSize;
    long metaLength = metaLength(blockPages, pageSize);
    FillTicket t = map.tryStartFill(id, GEN_STAMP);
    CachedReplica e =
        new CachedReplica(
            id,
            GEN_STAMP,
            b + 1,
            length,
            metaLength,
            LAYOUT,
            crcs(SegmentCrcs.segmentCount(metaLength), b),
            pageSize,
            true,
            dir,
            System.currentTimeMillis(),
            false);
    reserve(e.bytes(), b);
    writeFile(e.fileId(BlockId.CacheFile.META), metaLength);
    writeFile(e.fileId(BlockId.CacheFile.DATA), length);
    if (!map.publish(id, t, e)) {
      throw new IllegalStateException("block " + b + " not published");
    }
    for (int p = 0; p < blockPages; p++) {
      dir.pageAdded(e, p);
    }
    dir.persist(e);
    return e;
  }

  /** Reserves the block's bytes, waiting for evicted pages' deletes to finish if need be. */
  private void reserve(long bytes, long b) throws IOException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!dir.budget().tryReserve(bytes)) {
      if (System.nanoTime() > deadline) {
        throw new IOException("budget still full after 10 s at block " + b);
      }
      Thread.onSpinWait();
    }
  }

  /** Meta-slice CRCs as random as real ones: the index's size on disk depends on it. */
  private static int[] crcs(int n, long seed) {
    int[] out = new int[n];
    java.util.Random r = new java.util.Random(seed);
    for (int i = 0; i < n; i++) {
      out[i] = r.nextInt();
    }
    return out;
  }

  private void writeFile(String fileId, long length) throws CacheException, IOException {
    for (long p = 0; p * pageSize < length; p++) {
      store.write(fileId, p, ONE_BYTE, 0, 1);
      try (RandomAccessFile f = new RandomAccessFile(pagePath(fileId, p).toFile(), "rw")) {
        f.setLength(0); // no data block on the disk: a hole of the page's real length
        f.setLength(Math.min(pageSize, length - p * pageSize));
      }
    }
  }

  /** Alluxio's LOCAL layout: {@code LOCAL/<page size>/<bucket of 1000>/<file id>/<page>}. */
  Path pagePath(String fileId, long page) {
    return path.resolve("LOCAL")
        .resolve(Integer.toString(pageSize))
        .resolve(Integer.toString(Math.floorMod(fileId.hashCode(), 1000)))
        .resolve(fileId)
        .resolve(Long.toString(page));
  }

  /** Evicts the least recently read pages until {@code bytes} more fit, as page eviction does. */
  long evictFor(long bytes) {
    long evicted = 0;
    while (dir.budget().shortfall(bytes) > 0) {
      List<PageLru.Key> oldest = dir.pageLru().pollOldest(1);
      if (oldest.isEmpty()) {
        throw new IllegalStateException("nothing left to evict");
      }
      CachedReplica e = oldest.get(0).entry;
      if (dir.evictPage(e, oldest.get(0).page) > 0) {
        evicted++;
      }
      if (e.pages.count() == 0) {
        map.dropEntry(e);
      }
    }
    return evicted;
  }

  /** Waits until the index has applied every queued write (a full queue would drop them). */
  void awaitIndex(int atMost) throws InterruptedException {
    while (index.queuedWrites() > atMost) {
      Thread.sleep(1);
    }
  }

  @Override
  public void close() {
    index.close();
    store.close();
  }

  /** Every cached block's HDD replica is there, unchanged. */
  private final class AllThere implements HddReplicas {
    @Override
    public ReplicaVersion replica(BlockId id) {
      return new ReplicaVersion(true, GEN_STAMP, (long) blockPages * pageSize);
    }

    @Override
    public LengthInputStream openMeta(ExtendedBlock b) {
      throw new UnsupportedOperationException("bench scale reads no HDD");
    }

    @Override
    public InputStream openData(ExtendedBlock b, long offset) {
      throw new UnsupportedOperationException("bench scale reads no HDD");
    }

    @Override
    public boolean filesExist(ExtendedBlock b) {
      return true;
    }
  }
}
