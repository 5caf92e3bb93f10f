package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.CacheLifecycle;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DataNode stopped while clients stream cached blocks from a slow (not failing) SSD: the readers
 * it interrupts must neither drop their entries nor count against the directory, so after the
 * restart every block is served again from the cache without a refill.
 */
class RollingRestartIT {
  private static final int FILES = 40;
  private static final int READERS = 30;

  @TempDir Path base;
  CacheCluster c;

  @AfterEach
  void stop() {
    if (c != null) {
      c.close();
    }
  }

  private static org.apache.hadoop.fs.Path file(int i) {
    return new org.apache.hadoop.fs.Path("/rolling-" + i + ".bin");
  }

  @Test
  void stopUnderSlowReads_entriesKeptAndDirectoryInService() throws Exception {
    Configuration conf = CacheCluster.conf(base);
    // Reads wait on the held SSD until the stop interrupts them: never for the read timeout.
    conf.set(CacheKeys.READ_TIMEOUT, "5m");
    c = CacheCluster.start(conf, 1);
    List<byte[]> data = new ArrayList<>();
    for (int i = 0; i < FILES; i++) {
      data.add(c.write(file(i), CacheCluster.BLOCK, (short) 1, i));
    }
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < FILES; i++) {
        c.readAll(file(i));
      }
    }
    for (int i = 0; i < FILES; i++) {
      c.awaitCached(file(i));
    }
    CacheLifecycle before = c.cache(0);
    assertEquals(FILES, before.cachedBlocks());

    AtomicInteger inSlowRead = new AtomicInteger();
    CountDownLatch slowSsd = new CountDownLatch(1);
    c.faults()
        .set(
            new CacheFaultInjector() {
              @Override
              public void beforePageRead(String fileId, long page) throws InterruptedIOException {
                inSlowRead.incrementAndGet();
                try {
                  slowSsd.await(); // a slow SSD: it answers after the DataNode stopped
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt(); // as an interrupted FileChannel read fails
                  throw new InterruptedIOException("page read interrupted");
                } finally {
                  inSlowRead.decrementAndGet();
                }
              }
            });
    AtomicBoolean run = new AtomicBoolean(true);
    List<Thread> readers = new ArrayList<>();
    for (int r = 0; r < READERS; r++) {
      Thread t =
          new Thread(
              () -> {
                while (run.get()) {
                  try {
                    c.readAll(file(ThreadLocalRandom.current().nextInt(FILES)));
                  } catch (Exception e) {
                    // the DataNode went away under this read
                  }
                }
              },
              "rolling-reader-" + r);
      t.setDaemon(true);
      t.start();
      readers.add(t);
    }
    CacheCluster.await("readers waiting on the SSD", () -> inSlowRead.get() >= READERS / 2);

    DataNodeProperties props = c.cluster.stopDataNode(0);
    run.set(false);
    slowSsd.countDown();
    c.faults().set(null);
    long timeouts = before.metrics().counter("read.fallback.timeout").getCount();
    long ioErrors = before.metrics().counter("read.fallback.io_error").getCount();
    long inService = CacheCluster.gauge(before, DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE));

    c.cluster.restartDataNode(props, false);
    c.cluster.waitActive();
    for (Thread t : readers) {
      t.join(30_000);
    }
    CacheLifecycle after = c.cache(0);
    long restored = after.cachedBlocks();
    assertTrue(restored >= FILES * 99 / 100.0, restored + " of " + FILES + " entries restored");
    for (int i = 0; i < FILES; i++) {
      assertArrayEquals(data.get(i), c.readAll(file(i)));
    }
    assertEquals(0, after.metrics().counter("fill.completed").getCount(), "no refill");
    assertTrue(after.metrics().counter(ReadPathMetrics.HITS).getCount() >= FILES);
    assertEquals(1, CacheCluster.gauge(after, DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE)));
    assertEquals(0, timeouts, "an interrupted read is no timeout");
    assertEquals(
        0, ioErrors, "the cache's I/O threads are not interrupted with the DataNode's readers");
    assertEquals(1, inService);
  }
}
