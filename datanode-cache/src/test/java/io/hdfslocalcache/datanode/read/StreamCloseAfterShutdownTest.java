package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DataNode shutdown interrupts the DataXceivers but does not wait for them before it shuts the
 * dataset down, which closes the cache's stores: a reader may close its streams after that. Closing
 * a stream must not throw where stock HDFS would not, even when the reader held the last pin of an
 * entry retired meanwhile (its pages' deletes find the store closed).
 */
class StreamCloseAfterShutdownTest {
  @TempDir Path dir;

  @Test
  void close_lastPinOfRetiredEntryAfterStoreClosed_doesNotThrow() throws Exception {
    CachedBlockFixture f = new CachedBlockFixture(dir, 3 * 65536 + 100, 65536);
    CachedBlockFixture.Streams s = f.open(0);
    byte[] b = new byte[4096];
    s.data.read(b, 0, b.length);
    f.entry.retire(); // invalidated while the reader reads: its pages go at its last close
    f.close(); // the dataset's shutdown closes the cache
    s.meta.close();
    assertDoesNotThrow(s.data::close);
  }
}
