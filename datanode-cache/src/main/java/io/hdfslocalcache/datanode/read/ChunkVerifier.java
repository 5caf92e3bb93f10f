package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.metrics.CacheFailure;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.Checksum;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.util.DataChecksum;

/**
 * Checks a window of block data, on the heap or off it, against its cached checksums, chunk by
 * chunk; a mismatch names the first bad chunk's block offset, as Hadoop's own check does.
 *
 * <p>Why not always Hadoop's {@code DataChecksum.verifyChunkedSums(ByteBuffer, ByteBuffer, ...)}
 * (the same in 3.3.6, 3.4.2 and 3.5.0): for a heap window it is the best there is (libhadoop's CRC
 * on the array, else Java's on the array), and it is used. For a direct window it takes libhadoop's
 * CRC only if the checksums are in a direct buffer too (else libhadoop throws), and without
 * libhadoop it copies every chunk into an array first. On Java 9 and later, {@code java.util.zip}'s
 * CRC32 and CRC32C take a direct buffer in place ({@code Checksum.update(ByteBuffer)}, an
 * intrinsic): that is used, through a method handle, since this module compiles for Java 8. On Java
 * 8 the checksums are copied into a direct buffer and Hadoop's check runs (libhadoop's CRC if
 * loaded, else its chunk copy).
 *
 * <p>That direct buffer is taken from the DataNode's direct windows for the one check and given
 * back after it: a verifier lives for one pread or one page read ahead, and a buffer of its own per
 * verifier was direct memory that only the garbage collector freed, once per page streamed. Only
 * when the windows' bound is full is one allocated for the check and left to the collector.
 *
 * <p>One per thread: it holds a checksum object.
 */
final class ChunkVerifier {
  /** {@code Checksum.update(ByteBuffer)}: Java 9 and later; null on Java 8. */
  private static final MethodHandle UPDATE = byteBufferUpdate();

  /** {@code new java.util.zip.CRC32C()}: Java 9 and later; null on Java 8. */
  private static final MethodHandle NEW_CRC32C = crc32cConstructor();

  private final DataChecksum dc;

  /** java.util.zip's checksum of the type for direct windows; null: Hadoop's check instead. */
  private final Checksum inPlace;

  /** Where the Java 8 route takes the direct buffer for the checksums, for one check. */
  private final DirectWindows scratch;

  ChunkVerifier(DataChecksum dc, DirectWindows scratch) {
    this(dc, scratch, UPDATE != null);
  }

  /** {@code inPlace}: false forces the Java 8 route (tests), true is honoured on Java 9+ only. */
  ChunkVerifier(DataChecksum dc, DirectWindows scratch, boolean inPlace) {
    this.dc = dc;
    this.scratch = scratch;
    this.inPlace = inPlace && UPDATE != null ? javaChecksum(dc.getChecksumType()) : null;
  }

  /**
   * Checks {@code data}'s bytes from its position to its limit, the block's bytes from {@code
   * start}, against {@code sums} from index 0 (one checksum per chunk; more may follow). Leaves
   * {@code data}'s position and limit alone.
   */
  void verify(ByteBuffer data, byte[] sums, long start, String fileId) throws CacheException {
    try {
      if (data.hasArray()) {
        dc.verifyChunkedSums(data, ByteBuffer.wrap(sums), fileId, start);
      } else if (inPlace != null) {
        verifyInPlace(data.duplicate(), sums, start, fileId);
      } else {
        verifyWithDirectSums(data.duplicate(), sums, start, fileId);
      }
    } catch (ChecksumException e) {
      throw new CacheException(CacheFailure.CHECKSUM_MISMATCH, e.getMessage(), e);
    }
  }

  private void verifyInPlace(ByteBuffer d, byte[] sums, long start, String fileId)
      throws ChecksumException {
    int chunk = dc.getBytesPerChecksum();
    int from = d.position();
    int end = d.limit();
    for (int at = from, j = 0; at < end; at += chunk, j += 4) {
      d.limit(Math.min(end, at + chunk)); // the position is at: the last update left it there
      inPlace.reset();
      update(inPlace, d);
      int computed = (int) inPlace.getValue();
      int expected =
          (sums[j] << 24)
              | (sums[j + 1] & 0xff) << 16
              | (sums[j + 2] & 0xff) << 8
              | sums[j + 3] & 0xff;
      if (computed != expected) {
        long pos = start + (at - from);
        throw new ChecksumException(
            "Checksum "
                + dc.getChecksumType()
                + " not matched for file "
                + fileId
                + " at position "
                + pos
                + String.format(": expected=%X but computed=%X", expected, computed)
                + ", algorithm="
                + inPlace.getClass().getSimpleName(),
            pos);
      }
    }
  }

  /** Hadoop's check, with the checksums in a direct buffer taken for it (libhadoop needs that). */
  private void verifyWithDirectSums(ByteBuffer d, byte[] sums, long start, String fileId)
      throws ChecksumException {
    int chunk = dc.getBytesPerChecksum();
    int n = (d.remaining() + chunk - 1) / chunk * dc.getChecksumSize();
    ByteBuffer taken = scratch.take(n);
    try {
      ByteBuffer direct = taken.isDirect() ? taken : ByteBuffer.allocateDirect(n);
      direct.put(sums, 0, n).flip();
      dc.verifyChunkedSums(d, direct, fileId, start);
    } finally {
      scratch.give(taken); // read on this thread only, and done
    }
  }

  private static void update(Checksum c, ByteBuffer b) {
    try {
      UPDATE.invokeExact(c, b);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t); // update declares nothing checked
    }
  }

  /** The java.util.zip checksum of {@code type}, or null if it has none here. */
  private static Checksum javaChecksum(DataChecksum.Type type) {
    switch (type) {
      case CRC32:
        return new CRC32();
      case CRC32C:
        try {
          return NEW_CRC32C == null ? null : (Checksum) NEW_CRC32C.invoke();
        } catch (Throwable t) {
          throw new IllegalStateException(t); // a public no-argument constructor
        }
      default:
        return null; // NULL checks nothing; Hadoop's check says so
    }
  }

  private static MethodHandle crc32cConstructor() {
    try {
      return MethodHandles.publicLookup()
          .findConstructor(
              Class.forName("java.util.zip.CRC32C"), MethodType.methodType(void.class));
    } catch (ReflectiveOperationException e) {
      return null; // Java 8
    }
  }

  private static MethodHandle byteBufferUpdate() {
    try {
      return MethodHandles.publicLookup()
          .findVirtual(
              Checksum.class, "update", MethodType.methodType(void.class, ByteBuffer.class));
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return null; // Java 8
    }
  }

  /** True if direct windows are checked in place (Java 9+), for tests. */
  boolean checksInPlace() {
    return inPlace != null;
  }
}
