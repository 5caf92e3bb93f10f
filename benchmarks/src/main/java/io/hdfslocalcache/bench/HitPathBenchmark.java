package io.hdfslocalcache.bench;

import io.hdfslocalcache.datanode.read.CachedBlockFixture;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.DataChecksum;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reading a cached 128 MB block the way BlockSender does (per 64 KB packet: 512 bytes of checksums,
 * then 64 KB of data), through the cache's verified streams over Alluxio pages, against the same
 * bytes from plain local files (the physical limit on this machine; both warm in the OS page
 * cache). Two shapes: a whole-block stream (one op = the whole block) and 64 KB preads at random
 * offsets (one op = {@link #PREADS_PER_OP} preads, each a BlockSender of its own: streams opened at
 * the offset, the chunk-aligned range sent, streams closed).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx2g"})
@State(Scope.Benchmark)
public class HitPathBenchmark {
  static final int PACKET = 64 * 1024;
  static final int SUMS_PER_PACKET = PACKET / 512 * 4;

  /** A client pread's length. */
  static final int PREAD = 64 * 1024;

  /** Preads per op: 16 MB, so an op lasts milliseconds, not microseconds. */
  static final int PREADS_PER_OP = 256;

  private Path dir;
  private CachedBlockFixture fixture;
  private final byte[] data = new byte[PACKET];
  private final byte[] sums = new byte[SUMS_PER_PACKET];

  private byte[] blockBytes;
  private byte[] metaBytes;
  private final DataChecksum crc32c = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512);

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    dir = Files.createTempDirectory("hitpath");
    fixture = new CachedBlockFixture(dir, 128 << 20, 1 << 20);
    blockBytes = Files.readAllBytes(fixture.plainData);
    metaBytes = Files.readAllBytes(fixture.plainMeta);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    fixture.close();
    try (var s = Files.walk(dir)) {
      s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Benchmark
  public long cachedVerified() throws IOException {
    return cachedVerified(fixture, data, sums);
  }

  @Benchmark
  public long plainFile() throws IOException {
    return plainFile(fixture, data, sums);
  }

  @Benchmark
  public long cachedPreads() throws IOException {
    return cachedPreads(fixture, data, sums);
  }

  @Benchmark
  public long plainPreads() throws IOException {
    return plainPreads(fixture, data, sums);
  }

  static long cachedVerified(CachedBlockFixture fixture, byte[] data, byte[] sums)
      throws IOException {
    return send(fixture, fixture.open(0), data, sums);
  }

  /** {@code readAheadPages} as the config key {@code read.ahead.pages} would set it. */
  static long cachedVerified(
      CachedBlockFixture fixture, byte[] data, byte[] sums, int readAheadPages) throws IOException {
    return send(fixture, fixture.open(0, readAheadPages), data, sums);
  }

  private static long send(
      CachedBlockFixture fixture, CachedBlockFixture.Streams s, byte[] data, byte[] sums)
      throws IOException {
    try (InputStream meta = s.meta();
        InputStream in = s.data()) {
      return sendLikeBlockSender(fixture, meta, in, data, sums);
    }
  }

  static long plainFile(CachedBlockFixture fixture, byte[] data, byte[] sums) throws IOException {
    try (InputStream meta = new FileInputStream(fixture.plainMeta.toFile());
        InputStream in = new FileInputStream(fixture.plainData.toFile())) {
      return sendLikeBlockSender(fixture, meta, in, data, sums);
    }
  }

  /** {@link #PREADS_PER_OP} preads of the cached copy, each through a session of its own. */
  static long cachedPreads(CachedBlockFixture fixture, byte[] data, byte[] sums)
      throws IOException {
    long sent = 0;
    for (int i = 0; i < PREADS_PER_OP; i++) {
      long start = preadStart(fixture);
      CachedBlockFixture.Streams s = fixture.open(start);
      try (InputStream meta = s.meta();
          InputStream in = s.data()) {
        sent += sendRange(meta, in, start, preadEnd(fixture, start), data, sums);
      }
    }
    return sent;
  }

  /**
   * The same preads of the plain files, through the streams BlockSender gets for a replica on a
   * volume: the block file opened and positioned at the offset (FsDatasetImpl's openAndSeek), the
   * meta file opened from its start.
   */
  static long plainPreads(CachedBlockFixture fixture, byte[] data, byte[] sums) throws IOException {
    long sent = 0;
    for (int i = 0; i < PREADS_PER_OP; i++) {
      long start = preadStart(fixture);
      try (RandomAccessFile raf = new RandomAccessFile(fixture.plainData.toFile(), "r")) {
        raf.seek(start);
        try (InputStream meta = new FileInputStream(fixture.plainMeta.toFile());
            InputStream in = new FileInputStream(raf.getFD())) {
          sent += sendRange(meta, in, start, preadEnd(fixture, start), data, sums);
        }
      }
    }
    return sent;
  }

  /**
   * Where BlockSender starts a 64 KB pread at a random offset: the chunk holding it (the range it
   * sends is whole chunks).
   */
  private static long preadStart(CachedBlockFixture fixture) {
    long off = ThreadLocalRandom.current().nextLong(fixture.dataLength - PREAD);
    return off - off % 512;
  }

  /** The end of the chunks covering a pread that BlockSender started at {@code start}. */
  private static long preadEnd(CachedBlockFixture fixture, long start) {
    long off = start + ThreadLocalRandom.current().nextInt(512);
    return Math.min(fixture.dataLength, (off + PREAD + 511) / 512 * 512);
  }

  /** The verification alone: chunk CRC32C of the whole block from memory, as the cache does it. */
  @Benchmark
  public long verifyOnly() throws IOException {
    for (int off = 0; off < blockBytes.length; off += PACKET) {
      int n = Math.min(PACKET, blockBytes.length - off);
      crc32c.verifyChunkedSums(
          ByteBuffer.wrap(blockBytes, off, n),
          ByteBuffer.wrap(metaBytes, 7 + off / 512 * 4, (n + 511) / 512 * 4),
          "blk",
          off);
    }
    return blockBytes.length;
  }

  private static long sendLikeBlockSender(
      CachedBlockFixture fixture, InputStream meta, InputStream in, byte[] data, byte[] sums)
      throws IOException {
    return sendRange(meta, in, 0, fixture.dataLength, data, sums);
  }

  /**
   * Sends data {@code [start, end)} (chunk-aligned start) as BlockSender does: the meta stream
   * wrapped in a 4 KB buffered stream (io.file.buffer.size), its header read through it and the
   * checksums before {@code start} skipped, then per 64 KB packet its checksums and its data;
   * {@code in} is already at {@code start}.
   */
  private static long sendRange(
      InputStream metaIn, InputStream in, long start, long end, byte[] data, byte[] sums)
      throws IOException {
    DataInputStream meta = new DataInputStream(new BufferedInputStream(metaIn, 4096));
    BlockMetadataHeader.readDataChecksum(meta, "blk");
    IOUtils.skipFully(meta, start / 512 * 4);
    long sent = 0;
    for (long left = end - start; left > 0; ) {
      int n = (int) Math.min(PACKET, left);
      IOUtils.readFully(meta, sums, 0, (n + 511) / 512 * 4);
      IOUtils.readFully(in, data, 0, n);
      sent += n + data[n - 1] + sums[0];
      left -= n;
    }
    return sent;
  }
}
