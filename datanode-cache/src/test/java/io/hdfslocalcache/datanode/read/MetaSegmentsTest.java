package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hdfslocalcache.datanode.block.MetaSegments;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.metrics.CacheFailure;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Verified meta windows sized to the reader: a pread loads the one slice it needs, a stream grows
 * its windows to 16 slices, and every slice loaded is checked against its fill-time CRC.
 */
class MetaSegmentsTest {
  /** 16 MB of data in 512-byte chunks: 7 + 131,072 bytes of meta, 33 slices. */
  private static final int DATA = 16 * 1024 * 1024;

  private static final int META = 7 + DATA / 512 * 4;

  private StoredBlock block;

  private MetaSegments segments(int pageSize) {
    block = new StoredBlock(DATA, pageSize);
    return new MetaSegments(block.entry, pageSize);
  }

  private void read(MetaSegments s, long pos, int len) throws CacheException {
    byte[] got = new byte[len];
    s.read(pos, got, 0, len);
    assertArrayEquals(Arrays.copyOfRange(block.meta, (int) pos, (int) pos + len), got);
  }

  @Test
  void read_checksumsOfOnePread_loadsOnlyTheSliceHoldingThem() throws Exception {
    MetaSegments s = segments(1 << 20);
    long pos = 7 + 5_000_000L / 512 * 4; // a 64 KB pread's checksums, 516 bytes
    read(s, pos, 516);
    read(s, pos + 516, 4);
    assertEquals(List.of(".meta 4096"), block.reads);
  }

  @Test
  void read_wholeMetaInPackets_windowsDoubleUpToSixteenSlices() throws Exception {
    MetaSegments s = segments(1 << 20);
    read(s, 0, 7);
    for (long pos = 7; pos < META; pos += 512) {
      read(s, pos, (int) Math.min(512, META - pos));
    }
    assertEquals(
        List.of(
            ".meta 4096",
            ".meta 8192",
            ".meta 16384",
            ".meta 32768",
            ".meta 65536",
            ".meta " + (META - 126976)),
        block.reads);
  }

  @Test
  void read_afterAJump_startsSmallAgain() throws Exception {
    MetaSegments s = segments(1 << 20);
    for (long pos = 7; pos < 20_000; pos += 512) {
      read(s, pos, 512);
    }
    block.reads.clear();
    read(s, 100_000, 512);
    assertEquals(List.of(".meta 4096"), block.reads);
  }

  @Test
  void read_rangeAcrossAPageBoundary_readsEachPageSeparately() throws Exception {
    MetaSegments s = segments(64 * 1024);
    read(s, 64 * 1024 - 300, 600);
    assertEquals(
        List.of(".meta 4096", ".meta 8192"), block.reads, "the first window stops at the page end");
  }

  @Test
  void read_sliceCorruptOnTheSsd_checksumMismatchBeforeAnyByteIsUsed() throws Exception {
    MetaSegments s = segments(1 << 20);
    byte[] bad = block.meta.clone();
    bad[3 * 4096 + 10] ^= 1;
    block.storeMeta(bad, 1 << 20);
    read(s, 2 * 4096, 512); // slice 2 is intact
    byte[] got = new byte[512];
    CacheException e =
        assertThrows(CacheException.class, () -> s.read(3 * 4096, got, 0, got.length));
    assertEquals(CacheFailure.CHECKSUM_MISMATCH, e.failure());
    assertArrayEquals(new byte[512], got, "nothing of the bad slice was copied");
  }
}
