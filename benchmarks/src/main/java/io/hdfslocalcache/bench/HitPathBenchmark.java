package io.hdfslocalcache.bench;

import io.hdfslocalcache.datanode.read.CachedBlockFixture;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
 * Reading one whole cached 128 MB block the way BlockSender does (per 64 KB packet: 512 bytes of
 * checksums, then 64 KB of data), through the cache's verified streams over Alluxio pages, against
 * the same bytes from plain local files (the physical limit on this machine; both warm in the OS
 * page cache). One op = one whole block.
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
    IOUtils.skipFully(meta, 7); // header, read once by BlockSender
    long sent = 0;
    for (long left = fixture.dataLength; left > 0; ) {
      int n = (int) Math.min(PACKET, left);
      IOUtils.readFully(meta, sums, 0, (n + 511) / 512 * 4);
      IOUtils.readFully(in, data, 0, n);
      sent += n + data[n - 1] + sums[0];
      left -= n;
    }
    return sent;
  }
}
