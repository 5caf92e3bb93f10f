package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.store.ReadBound;
import io.hdfslocalcache.time.FakeClock;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A streaming reader's read-aheads end with what it reads: closing the stream or moving it
 * elsewhere cancels the pages in flight (none is verified for nobody, none holds its buffer for the
 * stream's sake), and the stream still serves the right bytes after a seek.
 */
class ReadAheadCancelTest {
  private static final int PAGE = 1 << 20;
  private static final int PAGES = 8;

  @TempDir Path dir;

  /** Strict: every read on the I/O threads, where read-ahead runs; the clock never moves. */
  private CachedBlockFixture fixture() throws Exception {
    return new CachedBlockFixture(dir, PAGES * PAGE, PAGE, ReadBound.STRICT, new FakeClock(0));
  }

  /** Streams {@code pages} whole pages from the start, as BlockSender does, in 64 KB reads. */
  private static byte[] stream(InputStream data, int pages) throws Exception {
    byte[] read = new byte[pages * PAGE];
    for (int off = 0; off < read.length; off += 65536) {
      IOUtils.readFully(data, read, off, 65536);
    }
    return read;
  }

  @Test
  void close_pagesReadAheadInFlight_cancelled() throws Exception {
    try (CachedBlockFixture f = fixture()) {
      CachedBlockFixture.Streams s = f.open(0);
      stream(s.data(), 3);
      long started = f.stats.readAheadPages.getCount();
      assertTrue(started > 0, "the stream reads ahead");
      s.meta().close();
      s.data().close();
      // Pages 3 and 4 were in flight (read-ahead keeps 2), none served.
      assertEquals(2, f.stats.readAheadCancelled.getCount());
    }
  }

  @Test
  void skip_pagesReadAheadInFlight_cancelledAndTheNewPlaceServed() throws Exception {
    try (CachedBlockFixture f = fixture()) {
      byte[] plain = Files.readAllBytes(f.plainData);
      CachedBlockFixture.Streams s = f.open(0);
      try (InputStream meta = s.meta();
          InputStream data = s.data()) {
        assertArrayEquals(Arrays.copyOfRange(plain, 0, 3 * PAGE), stream(data, 3));
        IOUtils.skipFully(data, 2L * PAGE + 4096); // past what was read ahead
        byte[] got = new byte[65536];
        IOUtils.readFully(data, got, 0, got.length);
        assertEquals(2, f.stats.readAheadCancelled.getCount(), "cancelled at the read after");
        int at = 5 * PAGE + 4096;
        assertArrayEquals(Arrays.copyOfRange(plain, at, at + got.length), got);
      }
    }
  }

  @Test
  void stream_wholeBlockInOrder_nothingCancelled() throws Exception {
    try (CachedBlockFixture f = fixture()) {
      CachedBlockFixture.Streams s = f.open(0);
      try (InputStream meta = s.meta();
          InputStream data = s.data()) {
        stream(data, PAGES);
      }
      assertTrue(f.stats.readAheadPages.getCount() > 0);
      assertEquals(0, f.stats.readAheadCancelled.getCount());
    }
  }
}
