package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.CacheDirMarker;
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
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.FillOutcome;
import io.hdfslocalcache.metrics.MetricFamily;
import io.hdfslocalcache.metrics.SpaceMetrics;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.model.EventRules;
import io.hdfslocalcache.model.LiveModel;
import io.hdfslocalcache.model.ModelConfig;
import io.hdfslocalcache.model.ModelTotals;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.CacheRoom;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.ratelimit.BlockKey;
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
 * stamp), deletes, and clock steps; a quarter of the reads ask for no checksums (BlockSender opens
 * no meta stream for them), which the DataNode must count as any other. They must agree exactly on
 * hits, partial hits, fills, SSD bytes written and evictions, in both fill modes, guard on and off,
 * admission tuned and fixed. The tuned runs' room rule is reached (the cache has room at first and
 * again after deletes and appends free it, full between) and checked to change decisions against
 * the same events without it. The model's settings are the DataNode's as shadow mode derives them
 * ({@link ShadowCandidates#base}), at the directory's effective capacity. The simulator's claim to
 * predict the DataNode rests on this test.
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
    java.util.SortedSet<Integer> thresholds = new java.util.TreeSet<>(); // the DataNode's gauge
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

  /**
   * Admission by outcome ({@code admission.tuning outcome}): the DataNode decides at a read's start
   * and hears its range at its end, the model decides on the logged read; both must agree read by
   * read while the live rung moves. Streams of {@link #EVENTS} events span hours of the clock (the
   * rung holds for the law's first hour); it fails if the DataNode does not tell the policy the
   * reads' ranges (its ghosts see nothing, so its rung stays at the configured threshold while the
   * model's moves) or tells it other ranges than the ones read.
   */
  @Test
  void dataNodeAndModel_outcomeAdmission_sameDecisionsWhileTheRungMoves() throws Exception {
    int run = 200;
    long moved = 0;
    for (String fill : new String[] {"pages", "block"}) {
      for (boolean guard : new boolean[] {false, true}) {
        Run outcome = runOnce(run++, fill, guard, "outcome", TIGHT_BUDGET);
        moved += outcome.thresholds.size() > 1 ? 1 : 0;
        assertTrue(outcome.totals.hits > 10, fill + ": hits " + outcome.totals.hits);
      }
    }
    assertEquals(4, moved, "runs in which the outcome rung moved");
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
   * The margin's payback decides, the same on both sides. Random streams of rounds a minute apart:
   * a few hot blocks read {@code hot} times a round, and a one-off block read twice in a round
   * (admitted at the margin, threshold 1) and never again, under an idle write budget. Where the
   * hot blocks are read once a round, the marginal fills do not pay (about 0.5 x their cost): the
   * tuner is held at the configured threshold, and without the payback it goes below it and admits
   * the one-offs on their first read. Where they are read 16 times, the margin pays and the tuner
   * goes below. The DataNode must hold and let go at the same reads as the model: it fails if it
   * does not report the flagged entries' fills (no evidence: it goes below) or their hits (it is
   * held).
   */
  @Test
  void dataNodeAndModel_marginFallsShortOrPays_theTunerHeldOrLetGoAtTheSameReads()
      throws Exception {
    int seed = 100;
    for (String fill : new String[] {"pages", "block"}) {
      MarginRun fallsShort = runMargin(seed++, fill, 1);
      assertEquals(1, fallsShort.threshold, fill + ": held at the configured threshold");
      assertEquals(0, fallsShort.thresholdWithout, fill + ": payback=0 goes below it");
      assertTrue(
          fallsShort.with.hits != fallsShort.without.hits
              || fallsShort.with.admissions != fallsShort.without.admissions,
          fill
              + ": the payback changed no decision: "
              + fallsShort.with
              + " "
              + fallsShort.without);
      MarginRun pays = runMargin(seed++, fill, 16);
      assertEquals(0, pays.threshold, fill + ": the margin pays: below the configured threshold");
    }
  }

  /** What a margin stream ended with: the tuned threshold with the payback on (default) and off. */
  private static final class MarginRun {
    int threshold;
    int thresholdWithout;
    ModelTotals with;
    ModelTotals without;
  }

  private MarginRun runMargin(int seed, String fill, int hot) throws Exception {
    Configuration conf = conf(seed, fill, true, "auto");
    conf.set(CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY, "100"); // idle: fills ask for less
    conf.set(CacheKeys.ADMISSION_BUCKET_COUNT, "5");
    Random random = new Random(seed);
    try (Rig rig = new Rig(conf, seed)) {
      // The model's rules as the simulator runs them, with the payback on (the default) and off.
      SideModel with = new SideModel(rig, "");
      SideModel without = new SideModel(rig, ",payback=0");
      long nextId = 1_073_741_825L;
      int hotBlocks = 3;
      byte[][] data = new byte[hotBlocks][];
      for (int b = 0; b < hotBlocks; b++) {
        data[b] = bytes(random, 1 + random.nextInt(2 * PAGE));
        rig.hdd.finalized(new BlockId(POOL, nextId + b), 1001, data[b]);
      }
      int event = 0;
      for (int round = 0; round < 150; round++) {
        long oneOff = nextId + hotBlocks + round;
        byte[] d = bytes(random, 1 + random.nextInt(PAGE));
        rig.hdd.finalized(new BlockId(POOL, oneOff), 1001, d);
        for (int i = 0; i < 2 + hot; i++) {
          boolean once = i < 2;
          int b = once ? hotBlocks + round : random.nextInt(hotBlocks);
          long length = once ? d.length : data[b].length;
          long offset = random.nextInt(2) == 0 ? 0 : chunkAligned(random.nextInt((int) length));
          long size = Math.min(length - offset, CHUNK * (1 + random.nextInt(128)));
          rig.read(b, nextId + b, 1001, length, offset, size);
          with.read(b, nextId + b, length, offset, size);
          without.read(b, nextId + b, length, offset, size);
          rig.clock.advanceMillis(1 + random.nextInt(200));
          rig.check(event++);
        }
        rig.clock.advanceMillis(60_000);
      }
      ModelTotals live = rig.model.totals();
      assertEquals(
          live.toString(), with.totals(live.trackedBlocks).toString(), "the model's rules alone");
      MarginRun r = new MarginRun();
      r.threshold = with.policy.effectiveThreshold();
      r.thresholdWithout = without.policy.effectiveThreshold();
      r.with = with.totals(0);
      r.without = without.totals(0);
      return r;
    }
  }

  /** The model's rules on a rig's reads, its tuned policy's payback as given. */
  private static final class SideModel {
    final AdmissionPolicy policy;
    private final ModelConfig config;
    private final FakeClock clock;
    private EventRules rules;

    SideModel(Rig rig, String payback) {
      CandidateSpec spec = rig.model.spec();
      config =
          new ModelConfig(spec.capacityBytes(), spec.fill(), spec.pageSizeBytes(), spec.guard());
      policy =
          PolicySpec.parse(PolicySpec.dataNode(spec.admission(), true).name() + payback).create();
      clock = rig.clock;
    }

    void read(int b, long blockId, long length, long offset, long size) {
      if (rules == null) {
        rules = new EventRules(config, policy, clock.millis(), 8, new EventRules.Listener() {});
      }
      rules.ensureBlocks(b + 1);
      rules.read(b, BlockKey.of(POOL, blockId), 1001, length, offset, size, clock.millis());
    }

    /** Its totals, with the block indexes a live model tracks ({@code tracked}) as given. */
    ModelTotals totals(long tracked) {
      return rules.totals(tracked);
    }
  }

  /**
   * One configuration over its own random stream, {@code writesPerDay} drive writes a day of write
   * budget (one that runs out within the stream, or one that never does); returns what the model
   * counted.
   */
  private Run runOnce(int seed, String fill, boolean guard, String tuning, String writesPerDay)
      throws Exception {
    Configuration conf = conf(seed, fill, guard, tuning);
    conf.set(CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY, writesPerDay);
    conf.set(CacheKeys.ADMISSION_BUCKET_COUNT, "5");
    Random random = new Random(seed);
    long appends = 0;
    long deletes = 0;
    try (Rig rig = new Rig(conf, seed)) {
      FakeClock clock = rig.clock;
      FakeReplicas hdd = rig.hdd;
      LiveModel model = rig.model;
      LiveModel withoutRoomRule =
          "auto".equals(tuning)
              ? new LiveModel(
                  model.spec(),
                  PolicySpec.parse(
                      PolicySpec.dataNode(CacheConfig.from(conf).admission(), true).name()
                          + ",room=0"))
              : null;
      DirectoryRoom room = new DirectoryRoom(rig.wiring.dirs);
      rig.twin = withoutRoomRule;
      Run out = new Run();
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
      for (int event = 0; event < EVENTS; event++) {
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
          rig.wiring.invalidator.drop(new BlockId(POOL, ids[b]), InvalidationCause.APPEND);
          hdd.finalized(id, gs[b], data[b]);
          model.write(POOL, ids[b], gs[b], clock.millis());
          if (withoutRoomRule != null) {
            withoutRoomRule.write(POOL, ids[b], gs[b], clock.millis());
          }
          rig.note("append " + b + " gs " + gs[b]);
        } else if (kind < 5) {
          // A delete; a new block takes its place in the popularity order.
          deletes++;
          hdd.replicas.remove(id);
          hdd.data.remove(id);
          rig.wiring.invalidator.drop(new BlockId(POOL, ids[b]), InvalidationCause.DELETE);
          model.delete(POOL, ids[b], clock.millis());
          if (withoutRoomRule != null) {
            withoutRoomRule.delete(POOL, ids[b], clock.millis());
          }
          rig.note("delete " + b);
          ids[b] = nextId++;
          gs[b] = 1001;
          data[b] = bytes(random, 1 + random.nextInt(6 * PAGE));
          hdd.finalized(new BlockId(POOL, ids[b]), gs[b], data[b]);
        } else {
          rig.read(random, b, ids[b], gs[b], data[b].length);
          // Then time moves on by up to 3 s, in bursts by up to 20 ms (fills outrun the hits), and
          // now and then steps by minutes. The first read is at the cache's start: the model's
          // clocks (tuner, guard) start at its first read, the DataNode's when it starts.
          clock.advanceMillis(
              kind < 8 ? 60_000L * (1 + random.nextInt(10)) : random.nextInt(burst ? 20 : 3000));
        }
        rig.check(event);
        out.thresholds.add(rig.threshold());
        if (room.now() == CacheRoom.State.FULL) {
          out.full++;
        } else if (model.totals().evictions > 0) {
          out.roomAfterEvictions++;
        }
      }
      out.totals = model.totals();
      out.withoutRoomRule = withoutRoomRule == null ? null : withoutRoomRule.totals();
      return out;
    }
  }

  /** The settings both sides run: one 4 MiB directory, 64 KiB pages, threshold 1. */
  private Configuration conf(int seed, String fill, boolean guard, String tuning) {
    Configuration conf = new Configuration(false);
    conf.set(CacheKeys.DIRS, root.resolve("run" + seed).toString());
    conf.set(CacheKeys.CAPACITY, "4m");
    conf.set(CacheKeys.PAGE_SIZE, "64k");
    conf.set(CacheKeys.FILL_MODE, fill);
    conf.setBoolean(CacheKeys.FILL_GUARD, guard);
    conf.set(CacheKeys.FILL_GUARD_WINDOW, "5s"); // a short guard window
    conf.set(CacheKeys.ADMISSION_TUNING, tuning);
    conf.set(CacheKeys.ADMISSION_THRESHOLD, "1");
    conf.set(CacheKeys.ADMISSION_BUCKET_DURATION, "1m");
    conf.setInt(CacheKeys.FILL_THREADS, 1); // fills run in the order they were asked
    conf.setInt(CacheKeys.DIR_RESERVED_PERCENT, 0);
    return conf;
  }

  /**
   * Both sides of one run: the DataNode's cache as the dataset wires it and the model with its
   * settings, fed the same events, compared after each.
   */
  private final class Rig implements AutoCloseable {
    final FakeClock clock;
    final FakeReplicas hdd = new FakeReplicas();
    final MetricRegistry registry = new MetricRegistry();
    final TallyTap tally = new TallyTap();
    final CacheWiring wiring;
    final LiveModel model;
    final String what;
    private final String fill;
    private final CacheLifecycle cache;
    private final Maintenance maintenance;
    private final java.util.ArrayDeque<String> recent = new java.util.ArrayDeque<>();
    LiveModel twin; // if set, fed the same reads as the model (a variant's decisions to compare)

    Rig(Configuration conf, int seed) throws Exception {
      CacheConfig config = CacheConfig.from(conf);
      fill = conf.get(CacheKeys.FILL_MODE);
      // A fill that waits for a reader to free room polls without moving the test's time.
      clock = new FakeClock(1_700_000_000_000L).sleepsMoveNoTime();
      CacheDirMarker.create(config.dirs().get(0));
      List<DirectoryOpener.Opened> opened =
          DirectoryOpener.open(config, "dn", CacheFaultInjector.NONE);
      long capacity = opened.get(0).store().capacityBytes();
      CandidateSpec spec =
          ShadowCandidates.base(
              config.admission(), capacity, config.pageSize(), config.fillPolicy());
      model = new LiveModel(spec);
      what = "run " + seed + ": " + spec;
      wiring =
          new CacheWiring(config, hdd, opened, clock, registry, tally, CacheFaultInjector.NONE);
      cache = CacheLifecycle.open(wiring);
      // The maintenance round the factory's start() schedules every 2 s of real time runs here
      // every 2 s of the fake clock, between events: the same work (limiter expiry, access-time
      // persistence, free-space sampling) at production's cadence, in lockstep with the model
      // rather than interleaved with the events by a real-time thread.
      maintenance = Maintenance.of(wiring);
    }

    /** The cache's capacity as both sides see it. */
    long capacity() {
      return model.spec().capacityBytes();
    }

    void note(String event) {
      if (recent.size() == 6) {
        recent.removeFirst();
      }
      recent.add(event);
    }

    /**
     * A read of block {@code b} ({@code length} bytes) at a random chunk-aligned range, both sides.
     */
    void read(Random random, int b, long blockId, long gs, long length) throws Exception {
      long offset = random.nextInt(4) == 0 ? 0 : chunkAligned(random.nextInt((int) length));
      long size =
          offset == 0 && random.nextInt(3) == 0
              ? length
              : Math.min(
                  length - offset, CHUNK * (1 + random.nextInt(random.nextInt(3) == 0 ? 400 : 40)));
      read(b, blockId, gs, length, offset, size);
    }

    void read(int b, long blockId, long gs, long length, long offset, long size) throws Exception {
      // Every fourth (by block and offset, so the random streams stay as they were) is a read
      // that asks for no checksums: the DataNode decides it at its data open, the same decision.
      Checksums checksums =
          (blockId + offset / CHUNK) % 4 == 0 ? Checksums.NOT_ASKED : Checksums.SENT;
      note(
          (checksums == Checksums.SENT ? "read " : "read (no checksums) ")
              + b
              + " gs "
              + gs
              + " len "
              + length
              + " ["
              + offset
              + ", +"
              + size
              + ") at "
              + clock.millis());
      ReadRouter router = wiring.router;
      DecisionParityTest.read(
          router, hdd, new ExtendedBlock(POOL, blockId, length, gs), offset, size, checksums);
      model.read(POOL, blockId, gs, length, offset, size, clock.millis());
      if (twin != null) {
        twin.read(POOL, blockId, gs, length, offset, size, clock.millis());
      }
      awaitFills(registry);
    }

    /** The DataNode's admission threshold gauge now. */
    int threshold() {
      return (Integer) registry.getGauges().get(AdmissionMetrics.THRESHOLD).getValue();
    }

    /** Runs maintenance if due, then both sides must agree. */
    void check(int event) {
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
    }

    @Override
    public void close() throws Exception {
      cache.close();
    }
  }

  /** Whether a client read asks for checksums: BlockSender opens the meta stream only if so. */
  enum Checksums {
    SENT,
    NOT_ASKED
  }

  /** A client read as BlockSender does it: meta stream, data stream from the offset, close. */
  static void read(ReadRouter router, FakeReplicas hdd, ExtendedBlock b, long offset, long size)
      throws Exception {
    read(router, hdd, b, offset, size, Checksums.SENT);
  }

  /** As above; a read that asks for no checksums opens the data stream alone. */
  static void read(
      ReadRouter router,
      FakeReplicas hdd,
      ExtendedBlock b,
      long offset,
      long size,
      Checksums checksums)
      throws Exception {
    Thread t = Thread.currentThread();
    String name = t.getName();
    t.setName(name + " [Sending block " + b + "]");
    try (LengthInputStream meta =
            checksums == Checksums.SENT ? router.openMeta(b, () -> hdd.openMeta(b)) : null;
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
  static void awaitFills(MetricRegistry registry) throws Exception {
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
