package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.FillOutcome;
import io.hdfslocalcache.metrics.InvalidationMetrics;
import io.hdfslocalcache.metrics.MetricFamily;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options.ChecksumOpt;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Blocks written with every checksum chunk size from 512 B to the page ({@code
 * dfs.bytes-per-checksum}), read through a real DataNode: a stream, preads on no chunk boundary and
 * seeks are all served from the SSD with the bytes written, no fallback, no dropped copy and the
 * directory in service, to a client that verifies checksums and to one that asks for none; in each
 * fill mode the build runs it in (the pom's block-fill-mode execution runs it again). The pages are
 * 1 MB, the default: a read's windows span 68 KB of read-ahead, doubling as it goes on, which is
 * not whole chunks of 8 KB to 512 KB, and only a page larger than 64 KB lets a window end there (64
 * KB pages cap it on a chunk boundary). Ending mid-chunk, a window failed verification on a healthy
 * SSD: without PageWindows.windowEnd's rounding the cases 8192 to 524288 fail here, and past
 * dir.max.errors the directory leaves service. A chunk larger than the page is refused by the fill
 * and read from the HDD.
 */
class ChecksumChunkSizeIT {
  private static final int PAGE = 1024 * 1024;

  /** Small blocks, so each file is two: the second ends on no page or chunk boundary. */
  private static final int BLOCK = 4 * PAGE;

  private static final int LENGTH = BLOCK + PAGE + PAGE / 2 + 12_345;

  /** Where 4 KB preads start: odd, so on no chunk boundary; across a page and a block end too. */
  private static final int[] PREADS = {
    5,
    4_097,
    69_633,
    100_001,
    PAGE - 2_049,
    PAGE + 65_537,
    BLOCK - 1_001,
    BLOCK + PAGE + 7,
    LENGTH - 4_096
  };

  /** Seeks of one open stream and what is read after each: back, forth, across the block end. */
  private static final int[][] SEEKS = {
    {LENGTH - 5_003, 5_003},
    {1_234_567, 100_000},
    {77, 200_000},
    {BLOCK - 50_001, 100_000},
    {PAGE + 3, 8_191}
  };

  @TempDir static Path base;
  static CacheCluster c;

  @BeforeAll
  static void start() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    conf.set(CacheKeys.PAGE_SIZE, "1m");
    conf.set(CacheKeys.CAPACITY, "128m");
    c = CacheCluster.start(conf, 1);
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  @ParameterizedTest(name = "bytes-per-checksum {0}")
  @ValueSource(
      ints = {512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576})
  void streamPreadsAndSeeks_cachedWithChunkUpToThePage_allHitsWithTheBytesWritten(
      int bytesPerChecksum) throws Exception {
    // A case before this one may have taken it out of service (more than dir.max.errors)
    assertEquals(1, inService(), "the directory is in service before the case");
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/chunk-" + bytesPerChecksum);
    byte[] data = write(p, bytesPerChecksum);
    c.readAll(p); // counted, not admitted
    c.readAll(p); // admitted: fills the whole file, in either mode
    c.awaitCached(p);
    awaitFillsIdle();
    Map<String, Long> misses = counts();
    long hits = c.counter(ReadPathMetrics.HITS);

    assertArrayEquals(data, c.readAll(p), "stream");
    for (int at : PREADS) {
      assertArrayEquals(
          Arrays.copyOfRange(data, at, at + 4096), c.pread(p, at, 4096), "pread at " + at);
    }
    assertArrayEquals(
        Arrays.copyOfRange(data, 60_001, 360_001), c.pread(p, 60_001, 300_000), "long pread");
    try (FSDataInputStream in = c.fs.open(p)) {
      for (int[] s : SEEKS) {
        byte[] got = new byte[s[1]];
        in.seek(s[0]);
        in.readFully(got);
        assertArrayEquals(Arrays.copyOfRange(data, s[0], s[0] + s[1]), got, "seek to " + s[0]);
      }
    }
    // A client that asks for no checksums: BlockSender starts at a 512-byte boundary, on no chunk
    // boundary of the larger chunks, with no meta stream; the cached windows are verified still.
    try (FileSystem unverified = FileSystem.newInstance(c.fs.getUri(), c.fs.getConf())) {
      unverified.setVerifyChecksum(false);
      try (FSDataInputStream in = unverified.open(p)) {
        byte[] all = new byte[LENGTH];
        org.apache.hadoop.io.IOUtils.readFully(in, all, 0, LENGTH);
        assertArrayEquals(data, all, "stream, no checksums");
        for (int at : PREADS) {
          byte[] got = new byte[4096];
          in.readFully(at, got);
          assertArrayEquals(
              Arrays.copyOfRange(data, at, at + 4096), got, "pread at " + at + ", no checksums");
        }
      }
    }

    assertEquals(misses, counts(), "no HDD byte, no fallback, no copy dropped");
    assertEquals(1, inService(), "the directory stays in service");
    // 2 blocks by stream, 9 preads (1 across the block end), 1 long pread, 5 seeks (1 across);
    // without checksums 2 blocks and 9 preads again
    assertTrue(c.counter(ReadPathMetrics.HITS) - hits >= 2 + 10 + 1 + 6 + 2 + 10, "hits");
    c.fs.delete(p, false);
  }

  @Test
  void fill_chunkLargerThanThePage_refusedAndReadFromTheHdd() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/chunk-over-page");
    String unsupported = MetricFamily.member(FillMetrics.OUTCOME, FillOutcome.UNSUPPORTED);
    long refused = c.counter(unsupported);
    byte[] data = write(p, 2 * PAGE);
    c.readAll(p);
    c.readAll(p); // admitted: the fills are refused
    CacheCluster.await("fills refused", () -> c.counter(unsupported) - refused >= 2);
    awaitFillsIdle();
    long hits = c.counter(ReadPathMetrics.HITS);
    long hdd = c.counter(ReadPathMetrics.BYTES_HDD);

    assertArrayEquals(data, c.readAll(p));
    assertArrayEquals(Arrays.copyOfRange(data, 69_633, 73_729), c.pread(p, 69_633, 4096));
    assertEquals(hits, c.counter(ReadPathMetrics.HITS), "nothing served from the SSD");
    assertTrue(c.counter(ReadPathMetrics.BYTES_HDD) - hdd >= LENGTH, "all from the HDD");
    assertFalse(c.blocks(p).stream().anyMatch(c.cache(0)::isCached), "nothing cached");
    assertEquals(1, inService(), "the directory stays in service");
    c.fs.delete(p, false);
  }

  /** {@link #LENGTH} random bytes in {@link #BLOCK} blocks of {@code bytesPerChecksum} chunks. */
  private static byte[] write(org.apache.hadoop.fs.Path p, int bytesPerChecksum) throws Exception {
    byte[] data = CacheCluster.bytes(LENGTH, bytesPerChecksum);
    try (FSDataOutputStream out =
        c.fs.create(
            p,
            FsPermission.getFileDefault(),
            EnumSet.of(CreateFlag.CREATE, CreateFlag.OVERWRITE),
            4096,
            (short) 1,
            BLOCK,
            null,
            new ChecksumOpt(DataChecksum.Type.CRC32C, bytesPerChecksum))) {
      out.write(data);
    }
    assertEquals(bytesPerChecksum, c.fs.getFileChecksum(p).getChecksumOpt().getBytesPerChecksum());
    return data;
  }

  private static void awaitFillsIdle() throws Exception {
    CacheCluster.await(
        "fills idle",
        () ->
            CacheCluster.gauge(c.cache(0), FillMetrics.QUEUE_DEPTH) == 0
                && CacheCluster.gauge(c.cache(0), FillMetrics.ACTIVE) == 0);
  }

  private static long inService() {
    return CacheCluster.gauge(c.cache(0), DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE));
  }

  /** The counters a hit moves none of: HDD bytes, fallbacks by cause, copies dropped on a read. */
  private static Map<String, Long> counts() {
    List<String> names =
        new ArrayList<>(
            List.of(
                ReadPathMetrics.MISSES,
                ReadPathMetrics.BYTES_HDD,
                ReadPathMetrics.BYTES_FALLBACK_HDD,
                ReadPathMetrics.BYTES_UNCACHED_HDD,
                ReadPathMetrics.ABORTED,
                ReadPathMetrics.STALE_ENTRIES,
                MetricFamily.member(
                    InvalidationMetrics.INVALIDATIONS, InvalidationCause.READ_FAILURE)));
    for (CacheFailure f : CacheFailure.values()) {
      names.add(MetricFamily.member(ReadPathMetrics.FALLBACK, f));
    }
    Map<String, Long> out = new TreeMap<>();
    for (String n : names) {
      out.put(n, c.counter(n));
    }
    return out;
  }
}
