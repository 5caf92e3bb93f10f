package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.datanode.settings.CacheTunables;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.Test;

/**
 * What one 64 KB pread costs the SSD: BlockSender widens it to whole chunks (64 KB and one more
 * chunk at an unaligned offset), reads the checksums, then the data. Each store call is a hand-off
 * to the directory's I/O pool, the dominant cost of a pread from the page cache
 * (docs/benchmarks.md, hit path).
 */
class PreadStoreReadsTest {
  private static final int PAGE = 1 << 20;
  private static final int LENGTH = 8 * PAGE;

  @Test
  void pread64kAtUnalignedOffset_oneSliceOfMetaAndOneDataWindow() throws Exception {
    StoredBlock b = new StoredBlock(LENGTH, PAGE);
    pread(b, Runnable::run);
    assertEquals(
        List.of(".meta 4096", ".data " + CacheTunables.INITIAL_READ_AHEAD_BYTES),
        b.reads,
        "the meta stream's slice, then one data window verified against that same slice");
  }

  @Test
  void blockSenderOpen_headerThroughItsBufferedStream_noStoreCallBeforeTheOffset()
      throws Exception {
    StoredBlock b = new StoredBlock(LENGTH, PAGE);
    ReadSession session = b.session(PAGE);
    long start = 3L * PAGE + 100_352; // chunk-aligned
    try (InputStream metaIn = session.openMeta();
        InputStream dataIn = session.openData(start)) {
      // BlockSender's own calls: a 4 KB buffered stream, the header, a skip to the offset.
      DataInputStream checksumIn = new DataInputStream(new BufferedInputStream(metaIn, 4096));
      DataChecksum dc = BlockMetadataHeader.readDataChecksum(checksumIn, b.id);
      assertEquals(DataChecksum.Type.CRC32C, dc.getChecksumType());
      IOUtils.skipFully(checksumIn, start / 512 * 4);
      byte[] sums = new byte[128 * 4];
      IOUtils.readFully(checksumIn, sums, 0, sums.length);
      IOUtils.readFully(dataIn, new byte[65536], 0, 65536);
    }
    // Its buffer asks 4 KB from just past the header's 7 bytes: two slices, in one store call.
    assertEquals(
        List.of(".meta 8192", ".data " + CacheTunables.INITIAL_READ_AHEAD_BYTES),
        b.reads,
        "the header comes from memory: only the slices at the offset and the data window");
  }

  @Test
  void openMeta_readWhole_bytesOfTheFileHeaderIncluded() throws Exception {
    StoredBlock b = new StoredBlock(LENGTH, PAGE);
    byte[] got = new byte[b.meta.length];
    try (InputStream metaIn = b.session(PAGE).openMeta()) {
      IOUtils.readFully(metaIn, got, 0, got.length);
    }
    assertArrayEquals(b.meta, got);
  }

  @Test
  void pread_dataReadOnAnotherThreadThanMeta_loadsItsOwnSlice() throws Exception {
    StoredBlock b = new StoredBlock(LENGTH, PAGE);
    pread(
        b,
        r -> {
          Thread t = new Thread(r);
          t.start();
          try {
            t.join();
          } catch (InterruptedException e) {
            throw new AssertionError(e);
          }
        });
    assertEquals(
        List.of(".meta 4096", ".data " + CacheTunables.INITIAL_READ_AHEAD_BYTES, ".meta 4096"),
        b.reads,
        "the meta stream's window is not thread-safe: another thread never reads it");
  }

  /** BlockSender's pread: each packet's checksums, then its data ({@code dataOn} runs the read). */
  private static void pread(StoredBlock b, java.util.concurrent.Executor dataOn) throws Exception {
    ReadSession session = b.session(PAGE);

    long offset = 3 * PAGE + 100_000 + 77; // the client's
    long start = offset - offset % 512; // BlockSender's chunk-aligned range
    long end = (offset + 65536 + 511) / 512 * 512;
    byte[] got = new byte[(int) (end - start)];
    byte[] sums = new byte[got.length / 512 * 4];
    try (InputStream metaIn = session.openMeta();
        InputStream dataIn = session.openData(start)) {
      IOUtils.skipFully(metaIn, BlockMetadataHeader.getHeaderSize() + start / 512 * 4);
      for (int at = 0; at < got.length; at += 65536) { // 64 KB packets
        int n = Math.min(65536, got.length - at);
        IOUtils.readFully(metaIn, sums, at / 512 * 4, n / 512 * 4);
        int a = at;
        Throwable[] failed = {null};
        dataOn.execute(
            () -> {
              try {
                IOUtils.readFully(dataIn, got, a, n);
              } catch (Throwable t) {
                failed[0] = t;
              }
            });
        if (failed[0] != null) {
          throw new AssertionError(failed[0]);
        }
      }
    }
    assertArrayEquals(Arrays.copyOfRange(b.data, (int) start, (int) end), got);
    int sumsAt = BlockMetadataHeader.getHeaderSize() + (int) (start / 512 * 4);
    assertArrayEquals(Arrays.copyOfRange(b.meta, sumsAt, sumsAt + sums.length), sums);
  }
}
