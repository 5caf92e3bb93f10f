package io.hdfslocalcache.datanode.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.DirectoryFixture;
import io.hdfslocalcache.datanode.fill.Room;
import io.hdfslocalcache.metrics.SpaceMetrics;
import io.hdfslocalcache.time.CacheClock;
import io.hdfslocalcache.time.FakeClock;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Eviction decisions on a fake clock: no DataNode, no sleeping. */
class SpaceKeeperTest {
  private static final long BLOCK = 1000;
  private static final long WAIT_MILLIS = 10_000;
  private static final long POLL_MILLIS = 10;

  @TempDir Path root;
  private final MetricRegistry registry = new MetricRegistry();
  private final BlockMap map = new BlockMap();
  private final FakeClock clock = new FakeClock(0);

  /** Runs on each sleep, after the fake clock moved. */
  private volatile Runnable onSleep = () -> {};

  private DirectoryFixture d;
  private SpaceKeeper keeper;
  private long entryBytes;

  @BeforeEach
  void setUp() throws Exception {
    entryBytes = BLOCK + DirectoryFixture.LAYOUT.expectedMetaLength(BLOCK);
    d = new DirectoryFixture(0, root, 3 * entryBytes, 10, CacheClock.SYSTEM);
    clock.onSleep(() -> onSleep.run());
    keeper =
        new SpaceKeeper(
            map, FillMode.BLOCK, new SpaceStats(registry), 64, 5, WAIT_MILLIS, POLL_MILLIS, clock);
  }

  @AfterEach
  void tearDown() {
    d.close();
  }

  private CachedReplica publish(long blockId, long accessMillis) {
    return d.publish(map, new BlockId("BP-1", blockId), 1, BLOCK, accessMillis);
  }

  @Test
  void reserve_full_evictsLeastRecentlyReadFirst() throws Exception {
    CachedReplica one = publish(1, 100);
    publish(2, 100);
    CachedReplica three = publish(3, 100);
    map.accessed(one, 200);
    map.accessed(three, 300);
    assertEquals(Room.RESERVED, keeper.reserve(d.dir, entryBytes));
    assertNull(map.lookupAny(new BlockId("BP-1", 2)), "least recently read goes");
    assertNotNull(map.lookupAny(new BlockId("BP-1", 1)));
    assertNotNull(map.lookupAny(new BlockId("BP-1", 3)));
    assertEquals(1, registry.counter(SpaceMetrics.EVICTIONS).getCount());
    assertEquals(0, clock.sleeps());
  }

  @Test
  void reserve_readsInOneMillisecond_evictsLeastRecentlyReadOfThem() throws Exception {
    // Many reads share a millisecond on a busy DataNode: the order they came in decides, as in
    // the simulator's LRU (DecisionParityTest), not the map's hash order. Each of three blocks
    // read in one millisecond is, in turn, the one read least recently.
    for (int victim = 0; victim < 3; victim++) {
      BlockMap m = new BlockMap();
      try (DirectoryFixture f =
          new DirectoryFixture(
              1, root.resolve("v" + victim), 3 * entryBytes, 10, CacheClock.SYSTEM)) {
        CachedReplica[] e = new CachedReplica[3];
        for (int i = 0; i < 3; i++) {
          e[i] = f.publish(m, new BlockId("BP-1", 10 + i), 1, BLOCK, 100);
        }
        for (int i = 1; i <= 2; i++) {
          m.accessed(e[(victim + i) % 3], 100);
        }
        SpaceKeeper k =
            new SpaceKeeper(
                m,
                FillMode.BLOCK,
                new SpaceStats(new MetricRegistry()),
                64,
                5,
                0,
                1,
                new FakeClock(0));
        assertEquals(Room.RESERVED, k.reserve(f.dir, entryBytes));
        for (int i = 0; i < 3; i++) {
          assertEquals(
              i != victim, m.lookupAny(e[i].id) != null, "victim " + victim + ", block " + i);
        }
      }
    }
  }

  @Test
  void reserve_clockStepsBackBetweenReads_evictsTheBlockReadFirst() throws Exception {
    // The wall clock steps back (an NTP correction) between reads: the order the reads came in
    // decides, as the model's LRU, not the access times they carry.
    CachedReplica one = publish(1, 0);
    CachedReplica two = publish(2, 0);
    CachedReplica three = publish(3, 0);
    map.accessed(one, 5_000);
    map.accessed(two, 1_000);
    map.accessed(three, 2_000);
    assertEquals(Room.RESERVED, keeper.reserve(d.dir, entryBytes));
    assertNull(map.lookupAny(one.id), "read first, so least recently read");
    assertNotNull(map.lookupAny(two.id));
    assertNotNull(map.lookupAny(three.id));
  }

  @Test
  void reserve_blockPublishedAfterAnotherWasRead_evictsTheEarlierRead() throws Exception {
    // A fill publishes its block as the most recently read (the model's fill), whatever time its
    // entry carries: a fill that began before another block's read still publishes after it.
    CachedReplica one = publish(1, 0);
    map.accessed(one, 900);
    CachedReplica two = publish(2, 100);
    CachedReplica three = publish(3, 950);
    assertEquals(Room.RESERVED, keeper.reserve(d.dir, entryBytes));
    assertNull(map.lookupAny(one.id), "read before the others were published");
    assertNotNull(map.lookupAny(two.id));
    assertNotNull(map.lookupAny(three.id));
  }

  @Test
  void reserve_evictedBlockStillRead_waitsItsBoundOnTheClockThenGivesUp() throws Exception {
    for (long b = 1; b <= 3; b++) {
      assertTrue(publish(b, b).pin(), "a reader holds every block open");
    }
    assertEquals(Room.DRAIN_TIMEOUT, keeper.reserve(d.dir, entryBytes));
    // One eviction, then waiting for its reader: the held bytes are not evicted for twice.
    assertEquals(1, registry.counter(SpaceMetrics.EVICTIONS).getCount());
    assertEquals(WAIT_MILLIS / POLL_MILLIS + 1, clock.sleeps());
  }

  @Test
  void reserve_readerClosesWhileFillWaits_reserves() throws Exception {
    CachedReplica oldest = publish(1, 1);
    publish(2, 2);
    publish(3, 3);
    assertTrue(oldest.pin());
    onSleep =
        () -> {
          if (clock.sleeps() == 5) {
            oldest.unpin(); // the last reader closes: pages deleted, bytes released
          }
        };
    assertEquals(Room.RESERVED, keeper.reserve(d.dir, entryBytes));
    assertEquals(5, clock.sleeps());
    assertEquals(1, registry.counter(SpaceMetrics.EVICTIONS).getCount());
    assertFalse(d.store.hasFile(oldest.fileId(BlockId.CacheFile.DATA)));
  }

  @Test
  void reserve_nothingEvictable_refusesAtOnce() throws Exception {
    d.dir.budget().reserveExisting(d.dir.budget().capacity()); // bytes no entry holds
    assertEquals(Room.NOTHING_TO_EVICT, keeper.reserve(d.dir, entryBytes));
    assertEquals(0, clock.sleeps());
  }

  @Test
  void reserve_moreThanHalfTheDirectory_refusedAsTooLarge() throws Exception {
    publish(1, 1);
    assertEquals(
        Room.TOO_LARGE_FOR_DIRECTORY, keeper.reserve(d.dir, d.dir.budget().capacity() / 2 + 1));
    assertNotNull(map.lookupAny(new BlockId("BP-1", 1)), "nothing evicted for it");
  }

  @Test
  void sampleFreeSpace_fileSystemLow_flagsDirectoryAndEvictsEarly() {
    publish(1, 1);
    publish(2, 2);
    d.store.usable = d.store.total / 100 * 5; // at the 5% reserve
    keeper.sampleFreeSpace(d.dir);
    assertTrue(d.dir.budget().fileSystemLow());
    assertNull(map.lookupAny(new BlockId("BP-1", 1)), "least recently read evicted early");
    assertNotNull(map.lookupAny(new BlockId("BP-1", 2)), "a twentieth at a time, not all");
    assertEquals(1, registry.counter("store.invalidations.no_space").getCount());
    d.store.usable = d.store.total;
    keeper.sampleFreeSpace(d.dir);
    assertFalse(d.dir.budget().fileSystemLow());
  }
}
