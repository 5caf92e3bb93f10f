package io.hdfslocalcache.datanode.read;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.SpaceBudget;
import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.settings.CacheTunables;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.store.PageStores;
import io.hdfslocalcache.datanode.store.ReadBound;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import io.hdfslocalcache.metrics.ReadRoute;
import io.hdfslocalcache.time.CacheClock;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.util.DataChecksum;

/**
 * One block, cached exactly as a fill leaves it (Alluxio pages behind the production wrappers, with
 * the fill-time meta CRCs), plus the same bytes as plain files: the benchmarks' common ground. A
 * test fixture: shipped in datanode-cache's test-jar, in the read package whose session it opens,
 * so the benchmarks reach it without a split package.
 */
public final class CachedBlockFixture implements AutoCloseable {
  public final Path plainData;
  public final Path plainMeta;
  public final int dataLength;
  public final int metaLength;
  final CachedReplica entry;
  final ExtendedBlock block;
  public final ReadPathStats stats = new ReadPathStats(new MetricRegistry());
  private final PageStore store;
  private final BlockIndex index;
  final int pageSize;

  public CachedBlockFixture(Path dir, int dataLength, int pageSize) throws IOException {
    this(dir, dataLength, pageSize, ReadBound.ADAPTIVE);
  }

  /** {@code bound}: as the config key {@code read.bound} would set it (default adaptive). */
  public CachedBlockFixture(Path dir, int dataLength, int pageSize, ReadBound bound)
      throws IOException {
    this(dir, dataLength, pageSize, bound, CacheClock.SYSTEM);
  }

  /** {@code clock} judges slow reads (a fake one that stands still: no read is ever slow). */
  public CachedBlockFixture(
      Path dir, int dataLength, int pageSize, ReadBound bound, CacheClock clock)
      throws IOException {
    this.dataLength = dataLength;
    this.pageSize = pageSize;
    Files.createDirectories(dir);
    byte[] data = new byte[dataLength];
    new Random(1).nextBytes(data);
    DataChecksum dc = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512);
    int chunks = (dataLength + 511) / 512;
    byte[] sums = new byte[chunks * 4];
    dc.calculateChunkedSums(data, 0, dataLength, sums, 0);
    ByteArrayOutputStream m = new ByteArrayOutputStream();
    BlockMetadataHeader.writeHeader(new DataOutputStream(m), dc);
    m.write(sums);
    byte[] meta = m.toByteArray();
    this.metaLength = meta.length;
    plainData = Files.write(dir.resolve("blk_1"), data);
    plainMeta = Files.write(dir.resolve("blk_1_1001.meta"), meta);

    Path cacheDir = dir.resolve("ssd");
    Files.createDirectories(cacheDir.resolve("LOCAL"));
    index = BlockIndex.open(cacheDir.resolve("index"));
    DirectoryHealth health =
        new DirectoryHealth(cacheDir, 10, Duration.ofMinutes(10), clock, h -> {});
    store =
        PageStores.wrap(
            PageStores.openAlluxio(
                cacheDir, 4L * (dataLength + meta.length) + (64 << 20), pageSize),
            cacheDir,
            health,
            Duration.ofSeconds(10),
            CacheTunables.IO_THREADS_PER_DIR,
            CacheTunables.IO_SPIN_NANOS,
            0,
            "bench",
            bound,
            clock,
            CacheFaultInjector.NONE);
    CacheDirectory cd =
        new CacheDirectory(
            0,
            cacheDir,
            store,
            health,
            index,
            0,
            new SpaceBudget(store.capacityBytes()),
            FillMode.BLOCK);
    BlockId id = new BlockId("BP-1-127.0.0.1-1", 1073741825L);
    long gs = 1001;
    write(id.fileId(gs, BlockId.CacheFile.DATA), data);
    write(id.fileId(gs, BlockId.CacheFile.META), meta);
    int[] crcs = SegmentCrcs.of(meta);
    entry =
        new CachedReplica(
            id,
            gs,
            0,
            dataLength,
            meta.length,
            ChecksumLayout.of(dc, BlockMetadataHeader.getHeaderSize()),
            crcs,
            pageSize,
            true,
            cd,
            0,
            false);
    block = new ExtendedBlock(id.poolId(), id.blockId(), dataLength, gs);
  }

  private void write(String fileId, byte[] bytes) throws CacheException {
    for (int off = 0; off < bytes.length; off += pageSize) {
      store.write(fileId, off / pageSize, bytes, off, Math.min(pageSize, bytes.length - off));
    }
  }

  /** Where the directory's synchronous reads run now (read.bound). */
  public ReadRoute readRoute() {
    return store.readRoute();
  }

  /** Opens the streams of one BlockSender on the cached copy, with the default read-ahead. */
  public Streams open(long offset) {
    return open(offset, CacheConfig.DEFAULT_READ_AHEAD_PAGES);
  }

  /** As {@link #open(long)} with {@code readAheadPages} (the config key's value). */
  public Streams open(long offset, int readAheadPages) {
    if (!entry.pin()) {
      throw new IllegalStateException("entry retired");
    }
    ReadSession s =
        new ReadSession(
            entry,
            block,
            null,
            stats,
            (e, x) -> {
              throw new IllegalStateException("cached read failed in a benchmark: " + x);
            },
            new ReadSettings(pageSize, readAheadPages, CacheTunables.INITIAL_READ_AHEAD_BYTES),
            (x, served, runs, hddBytes, from, to) -> {},
            new WindowBuffers(),
            CacheFaultInjector.NONE);
    return new Streams(s.openMeta(), s.openData(offset));
  }

  /** The meta and data stream pair BlockSender holds. */
  public static final class Streams {
    public final java.io.InputStream meta;
    public final java.io.InputStream data;

    Streams(java.io.InputStream meta, java.io.InputStream data) {
      this.meta = meta;
      this.data = data;
    }

    public java.io.InputStream meta() {
      return meta;
    }

    public java.io.InputStream data() {
      return data;
    }
  }

  @Override
  public void close() {
    store.close();
    index.close();
  }
}
