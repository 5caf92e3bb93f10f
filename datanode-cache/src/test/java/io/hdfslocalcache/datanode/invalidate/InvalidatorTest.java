package io.hdfslocalcache.datanode.invalidate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.DirectoryFixture;
import io.hdfslocalcache.datanode.dir.ServingDirectories;
import io.hdfslocalcache.datanode.hdd.FakeReplicas;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.time.CacheClock;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Invalidation and the read-failure policy without a DataNode. */
class InvalidatorTest {
  @TempDir Path root;
  private final MetricRegistry registry = new MetricRegistry();
  private final BlockMap map = new BlockMap();
  private final FakeReplicas hdd = new FakeReplicas();
  private DirectoryFixture d0;
  private DirectoryFixture d1;
  private Invalidator inv;

  @BeforeEach
  void setUp() throws Exception {
    // Directory 0 leaves service at its second error.
    d0 = new DirectoryFixture(0, root.resolve("a"), 1 << 20, 1, CacheClock.SYSTEM);
    d1 = new DirectoryFixture(1, root.resolve("b"), 1 << 20, 1, CacheClock.SYSTEM);
    inv =
        new Invalidator(
            map,
            hdd,
            new InvalidationStats(registry),
            new ServingDirectories(Arrays.asList(d0.dir, d1.dir), 2));
  }

  @AfterEach
  void tearDown() {
    if (d0 != null) {
      d0.close();
    }
    if (d1 != null) {
      d1.close();
    }
  }

  private long count(InvalidationCause c) {
    return registry.counter(InvalidationStats.name(c)).getCount();
  }

  private CachedReplica publish(DirectoryFixture d, long blockId) {
    return d.publish(map, new BlockId("BP-1", blockId), 7, 1000, 0);
  }

  @Test
  void drop_cachedBlock_removedCountedPagesDeleted() {
    CachedReplica e = publish(d0, 1);
    inv.drop(e.id, InvalidationCause.APPEND);
    inv.drop(e.id, InvalidationCause.APPEND); // nothing left: not counted twice
    assertNull(map.lookupAny(e.id));
    assertEquals(1, count(InvalidationCause.APPEND));
    assertFalse(d0.store.hasFile(e.fileId(BlockId.CacheFile.DATA)));
  }

  @Test
  void dropMissing_replicaGoneWithItsVolume_onlyThoseDropped() {
    CachedReplica kept = publish(d0, 1);
    CachedReplica gone = publish(d0, 2);
    hdd.finalized(kept.id, 7, 1000);
    inv.dropMissing();
    assertNotNull(map.lookupAny(kept.id));
    assertNull(map.lookupAny(gone.id));
    assertEquals(1, count(InvalidationCause.VOLUME_REMOVED));
  }

  @Test
  void dropDirectory_outOfService_dropsOnlyItsEntries() {
    CachedReplica onD0 = publish(d0, 1);
    CachedReplica onD1 = publish(d1, 2);
    inv.dropDirectory(d0.dir.health());
    assertNull(map.lookupAny(onD0.id));
    assertNotNull(map.lookupAny(onD1.id));
    assertEquals(1, count(InvalidationCause.DIRECTORY_OUT_OF_SERVICE));
  }

  @Test
  void onReadFailure_checksumMismatch_dropsEntryAndChargesTheDirectory() {
    CachedReplica a = publish(d0, 1);
    CachedReplica b = publish(d0, 2);
    inv.onReadFailure(a, new CacheException(CacheFailure.CHECKSUM_MISMATCH, "test"));
    assertNull(map.lookupAny(a.id));
    assertTrue(d0.dir.health().inService(), "one error is within dir.max.errors");
    inv.onReadFailure(b, new CacheException(CacheFailure.CHECKSUM_MISMATCH, "test"));
    assertFalse(d0.dir.health().inService(), "the second takes the directory out");
    assertEquals(2, count(InvalidationCause.READ_FAILURE));
  }

  @Test
  void onReadFailure_busy_keepsEntryAndDirectory() {
    CachedReplica e = publish(d0, 1);
    inv.onReadFailure(e, new CacheException(CacheFailure.BUSY, "all I/O threads in use"));
    assertNotNull(map.lookupAny(e.id));
    assertEquals(0, count(InvalidationCause.READ_FAILURE));
  }
}
