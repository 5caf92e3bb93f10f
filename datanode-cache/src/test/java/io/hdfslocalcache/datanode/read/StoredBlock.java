package io.hdfslocalcache.datanode.read;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.EntryHome;
import io.hdfslocalcache.datanode.settings.CacheTunables;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.ForwardingPageStore;
import io.hdfslocalcache.datanode.store.MemoryPageStore;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.util.DataChecksum;

/**
 * A block cached in a {@link MemoryPageStore} as a fill leaves it (CRC32C per 512 bytes unless
 * told, the meta slices' CRCs), with every store read its entry makes recorded in {@link #reads} as
 * the file's suffix and the length, e.g. {@code ".meta 4096"}.
 */
final class StoredBlock {
  final BlockId id = new BlockId("BP-1", 1073741825L);
  final long genStamp = 1001;
  final byte[] data;
  final byte[] meta;
  final MemoryPageStore pages = new MemoryPageStore(1L << 30);
  final CachedReplica entry;
  final List<String> reads = new CopyOnWriteArrayList<>();

  StoredBlock(int length, int pageSize) {
    this(length, pageSize, 512);
  }

  /** {@code chunk}: the block's bytes per checksum, as {@code dfs.bytes-per-checksum} wrote it. */
  StoredBlock(int length, int pageSize, int chunk) {
    data = new byte[length];
    new Random(11).nextBytes(data);
    DataChecksum dc = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, chunk);
    byte[] sums = new byte[(length + chunk - 1) / chunk * 4];
    dc.calculateChunkedSums(data, 0, length, sums, 0);
    ByteArrayOutputStream m = new ByteArrayOutputStream();
    try {
      BlockMetadataHeader.writeHeader(new DataOutputStream(m), dc);
      m.write(sums);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    meta = m.toByteArray();
    PageStore store =
        new ForwardingPageStore(pages) {
          @Override
          public void read(String fileId, long pageIndex, int pageOffset, java.nio.ByteBuffer dst)
              throws CacheException {
            reads.add(fileId.substring(fileId.lastIndexOf('.')) + " " + dst.remaining());
            inner.read(fileId, pageIndex, pageOffset, dst);
          }
        };
    entry =
        new CachedReplica(
            id,
            genStamp,
            0,
            length,
            meta.length,
            ChecksumLayout.of(dc, BlockMetadataHeader.getHeaderSize()),
            SegmentCrcs.of(meta),
            pageSize,
            true,
            new EntryHome() {
              @Override
              public PageStore store() {
                return store;
              }

              @Override
              public void draining(long bytes) {}

              @Override
              public void deletePages(CachedReplica e, long drainingBytes) {}

              @Override
              public void pageRead(CachedReplica e, int page) {}

              @Override
              public void pageAdded(CachedReplica e, int page) {}
            },
            0,
            false);
    write(entry.fileId(BlockId.CacheFile.DATA), data, pageSize);
    write(entry.fileId(BlockId.CacheFile.META), meta, pageSize);
  }

  /** Replaces the stored meta, as a flipped bit on the SSD would. */
  void storeMeta(byte[] bytes, int pageSize) {
    write(entry.fileId(BlockId.CacheFile.META), bytes, pageSize);
  }

  private void write(String fileId, byte[] bytes, int pageSize) {
    for (int off = 0; off < bytes.length; off += pageSize) {
      pages.write(fileId, off / pageSize, bytes, off, Math.min(pageSize, bytes.length - off));
    }
  }

  /**
   * A read session on this block as the DataNode opens one ({@code pageSize} pages, the default
   * read-ahead); any cache failure fails the test.
   */
  ReadSession session(int pageSize) {
    if (!entry.pin()) {
      throw new AssertionError("entry not pinned");
    }
    return new ReadSession(
        entry,
        new ExtendedBlock(id.poolId(), id.blockId(), data.length, genStamp),
        null,
        new ReadPathStats(new MetricRegistry()),
        (e, x) -> {
          throw new AssertionError("cache failure " + x);
        },
        new ReadSettings(pageSize, 2, CacheTunables.INITIAL_READ_AHEAD_BYTES),
        (x, served, runs, hddBytes, from, to) -> {},
        new WindowBuffers(),
        CacheFaultInjector.NONE);
  }
}
