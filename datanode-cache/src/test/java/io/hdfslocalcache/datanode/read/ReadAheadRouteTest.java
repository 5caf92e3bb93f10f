package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.store.ReadBound;
import io.hdfslocalcache.metrics.ReadRoute;
import io.hdfslocalcache.time.FakeClock;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A streaming reader reads pages ahead on the I/O threads only while the directory's reads go
 * there: with reads on its own thread there is no hand-off to hide.
 */
class ReadAheadRouteTest {
  private static final int PAGE = 1 << 20;

  @TempDir Path dir;

  /** What a whole-block stream read ahead, and the route its directory was on at the end. */
  private static final class Streamed {
    final long readAheadPages;
    final ReadRoute routeAfter;

    Streamed(long readAheadPages, ReadRoute routeAfter) {
      this.readAheadPages = readAheadPages;
      this.routeAfter = routeAfter;
    }
  }

  /** On a fake clock nobody moves, so how busy the machine is cannot change the route. */
  private Streamed streamWholeBlock(ReadBound bound) throws Exception {
    try (CachedBlockFixture f =
        new CachedBlockFixture(
            dir.resolve(bound.name()), 8 * PAGE, PAGE, bound, new FakeClock(0))) {
      CachedBlockFixture.Streams s = f.open(0);
      byte[] read = new byte[8 * PAGE];
      try (InputStream meta = s.meta();
          InputStream data = s.data()) {
        for (int off = 0; off < read.length; off += 65536) {
          IOUtils.readFully(data, read, off, 65536);
        }
      }
      assertArrayEquals(Files.readAllBytes(f.plainData), read);
      return new Streamed(f.stats.readAheadPages.getCount(), f.readRoute());
    }
  }

  @Test
  void stream_readsOnCallerThread_noReadAhead() throws Exception {
    Streamed s = streamWholeBlock(ReadBound.ADAPTIVE);
    // On a clock that stands still no page read is slow, however loaded the machine: the
    // directory's reads stay on the caller's thread.
    assertEquals(ReadRoute.CALLER, s.routeAfter);
    assertEquals(0, s.readAheadPages);
  }

  @Test
  void stream_readsOnIoThreads_readsAhead() throws Exception {
    assertTrue(streamWholeBlock(ReadBound.STRICT).readAheadPages > 0);
  }
}
