package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.dir.DirectoryRoom;
import io.hdfslocalcache.datanode.hdd.FakeReplicas;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.read.ReadRouter;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.settings.ShadowCandidates;
import io.hdfslocalcache.datanode.shadow.TallyTap;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.FillOutcome;
import io.hdfslocalcache.metrics.MetricFamily;
import io.hdfslocalcache.metrics.SpaceMetrics;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.model.LiveModel;
import io.hdfslocalcache.model.ModelTotals;
import io.hdfslocalcache.model.policy.CacheRoom;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.time.FakeClock;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.test.GenericTestUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One decision core: the DataNode's real cache ({@link CacheLifecycle} as the dataset wires it:
 * read router, admission and its tuner, fill guards, fills, space keeper and eviction, block map, a
 * real Alluxio page store and RocksDB index, one fill thread, a fake clock, its maintenance round
 * every 2 s of it) and the model the simulator runs ({@link LiveModel}, which counts exactly what
 * the simulator's replay counts: LiveModelParityTest) are fed the same random event streams: client
 * reads at random chunk-aligned offsets and sizes (some whole blocks), appends (a newer generation
 * stamp), deletes, and clock steps. They must agree exactly on hits, partial hits, fills, SSD bytes
 * written and evictions, in both fill modes, guard on and off, admission tuned and fixed. The tuned
 * runs' room rule is reached (the cache has room at first and again after deletes and appends free
 * it, full between) and checked to change decisions against the same events without it. The model's
 * settings are the DataNode's as shadow mode derives them ({@link ShadowCandidates#base}), at the
 * directory's effective capacity. The simulator's claim to predict the DataNode rests on this test.
 */
class DecisionParityTest {
  private static final String POOL = "BP-parity";
  private static final int PAGE = 64 * 1024;
  private static final int CHUNK = 512;
  private static final int EVENTS = 900;
  private static final String TIGHT_BUDGET = "10"; // runs out within a stream
  private static final String AMPLE_BUDGET = "2000"; // a capacity every 43 s

  @TempDir Path root;

  /** The counts both sides must agree on. */
  private static String counts(
      long hits,
      long partial,
      long hitBytes,
      long fills,
      long bytes,
      long evictions,
      long deniedGuard) {
    return String.format(
        Locale.ROOT,
        "hits %d, partial hits %d, bytes from SSD %d, fills %d, SSD bytes written %d, evictions"
            + " %d, fills denied by the guard %d",
        hits,
        partial,
        hitBytes,
        fills,
        bytes,
        evictions,
        deniedGuard);
  }

  /** What one run ended with: the model's totals, and how the room rule was reached. */
  private static final class Run {
    ModelTotals totals;
    ModelTotals withoutRoomRule; // the same events, tuned:room=0; null when tuning is fixed
    long roomAfterEvictions; // events after which the cache had room again, having evicted
    long full; // events after which the cache had no room
  }

  @Test
  void dataNodeAndModel_sameRandomEvents_sameHitsFillsWritesAndEvictions() throws Exception {
    long[] reached = new long[7];
    int run = 0;
    for (String fill : new String[] {"pages", "block"}) {
      for (boolean guard : new boolean[] {false, true}) {
        Run fixedRun = runOnce(run++, fill, guard, "fixed", TIGHT_BUDGET);
        Run autoRun = runOnce(run++, fill, guard, "auto", TIGHT_BUDGET);
        ModelTotals fixed = fixedRun.totals;
        ModelTotals auto = autoRun.totals;
        for (Run r : new Run[] {fixedRun, autoRun}) {
          reached[5] += r.roomAfterEvictions;
          reached[6] += r.full;
        }
        if (guard) {
          // With a write budget, the room rule admitted blocks the tuner's threshold alone would
          // not have: both sides ran it, and agreed.
          assertRoomRuleDecided(fill, autoRun);
        }
        for (ModelTotals m : new ModelTotals[] {fixed, auto}) {
          reached[0] += m.hits;
          reached[1] += "pages".equals(fill) ? m.partialHits + m.pageFills : m.admissions;
          reached[2] += m.evictions;
          reached[3] += m.invalidations + m.deletions;
          reached[4] += m.fillsDeniedForWriteBudget;
        }
        if (guard) {
          // With a write budget to tune to, the tuned threshold moved: the runs differ.
          assertTrue(
              fixed.admissions != auto.admissions || fixed.evictions != auto.evictions,
              fill + ": tuning changed nothing");
        }
      }
    }
    for (String fill : new String[] {"pages", "block"}) {
      // A budget that stays above half its burst: the cache is full at times with the budget
      // there, so a DataNode that read room where the model reads none would admit more.
      Run ample = runOnce(run++, fill, true, "auto", AMPLE_BUDGET);
      assertRoomRuleDecided(fill + ", ample budget", ample);
      reached[6] += ample.full;
    }
    // The streams reach every rule: hits, page fills (partial reads) or whole-block fills,
    // evictions, invalidations, the guard denying for the write budget, a cache with room again
    // after it evicted, and a full one. (The guard's denials for cost are not reached: the 5%
    // allowance of a short window outlasts these bursts.)
    for (int i = 0; i < reached.length; i++) {
      assertTrue(reached[i] > 10, "rule " + i + " reached only " + reached[i] + " times");
    }
  }

  /** The room rule changed what was admitted in {@code r}: the same events, without it, differ. */
  private static void assertRoomRuleDecided(String what, Run r) {
    ModelTotals with = r.totals;
    ModelTotals without = r.withoutRoomRule;
    assertTrue(
        with.admissions != without.admissions || with.evictions != without.evictions,
        what + ": the room rule changed nothing");
  }

  /**
   * One configuration over its own random stream, {@code writesPerDay} drive writes a day of write
   * budget; returns what the model counted.
   */
  private Run runOnce(int seed, String fill, boolean guard, String tuning, String writesPerDay)
      throws Exception {
    Configuration conf = new Configuration(false);
    Path dir = root.resolve("run" + seed);
    conf.set(CacheKeys.DIRS, dir.toString());
    conf.set(CacheKeys.CAPACITY, "4m");
    conf.set(CacheKeys.PAGE_SIZE, "64k");
    conf.set(CacheKeys.FILL_MODE, fill);
    conf.setBoolean(CacheKeys.FILL_GUARD, guard);
    // A short guard window, and a write budget that runs out within the stream or never does.
    conf.set(CacheKeys.FILL_GUARD_WINDOW, "5s");
    conf.set(CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY, writesPerDay);
    conf.set(CacheKeys.ADMISSION_TUNING, tuning);
    conf.set(CacheKeys.ADMISSION_THRESHOLD, "1");
    conf.set(CacheKeys.ADMISSION_BUCKET_COUNT, "5");
    conf.set(CacheKeys.ADMISSION_BUCKET_DURATION, "1m");
    conf.setInt(CacheKeys.FILL_THREADS, 1); // fills run in the order they were asked
    conf.setInt(CacheKeys.DIR_RESERVED_PERCENT, 0);
    CacheConfig config = CacheConfig.from(conf);
    Random random = new Random(seed);
    // A fill that waits for a reader to free room polls without moving the test's time.
    FakeClock clock = new FakeClock(1_700_000_000_000L).sleepsMoveNoTime();
    FakeReplicas hdd = new FakeReplicas();
    MetricRegistry registry = new MetricRegistry();
    TallyTap tally = new TallyTap();
    List<DirectoryOpener.Opened> opened =
        DirectoryOpener.open(config, "dn", CacheFaultInjector.NONE);
    long capacity = opened.get(0).store().capacityBytes();
    CandidateSpec spec =
        ShadowCandidates.base(config.admission(), capacity, config.pageSize(), config.fillPolicy());
    LiveModel model = new LiveModel(spec);
    LiveModel withoutRoomRule =
        "auto".equals(tuning)
            ? new LiveModel(
                spec,
                PolicySpec.parse(PolicySpec.dataNode(config.admission(), true).name() + ",room=0"))
            : null;
    Run out = new Run();
    String what = "run " + seed + ": " + spec;
    long appends = 0;
    long deletes = 0;
    CacheWiring wiring =
        new CacheWiring(config, hdd, opened, clock, registry, tally, CacheFaultInjector.NONE);
    try (CacheLifecycle cache = CacheLifecycle.open(wiring)) {
      // The maintenance round the factory's start() schedules every 2 s of real time runs here
      // every 2 s of the fake clock, between events: the same work (limiter expiry, access-time
      // persistence, free-space sampling) at production's cadence, in lockstep with the model
      // rather than interleaved with the events by a real-time thread.
      Maintenance maintenance = Maintenance.of(wiring);
      DirectoryRoom room = new DirectoryRoom(wiring.dirs);
      ReadRouter router = wiring.router;
      int blocks = 24;
      long[] ids = new long[blocks];
      long[] gs = new long[blocks];
      byte[][] data = new byte[blocks][];
      long nextId = 1_073_741_825L;
      for (int b = 0; b < blocks; b++) {
        ids[b] = nextId++;
        gs[b] = 1001;
        data[b] = bytes(random, 1 + random.nextInt(6 * PAGE));
        hdd.finalized(new BlockId(POOL, ids[b]), gs[b], data[b]);
      }
      java.util.ArrayDeque<String> recent = new java.util.ArrayDeque<>();
      for (int event = 0; event < EVENTS; event++) {
        if (recent.size() == 6) {
          recent.removeFirst();
        }
        int kind = random.nextInt(100);
        // Skewed popularity (low indexes are read far more often), flat in bursts of reads a few
        // ms apart: fills outrun the hits and the guard's allowance.
        boolean burst = event / 120 % 3 == 1;
        int b = (int) (blocks * Math.pow(random.nextDouble(), burst ? 1 : 2.5));
        BlockId id = new BlockId(POOL, ids[b]);
        if (kind < 3) {
          // An append: a newer, longer version; the DataNode's wrapper invalidates the cached one.
          gs[b]++;
          appends++;
          data[b] = grow(random, data[b]);
          wiring.invalidator.drop(new BlockId(POOL, ids[b]), InvalidationCause.APPEND);
          hdd.finalized(id, gs[b], data[b]);
          model.write(POOL, ids[b], gs[b], clock.millis());
          if (withoutRoomRule != null) {
            withoutRoomRule.write(POOL, ids[b], gs[b], clock.millis());
          }
          recent.add("append " + b + " gs " + gs[b]);
        } else if (kind < 5) {
          // A delete; a new block takes its place in the popularity order.
          deletes++;
          hdd.replicas.remove(id);
          hdd.data.remove(id);
          wiring.invalidator.drop(new BlockId(POOL, ids[b]), InvalidationCause.DELETE);
          model.delete(POOL, ids[b], clock.millis());
          if (withoutRoomRule != null) {
            withoutRoomRule.delete(POOL, ids[b], clock.millis());
          }
          recent.add("delete " + b);
          ids[b] = nextId++;
          gs[b] = 1001;
          data[b] = bytes(random, 1 + random.nextInt(6 * PAGE));
          hdd.finalized(new BlockId(POOL, ids[b]), gs[b], data[b]);
        } else {
          long length = data[b].length;
          long offset = random.nextInt(4) == 0 ? 0 : chunkAligned(random.nextInt((int) length));
          long size =
              offset == 0 && random.nextInt(3) == 0
                  ? length
                  : Math.min(
                      length - offset,
                      CHUNK * (1 + random.nextInt(random.nextInt(3) == 0 ? 400 : 40)));
          recent.add(
              "read "
                  + (b)
                  + " gs "
                  + gs[b]
                  + " len "
                  + length
                  + " ["
                  + offset
                  + ", +"
                  + size
                  + ") at "
                  + clock.millis());
          read(router, hdd, new ExtendedBlock(POOL, ids[b], length, gs[b]), offset, size);
          model.read(POOL, ids[b], gs[b], length, offset, size, clock.millis());
          if (withoutRoomRule != null) {
            withoutRoomRule.read(POOL, ids[b], gs[b], length, offset, size, clock.millis());
          }
          awaitFills(registry);
          // Then time moves on by up to 3 s, in bursts by up to 20 ms (fills outrun the hits), and
          // now and then steps by minutes. The first read is at the cache's start: the model's
          // clocks (tuner, guard) start at its first read, the DataNode's when it starts.
          clock.advanceMillis(
              kind < 8 ? 60_000L * (1 + random.nextInt(10)) : random.nextInt(burst ? 20 : 3000));
        }
        maintenance.runIfDue();
        ModelTotals m = model.totals();
        long denied =
            outcome(registry, FillOutcome.GUARD_COST)
                + outcome(registry, FillOutcome.GUARD_WRITE_BUDGET);
        String dn =
            counts(
                tally.hits,
                tally.partial,
                tally.cacheBytes,
                outcome(registry, FillOutcome.COMPLETED),
                registry.counter(FillMetrics.BYTES_WRITTEN).getCount(),
                registry
                    .counter(
                        "pages".equals(fill) ? SpaceMetrics.EVICTED_PAGES : SpaceMetrics.EVICTIONS)
                    .getCount(),
                denied);
        String modelled =
            counts(
                m.hits,
                m.partialHits,
                m.hitBytes,
                m.admissions + m.pageFills,
                m.ssdBytesWritten,
                m.evictions,
                m.fillsDeniedByGuard);
        assertEquals(modelled, dn, what + ", after event " + event + ": " + recent);
        if (room.now() == CacheRoom.State.FULL) {
          out.full++;
        } else if (m.evictions > 0) {
          out.roomAfterEvictions++;
        }
      }
      out.totals = model.totals();
      out.withoutRoomRule = withoutRoomRule == null ? null : withoutRoomRule.totals();
      return out;
    }
  }

  /** A client read as BlockSender does it: meta stream, data stream from the offset, close. */
  private static void read(
      ReadRouter router, FakeReplicas hdd, ExtendedBlock b, long offset, long size)
      throws Exception {
    Thread t = Thread.currentThread();
    String name = t.getName();
    t.setName(name + " [Sending block " + b + "]");
    try (LengthInputStream meta = router.openMeta(b, () -> hdd.openMeta(b));
        InputStream in = router.openData(b, offset, () -> hdd.openData(b, offset))) {
      byte[] buf = new byte[64 * 1024];
      long left = size;
      while (left > 0) {
        int n = in.read(buf, 0, (int) Math.min(buf.length, left));
        if (n < 0) {
          throw new AssertionError("short read of " + b + " at " + (offset + size - left));
        }
        left -= n;
      }
    } finally {
      t.setName(name);
    }
  }

  /** Waits until every fill asked for has ended (one fill thread: in the order asked). */
  private static void awaitFills(MetricRegistry registry) throws Exception {
    GenericTestUtils.waitFor(
        () -> {
          long ended = 0;
          for (FillOutcome o : FillOutcome.values()) {
            ended += outcome(registry, o);
          }
          return ended >= registry.counter(FillMetrics.QUEUED).getCount();
        },
        1,
        10_000);
  }

  private static long outcome(MetricRegistry registry, FillOutcome o) {
    return registry.counter(MetricFamily.member(FillMetrics.OUTCOME, o)).getCount();
  }

  private static long chunkAligned(long v) {
    return v / CHUNK * CHUNK;
  }

  private static byte[] bytes(Random random, int n) {
    byte[] b = new byte[n];
    random.nextBytes(b);
    return b;
  }

  private static byte[] grow(Random random, byte[] old) {
    byte[] b = java.util.Arrays.copyOf(old, old.length + 1 + random.nextInt(PAGE));
    byte[] tail = bytes(random, b.length - old.length);
    System.arraycopy(tail, 0, b, old.length, tail.length);
    return b;
  }
}
