package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.hdd.FakeReplicas;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.shadow.TallyTap;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.guard.DiskModel;
import io.hdfslocalcache.model.policy.MarginalPayback;
import io.hdfslocalcache.time.FakeClock;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flag "admitted at the margin" on the DataNode as it wires itself (block fills, threshold 2, a
 * tuned admission on a fake clock that does not move, so the tuner's payback keeps what is reported
 * to it; the cache has room, so the room rule admits above 0): set on an entry admitted with a
 * window count in (0, 1], not on one admitted past it; the fills and hits of a flagged entry reach
 * the payback in the guard's disk model, those of others do not.
 */
class MarginFlagTest {
  private static final String POOL = "BP-margin";
  private static final DiskModel DISK = DiskModel.DEFAULT;
  private static final int LENGTH = 100_000;
  private static final int PAGE = 64 * 1024;

  @TempDir Path root;
  private final FakeClock clock = new FakeClock(1_700_000_000_000L).sleepsMoveNoTime();
  private final FakeReplicas hdd = new FakeReplicas();
  private MetricRegistry registry;
  private final Random random = new Random(1);
  private CacheWiring wiring;
  private CacheLifecycle cache;
  private MarginalPayback payback;

  @BeforeEach
  void setUp() throws Exception {
    open("block");
  }

  private void open(String fill) throws Exception {
    registry = new MetricRegistry();
    Configuration conf = new Configuration(false);
    conf.set(CacheKeys.DIRS, CacheDirMarker.create(root.resolve(fill)).toString());
    conf.set(CacheKeys.CAPACITY, "4m");
    conf.set(CacheKeys.PAGE_SIZE, "64k");
    conf.set(CacheKeys.FILL_MODE, fill);
    conf.set(CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY, "100");
    conf.set(CacheKeys.ADMISSION_TUNING, "auto");
    conf.set(CacheKeys.ADMISSION_THRESHOLD, "2");
    conf.set(CacheKeys.ADMISSION_BUCKET_COUNT, "5");
    conf.set(CacheKeys.ADMISSION_BUCKET_DURATION, "1m");
    conf.setInt(CacheKeys.FILL_THREADS, 1);
    conf.setInt(CacheKeys.DIR_RESERVED_PERCENT, 0);
    CacheConfig config = CacheConfig.from(conf);
    List<DirectoryOpener.Opened> opened =
        DirectoryOpener.open(config, "dn", CacheFaultInjector.NONE);
    wiring =
        new CacheWiring(
            config, hdd, opened, clock, registry, new TallyTap(), CacheFaultInjector.NONE);
    cache = CacheLifecycle.open(wiring);
    payback = wiring.gate.marginPayback().get();
  }

  @AfterEach
  void tearDown() throws Exception {
    cache.close();
  }

  private ExtendedBlock block(long id, long gs) {
    byte[] data = new byte[LENGTH];
    random.nextBytes(data);
    hdd.finalized(new BlockId(POOL, id), gs, data);
    return new ExtendedBlock(POOL, id, LENGTH, gs);
  }

  /** Whole reads of {@code b}, each to its end, fills awaited. */
  private void read(ExtendedBlock b, int times) throws Exception {
    for (int i = 0; i < times; i++) {
      read(b, 0, LENGTH);
    }
  }

  private void read(ExtendedBlock b, long offset, long size) throws Exception {
    DecisionParityTest.read(wiring.router, hdd, b, offset, size);
    DecisionParityTest.awaitFills(registry);
  }

  private CachedReplica entry(ExtendedBlock b) {
    return wiring.map.lookupAny(new BlockId(POOL, b.getBlockId()));
  }

  @Test
  void read_countJustPastTheThreshold_entryFlaggedAndItsFillReported() throws Exception {
    ExtendedBlock b = block(1_073_741_825L, 1001);
    // The first read: the cache is empty and the budget full, so the room rule admits above
    // max(lowest(2), 2 / 4) = 0, and 1 is at that threshold's margin, (0, 1].
    read(b, 1);
    CachedReplica e = entry(b);
    assertTrue(e != null && e.admittedAtMargin, "flagged: " + e);
    assertEquals(DISK.micros(2, e.metaLength + LENGTH), payback.pendingFillMicros());
    assertEquals(0, payback.pendingSavedMicros());
  }

  @Test
  void read_hitOfAFlaggedEntry_itsSavingReported() throws Exception {
    ExtendedBlock b = block(1_073_741_825L, 1001);
    read(b, 1);
    read(b, 2); // two full hits: 1 IO of the read saved each
    assertEquals(2 * DISK.savedMicros(LENGTH, 0, 0), payback.pendingSavedMicros());
  }

  @Test
  void read_admittedPastTheMargin_entryNotFlaggedAndNothingReported() throws Exception {
    ExtendedBlock b = block(1_073_741_825L, 1001);
    read(b, 5); // admitted on the first, hit four times: 5 reads counted in the window
    long fills = payback.pendingFillMicros();
    long saved = payback.pendingSavedMicros();
    // An append: the cached version goes; the next read (the 6th, past the margins of both the
    // room rule's threshold, 0, and the tuner's, 2) fills anew.
    ExtendedBlock newer = block(b.getBlockId(), 1002);
    wiring.invalidator.drop(new BlockId(POOL, b.getBlockId()), InvalidationCause.APPEND);
    read(newer, 3); // the fill, then two hits
    CachedReplica e = entry(newer);
    assertTrue(e != null && e.genStamp == 1002, "filled again: " + e);
    assertFalse(e.admittedAtMargin);
    assertEquals(fills, payback.pendingFillMicros());
    assertEquals(saved, payback.pendingSavedMicros());
  }

  @Test
  void read_pagesMissingFromAFlaggedEntry_thePageFillReported() throws Exception {
    cache.close();
    open("pages");
    ExtendedBlock b = block(1_073_741_825L, 1001);
    for (int i = 0; i < 3; i++) {
      read(b, 0, PAGE); // the third fills page 0 when it ends
    }
    CachedReplica e = entry(b);
    assertTrue(e != null && e.admittedAtMargin && e.pages.count() == 1, "flagged: " + e);
    long admission = payback.pendingFillMicros();
    assertEquals(DISK.micros(2, e.metaLength + PAGE), admission);
    read(b, PAGE, LENGTH - PAGE); // page 1 from the HDD: its page fill, one run
    assertEquals(2, e.pages.count());
    assertEquals(admission + DISK.micros(1, LENGTH - PAGE), payback.pendingFillMicros());
  }
}
