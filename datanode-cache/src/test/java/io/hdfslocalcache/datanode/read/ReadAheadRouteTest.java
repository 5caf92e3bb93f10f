package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.store.ReadBound;
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

  private long streamWholeBlock(ReadBound bound) throws Exception {
    try (CachedBlockFixture f =
        new CachedBlockFixture(dir.resolve(bound.name()), 8 * PAGE, PAGE, bound)) {
      CachedBlockFixture.Streams s = f.open(0);
      byte[] read = new byte[8 * PAGE];
      try (InputStream meta = s.meta();
          InputStream data = s.data()) {
        for (int off = 0; off < read.length; off += 65536) {
          IOUtils.readFully(data, read, off, 65536);
        }
      }
      assertArrayEquals(Files.readAllBytes(f.plainData), read);
      return f.stats.readAheadPages.getCount();
    }
  }

  @Test
  void stream_readsOnCallerThread_noReadAhead() throws Exception {
    assertEquals(0, streamWholeBlock(ReadBound.ADAPTIVE));
  }

  @Test
  void stream_readsOnIoThreads_readsAhead() throws Exception {
    assertTrue(streamWholeBlock(ReadBound.STRICT) > 0);
  }
}
