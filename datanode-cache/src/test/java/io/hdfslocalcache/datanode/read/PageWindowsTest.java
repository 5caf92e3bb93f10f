package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.settings.CacheTunables;
import java.io.InputStream;
import java.util.Arrays;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Windows end on chunk boundaries for every chunk size a fill accepts (512 B up to the page size):
 * a window ending mid-chunk checks part of a chunk against the whole chunk's CRC and fails on a
 * healthy SSD, dropping the copy and counting a directory error.
 */
class PageWindowsTest {
  private static final int[] PAGES = {64 << 10, 1 << 20, 4 << 20};

  @Test
  void windowEnd_everyChunkSizeUpToThePage_endsOnAChunkBoundaryOrTheBlockEnd() {
    for (int page : PAGES) {
      for (int chunk = 512; chunk <= page; chunk *= 2) {
        long length = 3L * page + 1000; // a last partial chunk
        for (int readahead = CacheTunables.INITIAL_READ_AHEAD_BYTES;
            readahead < page;
            readahead *= 2) {
          for (long pos : new long[] {0, 4095, 65536, 65536 + 100, page - 1, page + 12345}) {
            for (int want : new int[] {1, 4096, 65536, 200_000}) {
              long start = pos - pos % chunk;
              long end = PageWindows.windowEnd(start, pos, want, readahead, chunk, page, length);
              String at =
                  "page " + page + " chunk " + chunk + " readahead " + readahead + " pos " + pos;
              assertTrue(
                  (end - start) % chunk == 0 || end == length, at + ": window ends at " + end);
              assertTrue(end > pos && end - start <= page, at + ": window [" + start + ", " + end);
            }
          }
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {512, 4096, 8192, 16384, 65536})
  void read_chunkUpTo64kOn64kPages_streamPreadAndSeekVerifyEqualBytes(int chunk) throws Exception {
    readsVerify(64 << 10, chunk);
  }

  @ParameterizedTest
  @ValueSource(ints = {512, 8192, 65536, 1 << 20})
  void read_chunkUpToThePageOn1mPages_streamPreadAndSeekVerifyEqualBytes(int chunk)
      throws Exception {
    readsVerify(1 << 20, chunk);
  }

  /** A whole stream, 4 KB preads at and off chunk boundaries, and a seek then a stream. */
  private static void readsVerify(int page, int chunk) throws Exception {
    int length = 4 * page + 1000;
    StoredBlock b = new StoredBlock(length, page, chunk);
    assertArrayEquals(b.data, read(b, page, 0, length), "stream");
    for (long at : new long[] {65536, 65536 + 77, page + 4096, 3L * page - 100}) {
      assertArrayEquals(
          Arrays.copyOfRange(b.data, (int) at, (int) at + 4096),
          read(b, page, at, 4096),
          "pread at " + at);
    }
    int seekTo = length / 2 + 77; // off any chunk boundary
    try (InputStream in = b.session(page).openData(100)) {
      byte[] first = new byte[5000];
      IOUtils.readFully(in, first, 0, first.length);
      assertEquals(seekTo - 5100, in.skip(seekTo - 5100));
      byte[] after = new byte[length - seekTo];
      IOUtils.readFully(in, after, 0, after.length);
      assertArrayEquals(Arrays.copyOfRange(b.data, 100, 5100), first, "before the seek");
      assertArrayEquals(Arrays.copyOfRange(b.data, seekTo, length), after, "after the seek");
    }
  }

  private static byte[] read(StoredBlock b, int page, long at, int n) throws Exception {
    byte[] got = new byte[n];
    try (InputStream in = b.session(page).openData(at)) {
      IOUtils.readFully(in, got, 0, n);
    }
    return got;
  }
}
