package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.metrics.CacheFailure;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Both routes a direct window is checked by: in place through {@code Checksum.update(ByteBuffer)}
 * (Java 9+, this JVM), and the Java 8 route (Hadoop's check on the window with the checksums copied
 * into a direct buffer), forced through the constructor; plus a heap window (Hadoop's own).
 */
class ChunkVerifierTest {
  private static final int CHUNK = 512;

  /** 40 whole chunks and a last short one; the window starts at this block offset. */
  private static final int LENGTH = 40 * CHUNK + 100;

  private static final long START = 7L * CHUNK * 1024;

  private final byte[] data = new byte[LENGTH];

  /** The direct windows the Java 8 route takes its checksum buffer from. */
  private final DirectWindows scratch =
      new DirectWindows(new WindowBuffers(), new AtomicLong(), 1 << 20);

  private ByteBuffer window(byte[] bytes, boolean direct) {
    // Not at position 0 of its buffer, as a view of a page window is not.
    ByteBuffer b =
        direct
            ? ByteBuffer.allocateDirect(bytes.length + 64)
            : ByteBuffer.allocate(bytes.length + 64);
    b.position(64);
    b.put(bytes);
    b.position(64);
    return b;
  }

  private byte[] sums(DataChecksum.Type type) {
    new Random(5).nextBytes(data);
    DataChecksum dc = DataChecksum.newDataChecksum(type, CHUNK);
    byte[] sums = new byte[(LENGTH + CHUNK - 1) / CHUNK * 4 + 8]; // more may follow
    dc.calculateChunkedSums(data, 0, LENGTH, sums, 0);
    return sums;
  }

  private ChunkVerifier verifier(DataChecksum.Type type, String route) {
    return new ChunkVerifier(
        DataChecksum.newDataChecksum(type, CHUNK), scratch, route.equals("inPlace"));
  }

  @ParameterizedTest
  @CsvSource({
    "CRC32C, inPlace, true",
    "CRC32C, java8, true",
    "CRC32, inPlace, true",
    "CRC32, java8, true",
    "CRC32C, inPlace, false"
  })
  void verify_intactWindow_passesAndLeavesItsPositionAndLimit(
      DataChecksum.Type type, String route, boolean direct) throws Exception {
    byte[] sums = sums(type);
    ByteBuffer w = window(data, direct);
    verifier(type, route).verify(w, sums, START, "f");
    assertEquals(64, w.position());
    assertEquals(64 + LENGTH, w.limit());
  }

  @ParameterizedTest
  @CsvSource({
    "CRC32C, inPlace, 0",
    "CRC32C, inPlace, 17",
    "CRC32C, inPlace, 40",
    "CRC32C, java8, 17",
    "CRC32C, java8, 40",
    "CRC32, inPlace, 17",
    "CRC32, java8, 17"
  })
  void verify_oneCorruptByte_mismatchAtItsChunksBlockOffset(
      DataChecksum.Type type, String route, int badChunk) throws Exception {
    byte[] sums = sums(type);
    byte[] corrupt = data.clone();
    corrupt[badChunk * CHUNK + Math.min(CHUNK, LENGTH - badChunk * CHUNK) / 2] ^= 4;
    CacheException e =
        assertThrows(
            CacheException.class,
            () -> verifier(type, route).verify(window(corrupt, true), sums, START, "f"));
    assertEquals(CacheFailure.CHECKSUM_MISMATCH, e.failure());
    ChecksumException cause = assertInstanceOf(ChecksumException.class, e.getCause());
    assertEquals(START + (long) badChunk * CHUNK, cause.getPos());
    assertTrue(e.getMessage().contains(" f "), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({"inPlace", "java8"})
  void verify_corruptChunkOutsideTheWindow_notLookedAt(String route) throws Exception {
    byte[] sums = sums(DataChecksum.Type.CRC32C);
    byte[] corrupt = data.clone();
    corrupt[LENGTH - 1] ^= 1; // in the last chunk, which the window below leaves out
    ByteBuffer w = window(corrupt, true);
    w.limit(w.position() + 40 * CHUNK);
    verifier(DataChecksum.Type.CRC32C, route).verify(w, sums, START, "f");
  }

  @org.junit.jupiter.api.Test
  void constructor_thisJvmAndTheJava8Seam_pickTheirRoutes() {
    DataChecksum dc = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, CHUNK);
    assertTrue(
        new ChunkVerifier(dc, scratch).checksInPlace(), "Java 9+ checks direct windows in place");
    assertFalse(new ChunkVerifier(dc, scratch, false).checksInPlace());
  }

  /**
   * A verifier lives for one pread or one page read ahead: on the Java 8 route each allocated a
   * direct buffer of its own for the checksums, freed only when the garbage collector ran.
   */
  @org.junit.jupiter.api.Test
  void verify_java8RouteOneVerifierPerPage_checksumBufferPooledNotAllocated() throws Exception {
    byte[] sums = sums(DataChecksum.Type.CRC32C);
    ByteBuffer w = window(data, true);
    BufferPoolMXBean direct =
        ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
            .filter(b -> b.getName().equals("direct"))
            .findFirst()
            .orElseThrow(AssertionError::new);
    long before = direct.getCount();
    for (int page = 0; page < 100; page++) {
      verifier(DataChecksum.Type.CRC32C, "java8").verify(w, sums, START, "f");
    }
    // (A collection meanwhile could only lower the count: it cannot hide a buffer per verifier.)
    assertTrue(direct.getCount() - before <= 1, (direct.getCount() - before) + " direct buffers");
    assertEquals(1, scratch.spares(), "one checksum buffer, back in the pool after each check");
  }

  @org.junit.jupiter.api.Test
  void verify_java8RouteDirectBoundFull_stillChecksAndKeepsTheBound() throws Exception {
    DirectWindows full = new DirectWindows(new WindowBuffers(), new AtomicLong(), 0);
    byte[] sums = sums(DataChecksum.Type.CRC32C);
    ChunkVerifier v =
        new ChunkVerifier(
            DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, CHUNK), full, false);
    v.verify(window(data, true), sums, START, "f");
    byte[] corrupt = data.clone();
    corrupt[3] ^= 1;
    assertThrows(CacheException.class, () -> v.verify(window(corrupt, true), sums, START, "f"));
    assertEquals(0, full.heldBytes());
    assertEquals(0, full.spares());
  }
}
