package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.DecisionParityTest.Checksums;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.hdd.FakeReplicas;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.shadow.TallyTap;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.time.FakeClock;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.test.GenericTestUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data-only session (a client that asks for no checksums) against what changes its block or the
 * reads around it, on the DataNode as it wires itself: a BlockSender that failed between its meta
 * and data opens on the same thread, an invalidation mid-read, a stream closed twice beside another
 * reader of the block, and the cache closed under the reader (DataNode shutdown).
 */
class DataOnlySessionTest {
  private static final String POOL = "BP-dataonly";
  private static final int PAGE = 64 * 1024;
  private static final int LENGTH = 3 * PAGE + 1000;
  private static final long ID = 1_073_741_900L;

  @TempDir Path root;
  private final FakeClock clock = new FakeClock(1_700_000_000_000L).sleepsMoveNoTime();
  private final FakeReplicas hdd = new FakeReplicas();
  private final MetricRegistry registry = new MetricRegistry();
  private final TallyTap tally = new TallyTap();
  private CacheWiring wiring;
  private CacheLifecycle cache;
  private byte[] data;

  /** Opens the cache (threshold 1, block fills) and caches block {@link #ID}. */
  private void openWithCachedBlock() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(CacheKeys.DIRS, CacheDirMarker.create(root.resolve("c")).toString());
    conf.set(CacheKeys.CAPACITY, "4m");
    conf.set(CacheKeys.PAGE_SIZE, "64k");
    conf.set(CacheKeys.FILL_MODE, "block");
    conf.setBoolean(CacheKeys.FILL_GUARD, false);
    conf.set(CacheKeys.ADMISSION_TUNING, "fixed");
    conf.set(CacheKeys.ADMISSION_THRESHOLD, "1");
    conf.setInt(CacheKeys.FILL_THREADS, 1);
    conf.setInt(CacheKeys.DIR_RESERVED_PERCENT, 0);
    CacheConfig config = CacheConfig.from(conf);
    List<DirectoryOpener.Opened> opened =
        DirectoryOpener.open(config, "dn", CacheFaultInjector.NONE);
    wiring = new CacheWiring(config, hdd, opened, clock, registry, tally, CacheFaultInjector.NONE);
    cache = CacheLifecycle.open(wiring);
    data = new byte[LENGTH];
    new Random(ID).nextBytes(data);
    hdd.finalized(new BlockId(POOL, ID), 1001, data);
    for (int i = 0; i < 2; i++) { // admitted at the second read, filled
      DecisionParityTest.read(wiring.router, hdd, block(), 0, LENGTH, Checksums.SENT);
      DecisionParityTest.awaitFills(registry);
    }
    assertNotNull(entry(), "cached");
  }

  @AfterEach
  void tearDown() {
    if (cache != null) {
      cache.close();
    }
  }

  private static ExtendedBlock block() {
    return new ExtendedBlock(POOL, ID, LENGTH, 1001);
  }

  private CachedReplica entry() {
    return wiring.map.lookupAny(new BlockId(POOL, ID));
  }

  private long counter(String name) {
    return registry.counter(name).getCount();
  }

  /** Runs {@code body} on this thread named as DataXceiver names it for a client read. */
  private static <T> T asClientRead(Body<T> body) throws Exception {
    Thread t = Thread.currentThread();
    String name = t.getName();
    t.setName(name + " [Sending block " + block() + "]");
    try {
      return body.run();
    } finally {
      t.setName(name);
    }
  }

  private interface Body<T> {
    T run() throws Exception;
  }

  private InputStream openDataOnly(long offset) throws Exception {
    ExtendedBlock b = block();
    return asClientRead(() -> wiring.router.openData(b, offset, () -> hdd.openData(b, offset)));
  }

  private static byte[] readAll(InputStream in, int n) throws Exception {
    byte[] got = new byte[n];
    IOUtils.readFully(in, got, 0, n);
    return got;
  }

  @Test
  void openData_afterAMetaOpenWhoseSenderFailed_decidesItsOwnRead() throws Exception {
    openWithCachedBlock();
    ExtendedBlock b = block();
    // A BlockSender opens the meta stream, then fails before its data open (an offset past the
    // end, a failed checksum skip) and closes what it opened. The same DataXceiver thread then
    // serves the same block to a client that asks for no checksums.
    asClientRead(
        () -> {
          LengthInputStream meta = wiring.router.openMeta(b, () -> hdd.openMeta(b));
          meta.close();
          return null;
        });
    long hits = counter(ReadPathMetrics.HITS);
    long fromCache = counter(ReadPathMetrics.BYTES_CACHE);
    try (InputStream in = openDataOnly(0)) {
      assertArrayEquals(data, readAll(in, LENGTH));
    }
    assertEquals(hits + 1, counter(ReadPathMetrics.HITS), "a hit, as any read of a cached block");
    assertEquals(fromCache + LENGTH, counter(ReadPathMetrics.BYTES_CACHE), "served by the cache");
  }

  @Test
  void openMeta_senderFailsBeforeItsDataOpen_pinReleasedAtItsMetaClose() throws Exception {
    openWithCachedBlock();
    CacheDirectory home = (CacheDirectory) entry().home();
    ExtendedBlock b = block();
    asClientRead(
        () -> {
          wiring.router.openMeta(b, () -> hdd.openMeta(b)).close(); // no data open follows
          return null;
        });
    // The hand-off left on this thread holds a closed session, not a pin: a delete frees at once.
    wiring.invalidator.drop(new BlockId(POOL, ID), InvalidationCause.DELETE);
    GenericTestUtils.waitFor(() -> home.budget().reserved() == 0, 10, 10_000);
  }

  @Test
  void openData_noChecksumsEntryDeletedMidRead_sameBytesAndSpaceFreedAtClose() throws Exception {
    openWithCachedBlock();
    CacheDirectory home = (CacheDirectory) entry().home();
    try (InputStream in = openDataOnly(0)) {
      byte[] head = readAll(in, PAGE + 10);
      wiring.invalidator.drop(new BlockId(POOL, ID), InvalidationCause.DELETE);
      byte[] rest = readAll(in, LENGTH - PAGE - 10);
      assertArrayEquals(Arrays.copyOfRange(data, 0, PAGE + 10), head);
      assertArrayEquals(Arrays.copyOfRange(data, PAGE + 10, LENGTH), rest);
      assertTrue(home.budget().reserved() > 0, "pages kept while the reader holds its pin");
    }
    GenericTestUtils.waitFor(() -> home.budget().reserved() == 0, 10, 10_000);
  }

  @Test
  void close_dataOnlyStreamTwiceBesideAnotherReader_keepsTheOtherReadersPin() throws Exception {
    openWithCachedBlock();
    CacheDirectory home = (CacheDirectory) entry().home();
    InputStream other = openDataOnly(0);
    InputStream twice = openDataOnly(0);
    twice.close();
    twice.close();
    wiring.invalidator.drop(new BlockId(POOL, ID), InvalidationCause.DELETE);
    assertArrayEquals(data, readAll(other, LENGTH));
    assertTrue(home.budget().reserved() > 0, "the other reader's pin keeps the pages");
    assertEquals(0, counter(ReadPathMetrics.HDD_READS) - 2, "no fallback to the HDD");
    other.close();
    GenericTestUtils.waitFor(() -> home.budget().reserved() == 0, 10, 10_000);
  }

  @Test
  void openData_noChecksumsAfterTheCacheClosed_theHddsBytesAndNoThrow() throws Exception {
    openWithCachedBlock();
    InputStream during = openDataOnly(0);
    byte[] head = readAll(during, 100);
    cache.close(); // DataNode shutdown does not wait for its readers
    cache = null;
    assertArrayEquals(Arrays.copyOfRange(data, 0, 100), head);
    assertArrayEquals(Arrays.copyOfRange(data, 100, LENGTH), readAll(during, LENGTH - 100));
    during.close();
    try (InputStream after = openDataOnly(PAGE)) {
      assertArrayEquals(Arrays.copyOfRange(data, PAGE, LENGTH), readAll(after, LENGTH - PAGE));
    }
  }
}
