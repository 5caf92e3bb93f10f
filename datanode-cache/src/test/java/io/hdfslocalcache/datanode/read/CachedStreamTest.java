package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.SpaceBudget;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.settings.CacheTunables;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.DirectoryHealth;
import io.hdfslocalcache.datanode.store.ForwardingPageStore;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.store.PageStores;
import io.hdfslocalcache.datanode.store.PendingIo;
import io.hdfslocalcache.datanode.store.ReadBound;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.time.CacheClock;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cached data stream ({@link CachedStream} over {@link PageWindows}) over a real Alluxio store
 * behind the real time bound, read the way BlockSender reads (64 KB at a time): read-ahead serves
 * the same bytes, is off when configured off, and a corrupt page reached by read-ahead falls back
 * to the HDD without a wrong byte.
 */
class CachedStreamTest {
  static final int PAGE = 64 * 1024;

  /** Ten whole pages and a short last one. */
  static final int LENGTH = 10 * PAGE + 1000;

  @TempDir Path dir;

  final byte[] data = new byte[LENGTH];
  private Path hddData;
  private PageStore timeBound;

  /** The store under the wrappers: setup writes here, so a loaded machine cannot make it BUSY. */
  private PageStore alluxio;

  final Corruption corrupting = new Corruption();
  private CountingStore store;
  CachedReplica entry;
  private ExtendedBlock block;
  private byte[] meta;
  private CacheDirectory home;
  private final MetricRegistry registry = new MetricRegistry();
  final ReadPathStats stats = new ReadPathStats(registry);
  final List<CacheFailure> failures = new CopyOnWriteArrayList<>();

  /** Opens of the HDD copy that fail before one succeeds. */
  private final AtomicInteger hddOpenFailures = new AtomicInteger();

  /** Opens of the HDD copy (fallback or gap streams). */
  final AtomicInteger hddOpens = new AtomicInteger();

  /** The spare buffers of every stream a test opens. */
  final WindowBuffers buffers = new WindowBuffers();

  /** What each closed data stream told the session: {served, hddRuns, hddBytes, from, to}. */
  private final List<long[]> ended = new CopyOnWriteArrayList<>();

  /** Flips a byte of one data page as it is read: silent corruption on the SSD. */
  static final class Corruption {
    volatile long corruptPage = -1;

    PageStore over(PageStore real) {
      return new ForwardingPageStore(real) {
        @Override
        public void read(String fileId, long pageIndex, int pageOffset, ByteBuffer dst)
            throws CacheException {
          inner.read(fileId, pageIndex, pageOffset, dst);
          if (pageIndex == corruptPage && fileId.endsWith(".data")) {
            int i = dst.position() + dst.remaining() / 2;
            dst.put(i, (byte) (dst.get(i) ^ 1));
          }
        }
      };
    }
  }

  /** Counts the stream's synchronous and asynchronous page reads. */
  private static final class CountingStore extends ForwardingPageStore {
    final AtomicInteger reads = new AtomicInteger();
    final AtomicInteger asyncReads = new AtomicInteger();

    /** Data pages read, synchronously or ahead. */
    final java.util.Set<Long> dataPagesRead = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Runs before each synchronous read, with its file and page. */
    volatile java.util.function.BiConsumer<String, Long> beforeRead = (f, p) -> {};

    /** Every read-ahead refused as if all I/O threads were busy. */
    volatile boolean busy;

    CountingStore(PageStore inner) {
      super(inner);
    }

    @Override
    public void read(String fileId, long pageIndex, int pageOffset, ByteBuffer dst)
        throws CacheException {
      reads.incrementAndGet();
      if (fileId.contains(".data")) {
        dataPagesRead.add(pageIndex);
      }
      beforeRead.accept(fileId, pageIndex);
      inner.read(fileId, pageIndex, pageOffset, dst);
    }

    @Override
    public PendingIo readAsync(
        String fileId, long pageIndex, int pageOffset, ByteBuffer dst, PageStore.AfterRead then) {
      asyncReads.incrementAndGet();
      if (fileId.contains(".data")) {
        dataPagesRead.add(pageIndex);
      }
      if (busy) {
        return PendingIo.failed(new CacheException(CacheFailure.BUSY, "all I/O threads busy"));
      }
      return inner.readAsync(fileId, pageIndex, pageOffset, dst, then);
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
    meta = m.toByteArray();

    Path ssd = dir.resolve("ssd");
    Files.createDirectories(ssd.resolve("LOCAL"));
    alluxio = PageStores.openAlluxio(ssd, 64L * PAGE, PAGE);
    DirectoryHealth health =
        new DirectoryHealth(ssd, 1000, Duration.ofMinutes(1), CacheClock.SYSTEM, h -> {});
    timeBound =
        PageStores.wrap(
            corrupting.over(alluxio),
            ssd,
            health,
            Duration.ofSeconds(10),
            // Room for a skipped stream's read-aheads still running on a loaded machine next to the
            // new ones and the reader's own page: with 4, skip_pastPendingReadAhead once found
            // every thread busy (BUSY) under a load average of 18. BUSY is provoked on purpose
            // below, by a store that refuses.
            8,
            CacheTunables.IO_SPIN_NANOS,
            0,
            "test",
            ReadBound.STRICT, // read-ahead, which only the I/O threads do
            CacheClock.SYSTEM,
            CacheFaultInjector.NONE);
    store = new CountingStore(timeBound);
    BlockId id = new BlockId("BP-1", 1073741825L);
    long gs = 1001;
    put(id.fileId(gs, BlockId.CacheFile.DATA), data);
    put(id.fileId(gs, BlockId.CacheFile.META), meta);
    int[] crcs = SegmentCrcs.of(meta);
    SpaceBudget budget = new SpaceBudget(store.capacityBytes());
    home = new CacheDirectory(0, ssd, store, null, null, 0, budget, FillMode.BLOCK);
    entry =
        new CachedReplica(
            id,
            gs,
            0,
            LENGTH,
            meta.length,
            ChecksumLayout.of(dc, BlockMetadataHeader.getHeaderSize()),
            crcs,
            PAGE,
            true,
            home,
            0,
            false);
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

  /**
   * The data stream of one BlockSender, alone, as for a client that asks for no checksums (the
   * cached windows are verified all the same); the HDD copy is the plain file.
   */
  InputStream open(long offset, int readAheadPages) throws IOException {
    HddReplicas hdd = mock(HddReplicas.class);
    when(hdd.openData(any(), anyLong()))
        .thenAnswer(
            inv -> {
              hddOpens.incrementAndGet();
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
            (s, served, runs, hddBytes, from, to) ->
                ended.add(new long[] {served, runs, hddBytes, from, to}),
            buffers,
            CacheFaultInjector.NONE);
    return asBlockSenderGetsIt(session.openDataOnly(offset));
  }

  /** The data stream as the dataset returns it; here, the copy path's stream itself. */
  InputStream asBlockSenderGetsIt(CachedStream data) {
    return data;
  }

  /**
   * Asserts how many times the HDD volume was sent to a disk check by what the reads threw: on the
   * copy path nothing of Hadoop's looks at the exception, on the transferTo path {@code
   * FileIoProvider} does.
   */
  void assertDiskChecksOfHddVolume(int expected) {}

  /** Cuts the HDD block file to {@code size} bytes, under any stream open on it. */
  private void truncateHdd(long size) throws IOException {
    try (java.nio.channels.FileChannel f =
        java.nio.channels.FileChannel.open(hddData, java.nio.file.StandardOpenOption.WRITE)) {
      f.truncate(size);
    }
  }

  /** Reads {@code length} bytes from the stream's position as BlockSender sends them. */
  byte[] readLikeBlockSender(InputStream in, int length) throws IOException {
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

  /**
   * Reads the whole block with data page {@code page} corrupt on the SSD: the same bytes, every
   * byte before the page from the cache, the rest from the HDD after one mismatch.
   */
  private void readWithCorruptPage(int page, int readAheadPages) throws Exception {
    corrupting.corruptPage = page;
    try (InputStream in = open(0, readAheadPages)) {
      assertArrayEquals(data, readLikeBlockSender(in, LENGTH));
    }
    assertEquals(List.of(CacheFailure.CHECKSUM_MISMATCH), failures);
    long before = (long) page * PAGE;
    assertEquals(before, stats.bytesFromCache.getCount(), "every byte before page " + page);
    assertEquals(LENGTH - before, stats.bytesFallbackFromHdd.getCount());
  }

  @Test
  void read_corruptPageReachedByReadAhead_fallsBackToHddWithSameBytes() throws Exception {
    readWithCorruptPage(7, 2);
    assertTrue(store.asyncReads.get() > 0, "page 7 must have come through read-ahead");
  }

  @Test
  void read_corruptPageMidStreamReadByTheReader_fallsBackToHddWithSameBytes() throws Exception {
    readWithCorruptPage(5, 0);
    assertEquals(1, ended.size(), "the read's end told once, with what it served");
    assertEquals(LENGTH, ended.get(0)[0]);
    assertEquals(LENGTH - 5L * PAGE, ended.get(0)[2]);
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

  /**
   * Makes {@link #entry} the block as {@code pages} fill mode leaves it: the meta whole and only
   * the data pages not in {@code absent}, under a fill id of its own, so an absent page is really
   * missing from the store and reading it there would fail the read.
   */
  private void partlyCached(Set<Integer> absent) throws CacheException {
    CachedReplica e =
        new CachedReplica(
            entry.id,
            entry.genStamp,
            7,
            LENGTH,
            meta.length,
            entry.checksum,
            entry.metaSegmentCrcs,
            PAGE,
            false,
            home,
            0,
            false);
    put(e.fileId(BlockId.CacheFile.META), meta);
    for (int p = 0; p < e.pages.pages(); p++) {
      if (!absent.contains(p)) {
        alluxio.write(e.fileId(BlockId.CacheFile.DATA), p, data, p * PAGE, e.pageBytes(p));
        e.restorePage(p);
      }
    }
    entry = e;
  }

  /**
   * Streams the whole partly cached block as BlockSender does: the same bytes, the absent pages
   * from the HDD and counted as uncached pages, never as a fallback, and the copy kept.
   */
  private void readPartly(Set<Integer> absent) throws Exception {
    partlyCached(absent);
    try (InputStream in = open(0, 2)) {
      assertArrayEquals(data, readLikeBlockSender(in, LENGTH));
      assertEquals(-1, in.read());
    }
    long uncached = 0;
    for (int p : absent) {
      uncached += entry.pageBytes(p);
    }
    assertEquals(List.of(), failures, "an absent page is no failure");
    assertFalse(entry.retired(), "the copy is kept");
    assertEquals(0, stats.bytesFallbackFromHdd.getCount());
    assertEquals(uncached, registry.counter(ReadPathMetrics.BYTES_UNCACHED_HDD).getCount());
    assertEquals(LENGTH - uncached, stats.bytesFromCache.getCount());
    for (int p : absent) {
      assertFalse(store.dataPagesRead.contains((long) p), "page " + p + " read from the SSD");
    }
    int first = java.util.Collections.min(absent);
    int last = java.util.Collections.max(absent);
    long[] end = ended.get(0);
    assertEquals(LENGTH, end[0], "served");
    assertEquals(uncached, end[2], "HDD bytes");
    assertEquals((long) first * PAGE, end[3], "first uncached byte, for the page fill");
    assertEquals((long) last * PAGE + entry.pageBytes(last), end[4], "end of the uncached bytes");
  }

  @Test
  void read_absentPagesInTheMiddle_sameBytesGapFromHddNoFallback() throws Exception {
    readPartly(Set.of(3, 4, 5));
  }

  @Test
  void read_absentPagesAtTheStart_sameBytesGapFromHddNoFallback() throws Exception {
    readPartly(Set.of(0, 1));
  }

  @Test
  void read_absentPagesAtTheEnd_sameBytesGapFromHddNoFallback() throws Exception {
    readPartly(Set.of(9, 10)); // 10 is the short last page
  }

  @Test
  void read_pagesAlternate_switchesBothWaysOnOneGapStream() throws Exception {
    readPartly(Set.of(1, 3, 5, 7, 9));
    assertEquals(1, hddOpens.get(), "the gap stream is skipped over cached pages, not reopened");
    assertEquals(5, ended.get(0)[1], "five HDD runs");
  }

  @Test
  void read_streamingTowardsAnAbsentPage_readAheadStopsBeforeIt() throws Exception {
    readPartly(Set.of(6));
    assertTrue(store.asyncReads.get() > 0, "pages before and after the gap were read ahead");
    assertFalse(store.dataPagesRead.contains(6L));
  }

  @Test
  void read_everyPageAbsent_allFromHddOneOpen() throws Exception {
    Set<Integer> all = new java.util.HashSet<>();
    for (int p = 0; p <= 10; p++) {
      all.add(p);
    }
    readPartly(all);
    assertEquals(1, hddOpens.get());
    assertEquals(0, store.dataPagesRead.size());
  }

  /**
   * With every page cached, page {@code evicted} is evicted (and deleted) as the reader's store
   * read of page {@code readOf} starts: after the reader found it present. Then a pread of {@code
   * len} at {@code at} must return the block's bytes without blaming the copy.
   */
  private void preadWithPageEvictedUnderTheReader(int readOf, int evicted, long at, int len)
      throws Exception {
    partlyCached(Set.of());
    String dataFile = entry.fileId(BlockId.CacheFile.DATA);
    store.beforeRead =
        (file, page) -> {
          if (file.equals(dataFile) && page == readOf && entry.evictPage(evicted)) {
            alluxio.deletePage(dataFile, evicted);
          }
        };
    try (InputStream in = open(at, 2)) {
      byte[] got = new byte[len];
      IOUtils.readFully(in, got, 0, got.length);
      assertArrayEquals(Arrays.copyOfRange(data, (int) at, (int) at + len), got);
    }
    assertEquals(List.of(), failures, "a page evicted under a reader does not blame the copy");
    assertFalse(entry.retired());
  }

  @Test
  void read_pageEvictedAtItsOwnReadUnderTheReader_servedFromHddWithoutBlame() throws Exception {
    preadWithPageEvictedUnderTheReader(2, 2, 2L * PAGE + 1000, 4096);
    assertEquals(4096, registry.counter(ReadPathMetrics.BYTES_UNCACHED_HDD).getCount());
  }

  @Test
  void read_nextPageOfWindowEvictedUnderTheReader_servedFromHddWithoutBlame() throws Exception {
    // a 64 KB pread whose window spans pages 0 and 1; page 1 goes as page 0 is read
    preadWithPageEvictedUnderTheReader(0, 1, PAGE - 4 * 512, 64 * 1024);
    assertEquals(4 * 512, stats.bytesFromCache.getCount(), "page 0's part from the SSD");
    assertEquals(
        64 * 1024 - 4 * 512,
        registry.counter(ReadPathMetrics.BYTES_UNCACHED_HDD).getCount(),
        "page 1's part from the HDD");
  }

  @Test
  void read_servedFromSsd_movesItsPageToTheNewEndOfThePageLru() throws Exception {
    for (int p = 0; p <= 10; p++) {
      home.pageAdded(entry, p);
    }
    try (InputStream in = open(3L * PAGE + 100, 2)) {
      IOUtils.readFully(in, new byte[4096], 0, 4096);
    }
    List<io.hdfslocalcache.datanode.dir.PageLru.Key> order = home.pageLru().pollOldest(11);
    assertEquals(11, order.size());
    assertEquals(3, order.get(10).page, "the page read is now the most recently read");
    assertEquals(0, order.get(0).page);
    assertEquals(4, order.get(3).page);
  }

  /**
   * The HDD file is cut while a gap stream is open on it: the read fails with an EOFException, as
   * stock BlockSender's does, instead of ending early (on the transferTo path an early end was a
   * 0-byte transferTo forever: hence the timeout, in its own thread so a spin fails the test).
   */
  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void read_hddFileCutUnderAnOpenGapStream_failsWithEof() throws Exception {
    partlyCached(Set.of(3, 4, 5));
    int head = 3 * PAGE + 100; // the gap stream is open, 100 bytes into page 3
    try (InputStream in = open(0, 2)) {
      assertArrayEquals(Arrays.copyOf(data, head), readLikeBlockSender(in, head));
      truncateHdd(3L * PAGE + 4096);
      EOFException e =
          assertThrows(EOFException.class, () -> readLikeBlockSender(in, LENGTH - head));
      assertTrue(e.getMessage().contains("shorter than its replica"), e.getMessage());
    }
    assertEquals(1, hddOpens.get());
    assertEquals(List.of(), failures, "the cached copy is not blamed");
    assertDiskChecksOfHddVolume(1); // as stock's: the HDD file is short
  }

  /** As above, with the stream on the HDD after a cache failure instead of in a gap. */
  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void read_hddFileCutUnderAFallback_failsWithEof() throws Exception {
    corrupting.corruptPage = 2;
    int head = 2 * PAGE + 100; // fell back at page 2, 100 bytes into it
    try (InputStream in = open(0, 0)) {
      assertArrayEquals(Arrays.copyOf(data, head), readLikeBlockSender(in, head));
      truncateHdd(2L * PAGE + 4096);
      EOFException e =
          assertThrows(EOFException.class, () -> readLikeBlockSender(in, LENGTH - head));
      assertTrue(e.getMessage().contains("shorter than its replica"), e.getMessage());
    }
    assertEquals(List.of(CacheFailure.CHECKSUM_MISMATCH), failures);
    assertDiskChecksOfHddVolume(1);
  }

  /**
   * The gap's HDD file cannot be opened (the replica was deleted or appended to under the read):
   * the read ends as the cache's, not the HDD's failure, and the cached copy is not blamed.
   */
  @Test
  void read_gapCannotBeOpened_abortsNotAsAnHddFault() throws Exception {
    partlyCached(Set.of(3));
    hddOpenFailures.set(1);
    try (InputStream in = open(0, 2)) {
      IOException e = assertThrows(IOException.class, () -> readLikeBlockSender(in, LENGTH));
      assertTrue(e.getMessage().startsWith("Connection reset by hdfs-local-cache"), e.toString());
      assertTrue(e.getMessage().contains("HDD open failed (test)"), e.toString());
    }
    assertEquals(1, registry.counter(ReadPathMetrics.ABORTED).getCount());
    assertEquals(List.of(), failures, "the cached copy is not blamed");
    assertFalse(entry.retired());
    assertDiskChecksOfHddVolume(0);
  }
}
