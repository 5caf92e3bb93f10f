package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
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
import io.hdfslocalcache.datanode.store.KernelHungFile;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.store.PageStores;
import io.hdfslocalcache.datanode.store.ReadBound;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.time.CacheClock;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read timeout bounds a whole BlockSender read, not each of its two streams: once the session
 * fell back, neither stream waits on the cache again. Also: an interrupted reader (DataNode
 * stopping) neither drops the entry nor charges the directory, and keeps its interrupt flag.
 *
 * <p>No outcome here may hang on the machine's speed. The pool refuses an operation (BUSY) when
 * every thread it started is still alive and none is waiting for work, and under heavy load a
 * thread that finished its operation may not be waiting yet when the next one comes: so the pool
 * gets more threads than a test ever hands it operations (a thread is only started with one), the
 * cache is seeded below the pool, and the streams' waits are judged by the reads that reached the
 * hung disk, not by the wall clock. Only the reads of a hung disk may reach the read timeout: the
 * tests without one use a timeout no read reaches however slow the machine.
 */
class ReadSessionTimeoutTest {
  private static final int PAGE = 64 * 1024;
  private static final int LENGTH = 4 * PAGE;
  private static final Duration TIMEOUT = Duration.ofSeconds(1);

  /** For the tests whose disk never hangs: their reads must not time out on a loaded machine. */
  private static final Duration NEVER = Duration.ofMinutes(5);

  /**
   * Only keeps a broken build from hanging the suite: no outcome depends on the machine's speed.
   */
  private static final Duration SAFETY = Duration.ofSeconds(30);

  /** More than the page reads any test here hands the pool (checked after each test). */
  private static final int IO_THREADS = 32;

  @TempDir Path dir;

  private final byte[] data = new byte[LENGTH];
  private byte[] meta;
  private PageStore store;
  private CachedReplica entry;
  private ExtendedBlock block;
  private DirectoryHealth health;
  private final List<CacheFailure> failures = new CopyOnWriteArrayList<>();
  private final List<String> directoryErrors = new CopyOnWriteArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private volatile boolean hung;
  private final AtomicInteger storeReads = new AtomicInteger();
  private final AtomicInteger hungReads = new AtomicInteger();
  private PageStore alluxio;
  private ReadBound bound = ReadBound.STRICT;
  private final WindowBuffers buffers = new WindowBuffers();

  /** {@code maxErrors}: directory errors tolerated before the directory leaves service. */
  private void setUp(int maxErrors, Duration timeout) throws Exception {
    new Random(5).nextBytes(data);
    DataChecksum dc = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512);
    byte[] sums = new byte[LENGTH / 512 * 4];
    dc.calculateChunkedSums(data, 0, LENGTH, sums, 0);
    ByteArrayOutputStream m = new ByteArrayOutputStream();
    BlockMetadataHeader.writeHeader(new DataOutputStream(m), dc);
    m.write(sums);
    meta = m.toByteArray();

    Path ssd = dir.resolve("ssd");
    Files.createDirectories(ssd.resolve("LOCAL"));
    alluxio = PageStores.openAlluxio(ssd, 64L * PAGE, PAGE);
    PageStore hanging =
        new ForwardingPageStore(alluxio) {
          @Override
          public void read(String fileId, long pageIndex, int pageOffset, java.nio.ByteBuffer dst)
              throws CacheException {
            storeReads.incrementAndGet();
            try {
              if (hung) {
                hungReads.incrementAndGet();
                release.await();
              }
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            inner.read(fileId, pageIndex, pageOffset, dst);
          }
        };
    health =
        new DirectoryHealth(
            ssd,
            maxErrors,
            Duration.ofMinutes(1),
            CacheClock.SYSTEM,
            h -> directoryErrors.add(h.reason()));
    store =
        PageStores.wrap(
            hanging,
            ssd,
            health,
            timeout,
            IO_THREADS,
            CacheTunables.IO_SPIN_NANOS,
            0,
            "test",
            bound,
            CacheClock.SYSTEM,
            CacheFaultInjector.NONE);
    BlockId id = new BlockId("BP-1", 1073741825L);
    long gs = 1001;
    put(id.fileId(gs, BlockId.CacheFile.DATA), data);
    put(id.fileId(gs, BlockId.CacheFile.META), meta);
    entry =
        new CachedReplica(
            id,
            gs,
            0,
            LENGTH,
            meta.length,
            ChecksumLayout.of(dc, BlockMetadataHeader.getHeaderSize()),
            SegmentCrcs.of(meta),
            PAGE,
            true,
            new CacheDirectory(
                0,
                ssd,
                store,
                health,
                null,
                0,
                new SpaceBudget(store.capacityBytes()),
                FillMode.BLOCK),
            0,
            false);
    block = new ExtendedBlock(id.poolId(), id.blockId(), LENGTH, gs);
  }

  @AfterEach
  void tearDown() {
    release.countDown();
    assertTrue(storeReads.get() < IO_THREADS, storeReads + " page reads: raise IO_THREADS");
    if (store != null) {
      store.close();
    }
  }

  /** Straight into Alluxio: the reads are what this test is about. */
  private void put(String fileId, byte[] bytes) throws CacheException {
    for (int off = 0; off < bytes.length; off += PAGE) {
      alluxio.write(fileId, off / PAGE, bytes, off, Math.min(PAGE, bytes.length - off));
    }
  }

  /** The meta and data stream of one BlockSender; the HDD copy is in memory. */
  private InputStream[] open() throws Exception {
    ReadSession session = session();
    return new InputStream[] {session.openMeta(), session.openData(0)};
  }

  /** A pinned session on the entry, for one BlockSender; the HDD copy is in memory. */
  private ReadSession session() throws Exception {
    HddReplicas hdd = mock(HddReplicas.class);
    when(hdd.openData(any(), anyLong()))
        .thenAnswer(
            inv -> {
              InputStream in = new ByteArrayInputStream(data);
              IOUtils.skipFully(in, inv.getArgument(1, Long.class));
              return in;
            });
    when(hdd.openMeta(any()))
        .thenAnswer(inv -> new LengthInputStream(new ByteArrayInputStream(meta), meta.length));
    assertTrue(entry.pin());
    return new ReadSession(
        entry,
        block,
        hdd,
        new ReadPathStats(new MetricRegistry()),
        (e, x) -> failures.add(x.failure()),
        new ReadSettings(PAGE, 2, CacheTunables.INITIAL_READ_AHEAD_BYTES),
        (s, served, runs, hddBytes, from, to) -> {},
        buffers,
        CacheFaultInjector.NONE);
  }

  @Test
  void close_storeReadTimedOut_windowGivenBackOnlyWhenTheReadEnds() throws Exception {
    setUp(100, TIMEOUT);
    InputStream[] s = open();
    hung = true;
    byte[] got = new byte[PAGE];
    IOUtils.readFully(s[1], got, 0, PAGE); // times out, then comes from the HDD
    assertArrayEquals(Arrays.copyOfRange(data, 0, PAGE), got);
    s[0].close();
    s[1].close();
    // The hung read still holds the window and writes into it once released: no later stream
    // may verify its own bytes in it until then, and it still counts as held.
    assertEquals(0, buffers.windows().spares());
    assertEquals(PAGE, buffers.windows().heldBytes());

    release.countDown();
    awaitWindowBack();
    assertEquals(PAGE, buffers.windows().heldBytes(), "a spare, not garbage");
  }

  @Test
  void read_pageHungInTheKernel_servedFromTheHddAndItsWindowBackWhenTheReadEnds() throws Exception {
    try (KernelHungFile kernel = KernelHungFile.mount(dir, PAGE)) {
      setUp(100, TIMEOUT);
      Path page = dataPageFile(0);
      Files.delete(page);
      Files.createSymbolicLink(page, kernel.file()); // its reads now block in the kernel
      InputStream[] s = open();
      byte[] got = new byte[PAGE];
      assertTimeoutPreemptively(
          SAFETY, () -> IOUtils.readFully(s[1], got, 0, PAGE), "the reader must not wait");
      assertArrayEquals(Arrays.copyOfRange(data, 0, PAGE), got, "the HDD's bytes");
      assertEquals(List.of(CacheFailure.TIMEOUT), failures);
      kernel.awaitHeldReads(1); // the I/O thread is in the kernel still
      s[0].close();
      s[1].close();
      assertEquals(0, buffers.windows().spares());

      kernel.answer(); // zeros, written into the window after the stream gave up: never served
      awaitWindowBack();
    }
  }

  /** Waits for the stream's window to come back from the read that outlived it. */
  private void awaitWindowBack() {
    assertTimeoutPreemptively(
        SAFETY,
        () -> {
          while (buffers.windows().spares() == 0) {
            Thread.sleep(10);
          }
        },
        "the window comes back when the read ends");
    assertEquals(1, buffers.windows().spares());
  }

  private Path dataPageFile(long index) throws Exception {
    String fileId = entry.fileId(BlockId.CacheFile.DATA);
    try (Stream<Path> files = Files.walk(dir.resolve("ssd"))) {
      return files
          .filter(p -> p.getFileName().toString().equals(Long.toString(index)))
          .filter(p -> p.getParent().getFileName().toString().equals(fileId))
          .findFirst()
          .orElseThrow(AssertionError::new);
    }
  }

  @Test
  void close_healthyRead_windowBufferServesTheNextStream() throws Exception {
    setUp(100, NEVER);
    InputStream[] first = open();
    byte[] got = new byte[PAGE];
    IOUtils.readFully(first[1], got, 0, PAGE);
    first[0].close();
    first[1].close();
    assertEquals(1, buffers.windows().spares(), "the data window");
    assertEquals(1, buffers.spares(), "the data stream's meta window");

    InputStream[] second = open();
    IOUtils.skipFully(second[1], 2 * PAGE);
    IOUtils.readFully(second[1], got, 0, PAGE);

    assertEquals(0, buffers.spares()); // taken, not allocated afresh
    assertEquals(0, buffers.windows().spares());
    assertArrayEquals(Arrays.copyOfRange(data, 2 * PAGE, 3 * PAGE), got);
    assertEquals(List.of(), failures);
    second[0].close();
    second[1].close();
  }

  @Test
  void hungStore_metaAndDataStream_waitOneTimeoutBetweenThem() throws Exception {
    setUp(100, TIMEOUT); // the directory stays in service: its refusal would not wait
    InputStream[] s = open();
    hung = true;
    // BlockSender reads the meta header first: it times out, then comes from the HDD.
    byte[] header = new byte[BlockMetadataHeader.getHeaderSize()];
    IOUtils.readFully(s[0], header, 0, header.length);
    byte[] sums = new byte[meta.length - header.length];
    IOUtils.readFully(s[0], sums, 0, sums.length);
    byte[] got = new byte[LENGTH];
    IOUtils.readFully(s[1], got, 0, LENGTH); // must not wait on the cache again
    assertArrayEquals(data, got);
    assertArrayEquals(Arrays.copyOfRange(meta, 0, header.length), header);
    assertArrayEquals(Arrays.copyOfRange(meta, header.length, meta.length), sums);
    assertEquals(List.of(CacheFailure.TIMEOUT), failures);
    assertEquals(1, hungReads.get(), "reads that waited on the hung disk");
    s[0].close();
    s[1].close();
  }

  @Test
  void hungStore_dataOnlyStream_waitsOneTimeoutThenServesTheHdd() throws Exception {
    setUp(100, TIMEOUT); // the directory stays in service: its refusal would not wait
    // A client that asks for no checksums: the data stream alone, its checksums read by itself.
    InputStream in = session().openDataOnly(PAGE);
    hung = true;
    byte[] got = new byte[LENGTH - PAGE];
    IOUtils.readFully(in, got, 0, got.length);
    assertArrayEquals(Arrays.copyOfRange(data, PAGE, LENGTH), got);
    assertEquals(List.of(CacheFailure.TIMEOUT), failures);
    assertEquals(1, hungReads.get(), "reads that waited on the hung disk");
    in.close();
  }

  @Test
  void readerInterrupted_keepsEntryAndDirectoryAndItsInterrupt() throws Exception {
    setUp(0, NEVER); // one directory error would take it out of service: the test sees every one
    InputStream[] s = open();
    byte[] header = new byte[BlockMetadataHeader.getHeaderSize()];
    IOUtils.readFully(s[0], header, 0, header.length);
    hung = true; // the disk is still busy when the reader sees its interrupt (no wall-clock wait)
    Thread.currentThread().interrupt(); // the DataNode stopping interrupts its readers
    byte[] got = new byte[LENGTH];
    try {
      IOUtils.readFully(s[1], got, 0, LENGTH);
      assertTrue(Thread.interrupted(), "the interrupt flag is kept");
    } finally {
      Thread.interrupted();
    }
    assertArrayEquals(data, got);
    assertEquals(List.of(CacheFailure.INTERRUPTED), failures);
    assertFalse(CacheFailure.INTERRUPTED.dropsEntry);
    assertEquals(List.of(), directoryErrors);
    assertTrue(health.inService());
    s[0].close();
    s[1].close();
  }
}
