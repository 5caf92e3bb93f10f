package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.test.GenericTestUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client reads that ask for no checksums (BlockSender opens the data stream alone) on the DataNode
 * as it wires itself (threshold 1: admitted on the second read): served from the cache like any
 * other read, counted for admission, filled in pages mode, and the entry's pin released at close.
 */
class UnverifiedReadTest {
  private static final String POOL = "BP-unverified";
  private static final int PAGE = 64 * 1024;
  private static final int LENGTH = 3 * PAGE + 1000;

  @TempDir Path root;
  private final FakeClock clock = new FakeClock(1_700_000_000_000L).sleepsMoveNoTime();
  private final FakeReplicas hdd = new FakeReplicas();
  private final MetricRegistry registry = new MetricRegistry();
  private final TallyTap tally = new TallyTap();
  private CacheWiring wiring;
  private CacheLifecycle cache;

  private void open(String fill) throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(CacheKeys.DIRS, CacheDirMarker.create(root.resolve(fill)).toString());
    conf.set(CacheKeys.CAPACITY, "4m");
    conf.set(CacheKeys.PAGE_SIZE, "64k");
    conf.set(CacheKeys.FILL_MODE, fill);
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
  }

  @AfterEach
  void tearDown() throws Exception {
    if (cache != null) {
      cache.close();
    }
  }

  private byte[] block(long id) {
    byte[] data = new byte[LENGTH];
    new Random(id).nextBytes(data);
    hdd.finalized(new BlockId(POOL, id), 1001, data);
    return data;
  }

  private static ExtendedBlock extended(long id) {
    return new ExtendedBlock(POOL, id, LENGTH, 1001);
  }

  /** A read that asks for no checksums, on a client read's thread: the bytes it got. */
  private byte[] unverified(long id, long offset, int size) throws Exception {
    ExtendedBlock b = extended(id);
    Thread t = Thread.currentThread();
    String name = t.getName();
    t.setName(name + " [Sending block " + b + "]");
    byte[] got = new byte[size];
    try (InputStream in = wiring.router.openData(b, offset, () -> hdd.openData(b, offset))) {
      IOUtils.readFully(in, got, 0, size);
    } finally {
      t.setName(name);
    }
    DecisionParityTest.awaitFills(registry);
    return got;
  }

  private void verified(long id) throws Exception {
    DecisionParityTest.read(wiring.router, hdd, extended(id), 0, LENGTH, Checksums.SENT);
    DecisionParityTest.awaitFills(registry);
  }

  private CachedReplica entry(long id) {
    return wiring.map.lookupAny(new BlockId(POOL, id));
  }

  private long counter(String name) {
    return registry.counter(name).getCount();
  }

  @Test
  void openData_noChecksumsOfACachedBlock_aHitOfTheSameBytesAndItsPinReleased() throws Exception {
    open("block");
    long id = 1_073_741_825L;
    byte[] data = block(id);
    verified(id);
    verified(id); // admitted, filled
    CachedReplica e = entry(id);
    assertNotNull(e, "cached");
    long hits = counter(ReadPathMetrics.HITS);
    long fromCache = counter(ReadPathMetrics.BYTES_CACHE);
    assertArrayEquals(data, unverified(id, 0, LENGTH));
    assertEquals(hits + 1, counter(ReadPathMetrics.HITS));
    assertEquals(fromCache + LENGTH, counter(ReadPathMetrics.BYTES_CACHE));
    assertEquals(1, tally.hits, "told to the shadow models as a hit");
    byte[] part = unverified(id, 70_000 / 512 * 512, 70_000); // a pread from a chunk boundary
    assertArrayEquals(Arrays.copyOfRange(data, 69_632, 139_632), part);
    assertEquals(hits + 2, counter(ReadPathMetrics.HITS));
    // Every reader closed: a delete frees the entry's space at once (a pin left would keep it).
    CacheDirectory home = (CacheDirectory) e.home();
    wiring.invalidator.drop(new BlockId(POOL, id), InvalidationCause.DELETE);
    GenericTestUtils.waitFor(() -> home.budget().reserved() == 0, 10, 10_000);
  }

  @Test
  void openData_noChecksumsOfAnUncachedBlock_countedForAdmissionAndFilled() throws Exception {
    open("block");
    long id = 1_073_741_826L;
    byte[] data = block(id);
    assertArrayEquals(data, unverified(id, 0, LENGTH));
    assertNull(entry(id), "one read: not admitted yet");
    assertArrayEquals(data, unverified(id, 0, LENGTH));
    assertNotNull(entry(id), "the second read admitted it");
    assertEquals(2, counter(ReadPathMetrics.HDD_READS));
  }

  @Test
  void openData_noChecksumsPagesMode_fillsThePagesItRead() throws Exception {
    open("pages");
    long id = 1_073_741_827L;
    byte[] data = block(id);
    byte[] page1 = Arrays.copyOfRange(data, PAGE, 2 * PAGE);
    assertArrayEquals(page1, unverified(id, PAGE, PAGE));
    assertArrayEquals(page1, unverified(id, PAGE, PAGE)); // admitted: fills what it read
    CachedReplica e = entry(id);
    assertNotNull(e, "admitted");
    assertTrue(e.pages.has(1), "the page read");
    assertFalse(e.pages.has(0), "a page not read");
    assertArrayEquals(page1, unverified(id, PAGE, PAGE));
    assertEquals(1, tally.hits, "the third read: a hit of the filled page");
  }
}
