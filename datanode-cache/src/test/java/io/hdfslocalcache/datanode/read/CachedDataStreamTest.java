package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.CacheTunables;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CacheEntry;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.SpaceBudget;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.CacheFailure;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.datanode.store.ForwardingPageStore;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.store.PageStores;
import io.hdfslocalcache.datanode.store.PendingIo;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cached data stream over a real Alluxio store behind the real time bound, read the way
 * BlockSender reads (64 KB at a time): read-ahead serves the same bytes, is off when configured
 * off, and a corrupt page reached by read-ahead falls back to the HDD without a wrong byte.
 */
class CachedDataStreamTest {
  private static final int PAGE = 64 * 1024;

  /** Ten whole pages and a short last one. */
  private static final int LENGTH = 10 * PAGE + 1000;

  @TempDir Path dir;

  private final byte[] data = new byte[LENGTH];
  private Path hddData;
  private PageStore timeBound;

  /** The store under the wrappers: setup writes here, so a loaded machine cannot make it BUSY. */
  private PageStore alluxio;

  private final Corruption corrupting = new Corruption();
  private CountingStore store;
  private CacheEntry entry;
  private ExtendedBlock block;
  private final ReadPathStats stats = new ReadPathStats(new MetricRegistry());
  private final List<CacheFailure> failures = new CopyOnWriteArrayList<>();

  /** Opens of the HDD copy that fail before one succeeds. */
  private final AtomicInteger hddOpenFailures = new AtomicInteger();

  /** Flips a byte of one data page as it is read: silent corruption on the SSD. */
  private static final class Corruption {
    volatile long corruptPage = -1;

    PageStore over(PageStore real) {
      return new ForwardingPageStore(real) {
        @Override
        public void read(
            String fileId, long pageIndex, int pageOffset, byte[] dst, int off, int len)
            throws CacheException {
          inner.read(fileId, pageIndex, pageOffset, dst, off, len);
          if (pageIndex == corruptPage && fileId.endsWith(".data")) {
            dst[off + len / 2] ^= 1;
          }
        }
      };
    }
  }

  /** Counts the stream's synchronous and asynchronous page reads. */
  private static final class CountingStore extends ForwardingPageStore {
    final AtomicInteger reads = new AtomicInteger();
    final AtomicInteger asyncReads = new AtomicInteger();

    /** Every read-ahead refused as if all I/O threads were busy. */
    volatile boolean busy;

    CountingStore(PageStore inner) {
      super(inner);
    }

    @Override
    public void read(String fileId, long pageIndex, int pageOffset, byte[] dst, int off, int len)
        throws CacheException {
      reads.incrementAndGet();
      inner.read(fileId, pageIndex, pageOffset, dst, off, len);
    }

    @Override
    public PendingIo readAsync(
        String fileId,
        long pageIndex,
        int pageOffset,
        byte[] dst,
        int off,
        int len,
        PageStore.AfterRead then) {
      asyncReads.incrementAndGet();
      if (busy) {
        return PendingIo.failed(new CacheException(CacheFailure.BUSY, "all I/O threads busy"));
      }
      return inner.readAsync(fileId, pageIndex, pageOffset, dst, off, len, then);
    }
  }

  @BeforeEach
  void setUp() throws Exception {
    new Random(3).nextBytes(data);
    hddData = Files.write(dir.resolve("blk"), data);
    DataChecksum dc = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512);
    byte[] sums = new byte[(LENGTH + 511) / 512 * 4];
    dc.calculateChunkedSums(data, 0, LENGTH, sums, 0);
    ByteArrayOutputStream m = new ByteArrayOutputStream();
    BlockMetadataHeader.writeHeader(new DataOutputStream(m), dc);
    m.write(sums);
    byte[] meta = m.toByteArray();

    Path ssd = dir.resolve("ssd");
    Files.createDirectories(ssd.resolve("LOCAL"));
    alluxio = PageStores.openAlluxio(ssd, 64L * PAGE, PAGE);
    DirectoryHealth health =
        new DirectoryHealth(ssd, 1000, Duration.ofMinutes(1), Clock.systemUTC(), h -> {});
    timeBound =
        PageStores.wrap(
            corrupting.over(alluxio),
            ssd,
            health,
            Duration.ofSeconds(10),
            4,
            CacheTunables.IO_SPIN_NANOS,
            0,
            "test");
    store = new CountingStore(timeBound);
    BlockId id = new BlockId("BP-1", 1073741825L);
    long gs = 1001;
    put(id.fileId(gs, BlockId.CacheFile.DATA), data);
    put(id.fileId(gs, BlockId.CacheFile.META), meta);
    int[] crcs = SegmentCrcs.of(meta);
    SpaceBudget budget = new SpaceBudget(store.capacityBytes());
    entry =
        new CacheEntry(
            id,
            gs,
            0,
            LENGTH,
            meta.length,
            ChecksumLayout.of(dc, BlockMetadataHeader.getHeaderSize()),
            crcs,
            PAGE,
            true,
            new CacheDirectory(0, ssd, store, null, null, 0, budget),
            0);
    block = new ExtendedBlock(id.poolId(), id.blockId(), LENGTH, gs);
  }

  @AfterEach
  void tearDown() {
    store.close();
  }

  private void put(String fileId, byte[] bytes) throws CacheException {
    for (int off = 0; off < bytes.length; off += PAGE) {
      alluxio.write(fileId, off / PAGE, bytes, off, Math.min(PAGE, bytes.length - off));
    }
  }

  /** The data stream of one BlockSender; the HDD copy is the plain file. */
  private InputStream open(long offset, int readAheadPages) throws IOException {
    HddReplicas hdd = mock(HddReplicas.class);
    when(hdd.openData(any(), anyLong()))
        .thenAnswer(
            inv -> {
              if (hddOpenFailures.getAndDecrement() > 0) {
                throw new IOException("HDD open failed (test)");
              }
              FileInputStream in = new FileInputStream(hddData.toFile());
              IOUtils.skipFully(in, inv.getArgument(1, Long.class));
              return in;
            });
    assertTrue(entry.pin());
    ReadSession session =
        new ReadSession(
            entry,
            block,
            hdd,
            stats,
            (e, x) -> failures.add(x.failure()),
            new ReadSettings(PAGE, readAheadPages, CacheTunables.INITIAL_READ_AHEAD_BYTES),
            (s, served, runs, hddBytes, from, to) -> {});
    InputStream in = session.openData(offset);
    session.streamClosed(); // the meta stream this test does not open
    return in;
  }

  private static byte[] readLikeBlockSender(InputStream in, int length) throws IOException {
    byte[] out = new byte[length];
    for (int off = 0; off < length; off += 64 * 1024) {
      IOUtils.readFully(in, out, off, Math.min(64 * 1024, length - off));
    }
    return out;
  }

  @Test
  void read_sequentialWholeBlock_servesSameBytesWithPagesReadAhead() throws Exception {
    try (InputStream in = open(0, 2)) {
      assertArrayEquals(data, readLikeBlockSender(in, LENGTH));
      assertEquals(-1, in.read());
    }
    assertEquals(List.of(), failures);
    assertTrue(store.asyncReads.get() >= 5, "pages read ahead: " + store.asyncReads.get());
    assertEquals(store.asyncReads.get(), stats.readAheadPages.getCount());
    assertEquals(LENGTH, stats.bytesFromCache.getCount());
  }

  @Test
  void read_readAheadOff_servesSameBytesWithoutAsyncReads() throws Exception {
    try (InputStream in = open(0, 0)) {
      assertArrayEquals(data, readLikeBlockSender(in, LENGTH));
    }
    assertEquals(0, store.asyncReads.get());
    assertTrue(store.reads.get() > 0);
    assertEquals(List.of(), failures);
  }

  @Test
  void read_corruptPageReachedByReadAhead_fallsBackToHddWithSameBytes() throws Exception {
    corrupting.corruptPage = 7;
    try (InputStream in = open(0, 2)) {
      assertArrayEquals(data, readLikeBlockSender(in, LENGTH));
    }
    assertEquals(List.of(CacheFailure.CHECKSUM_MISMATCH), failures);
    assertTrue(store.asyncReads.get() > 0, "page 7 must have come through read-ahead");
    assertEquals(7L * PAGE, stats.bytesFromCache.getCount(), "every byte before page 7 cached");
    assertEquals(LENGTH - 7L * PAGE, stats.bytesFallbackFromHdd.getCount());
  }

  @Test
  void read_readAheadRefusedBusy_readsThosePagesFromCacheItself() throws Exception {
    store.busy = true;
    try (InputStream in = open(0, 2)) {
      assertArrayEquals(data, readLikeBlockSender(in, LENGTH));
    }
    assertEquals(List.of(), failures, "a refused read-ahead is not a cache failure");
    assertTrue(stats.readAheadRefused.getCount() > 0);
    assertTrue(store.asyncReads.get() > 0);
    assertEquals(LENGTH, stats.bytesFromCache.getCount(), "no byte from the HDD");
  }

  @Test
  void read_unalignedPreadOf64kPages_readsNoPageAhead() throws Exception {
    long at = PAGE - 4 * 512; // a 64 KB pread straddling pages 0 and 1
    try (InputStream in = open(at, 2)) {
      byte[] got = new byte[64 * 1024];
      IOUtils.readFully(in, got, 0, got.length);
      assertArrayEquals(java.util.Arrays.copyOfRange(data, (int) at, (int) at + got.length), got);
    }
    assertEquals(0, store.asyncReads.get(), "a pread must not read pages ahead");
    assertEquals(List.of(), failures);
  }

  @Test
  void read_hddOpenFailsAfterCacheFailure_laterReadsNeverTouchTheCache() throws Exception {
    corrupting.corruptPage = 0;
    hddOpenFailures.set(1);
    try (InputStream in = open(0, 2)) {
      byte[] got = new byte[4096];
      assertThrows(IOException.class, () -> in.read(got, 0, got.length));
      int storeReads = store.reads.get();
      IOUtils.readFully(in, got, 0, got.length);
      assertArrayEquals(java.util.Arrays.copyOf(data, got.length), got);
      assertEquals(storeReads, store.reads.get(), "after a cache failure only the HDD is read");
    }
    assertEquals(List.of(CacheFailure.CHECKSUM_MISMATCH), failures);
    assertEquals(0, stats.bytesFromCache.getCount());
  }

  @Test
  void skip_pastPendingReadAhead_servesBytesAtNewOffset() throws Exception {
    try (InputStream in = open(0, 2)) {
      byte[] head = readLikeBlockSender(in, 3 * PAGE + 100);
      assertArrayEquals(java.util.Arrays.copyOf(data, head.length), head);
      long to = 6L * PAGE + 777;
      IOUtils.skipFully(in, to - head.length);
      byte[] rest = readLikeBlockSender(in, (int) (LENGTH - to));
      assertArrayEquals(java.util.Arrays.copyOfRange(data, (int) to, LENGTH), rest);
    }
    assertEquals(List.of(), failures);
  }
}
