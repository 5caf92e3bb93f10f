package io.hdfslocalcache.simulator.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.routing.Rendezvous;
import io.hdfslocalcache.simulator.trace.Strictness;
import io.hdfslocalcache.simulator.trace.TestTraces;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** Hand-made fleets of two DataNodes, each a CSV trace; every figure worked out by hand. */
class ReplicaReplayTest {
  private static final String HEADER =
      "timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length";
  private static final long PAGE = 1024;
  private static final long MINUTE = 60_000;
  private static final long BLOCK_1000 = 1000 + meta(1000); // a 1000-byte block on SSD: 1015

  private static Trace csv(String... rows) throws Exception {
    return TestTraces.parse(
        HEADER + "\n" + String.join("\n", rows), TraceFormat.CSV, Strictness.STRICT);
  }

  private static long meta(long length) {
    return 7 + 4 * ((length + 511) / 512);
  }

  private static ReplicaResult run(FillMode fill, long cache, Trace... dataNodes) {
    RunConfig c = new RunConfig(PolicySpec.parse("admit-all"), cache, fill, PAGE, 1);
    return replay(List.of(dataNodes), c, RoutingType.STOCK).replicas();
  }

  /** The fleet's replay, DataNode {@code d} named "dn{d}". */
  static ReplicaOutcome replay(List<Trace> dataNodes, RunConfig config, RoutingType routing) {
    List<String> ids = new ArrayList<>();
    for (int d = 0; d < dataNodes.size(); d++) {
      ids.add("dn" + d);
    }
    return new ReplicaReplay(dataNodes, ids, config, routing, new LongAdder()).run();
  }

  @Test
  void run_twoDataNodesHoldOneBlockVersion_duplicatedIsItsSize() throws Exception {
    Trace a = csv("0,p,1,1,READ,0,1000");
    Trace b = csv("5,p,1,1,READ,0,1000");
    ReplicaResult r = run(FillMode.BLOCK, 1 << 20, a, b);
    assertEquals(BLOCK_1000, r.duplicatedBytesEnd());
    assertEquals(BLOCK_1000, r.duplicatedBytesMean(), "no 15-minute sample: the end alone");
    assertEquals(BLOCK_1000, r.duplicatedBytesPeak());
    assertEquals(2, r.dataNodes());
  }

  @Test
  void run_threeDataNodesHoldOneBlockVersion_duplicatedIsTwoCopies() throws Exception {
    Trace a = csv("0,p,1,1,READ,0,1000");
    ReplicaResult r = run(FillMode.BLOCK, 1 << 20, a, csv("1,p,1,1,READ,0,1000"), a);
    assertEquals(2 * BLOCK_1000, r.duplicatedBytesEnd());
  }

  @Test
  void run_sameBlockOtherGenStampOrPool_noDuplicates() throws Exception {
    Trace a = csv("0,p,1,1,READ,0,1000", "1,q,2,1,READ,0,1000");
    Trace b = csv("5,p,1,2,READ,0,1000", "6,p,2,1,READ,0,1000");
    ReplicaResult r = run(FillMode.BLOCK, 1 << 20, a, b);
    assertEquals(0, r.duplicatedBytesEnd());
    assertEquals(0, r.duplicatedBytesPeak());
  }

  @Test
  void run_pagesOfDifferentPartsOfOneBlock_onlyTheMetaDuplicated() throws Exception {
    // Both replicas were written whole (4096 bytes: meta 39); a reads page 0, b page 2.
    Trace a = csv("0,p,1,1,WRITE,0,4096", "1,p,1,1,READ,0,1024");
    Trace b = csv("0,p,1,1,WRITE,0,4096", "2,p,1,1,READ,2048,1024", "3,p,1,1,READ,0,1024");
    ReplicaResult r = run(FillMode.PAGES, 1 << 20, a, b);
    // b's second read adds page 0 too: a's page 0 and the meta are held twice.
    assertEquals(meta(4096) + 1024, r.duplicatedBytesEnd());
    ReplicaResult first =
        run(FillMode.PAGES, 1 << 20, a, csv("0,p,1,1,WRITE,0,4096", "2,p,1,1,READ,2048,1024"));
    assertEquals(meta(4096), first.duplicatedBytesEnd());
  }

  @Test
  void run_duplicateEvictedAfterAnHour_meanWeightsEachQuarterHour() throws Exception {
    // Room for two blocks. Both hold block 1 from 0 to 60 min, then b evicts it (blocks 2, 3).
    Trace a = csv("0,p,1,1,READ,0,1000", (120 * MINUTE) + ",p,1,1,READ,0,1000");
    Trace b =
        csv(
            "0,p,1,1,READ,0,1000",
            (60 * MINUTE) + ",p,2,1,READ,0,1000",
            (60 * MINUTE + 1) + ",p,3,1,READ,0,1000");
    ReplicaResult r = run(FillMode.BLOCK, 2 * BLOCK_1000, a, b);
    // Samples at 15, 30, 45, 60 min: duplicated; 75 ... 120 min and the end: not.
    assertEquals(Math.round(4.0 * BLOCK_1000 / 9), r.duplicatedBytesMean());
    assertEquals(BLOCK_1000, r.duplicatedBytesPeak());
    assertEquals(0, r.duplicatedBytesEnd());
  }

  @Test
  void run_blockReadOnceOnEachDataNode_pooledCacheHitsTheSecondRead() throws Exception {
    Trace a = csv("0,p,1,1,READ,0,1000");
    Trace b = csv("5,p,1,1,READ,0,1000");
    ReplicaResult r = run(FillMode.BLOCK, 1 << 20, a, b);
    assertEquals(2L << 20, r.pooledCacheSizeBytes());
    assertEquals(1000, r.pooledHitBytes());
    assertEquals(0.5, r.pooledByteHitRatio(), 1e-12);
    RunResult ra = new Replayer(a, config(1 << 20), new LongAdder()).run().result();
    RunResult rb = new Replayer(b, config(1 << 20), new LongAdder()).run().result();
    assertEquals(0, ra.hitBytes() + rb.hitBytes(), "each DataNode's own cache misses");
    assertEquals(
        ra.diskHeadSecondsWithoutCache() + rb.diskHeadSecondsWithoutCache(),
        r.pooledDiskHeadSecondsWithoutCache(),
        1e-5);
    assertEquals(
        ra.diskHeadSecondsWithCache(),
        r.pooledDiskHeadSecondsWithCache(),
        1e-5,
        "the pooled cache's one fill and one miss: a's cost, b's read free");
  }

  @Test
  void run_interleavedDataNodes_mergedByTime() throws Exception {
    // The pooled cache has room for two blocks: order decides the hits. a: blk 1 at 0 and 30;
    // b: blks 2, 3 at 10, 20. By time: 1, 2, 3 (evicts 1), 1: no hit. A then b: 1, 1 (hit), 2, 3.
    Trace a = csv("0,p,1,1,READ,0,1000", "30,p,1,1,READ,0,1000");
    Trace b = csv("10,p,2,1,READ,0,1000", "20,p,3,1,READ,0,1000");
    List<Trace> fleet = new ArrayList<>(List.of(a, b));
    ReplicaResult r = replay(fleet, config(BLOCK_1000), RoutingType.STOCK).replicas();
    assertEquals(0, r.pooledHitBytes());
  }

  /** The DataNodes "dn0" ... in {@code key}'s rendezvous order, owner first. */
  private static int[] order(long key, int dataNodes) {
    List<Integer> left = new ArrayList<>();
    for (int d = 0; d < dataNodes; d++) {
      left.add(d);
    }
    int[] out = new int[dataNodes];
    for (int i = 0; i < dataNodes; i++) {
      long[] hashes = left.stream().mapToLong(d -> Rendezvous.nodeHash("dn" + d)).toArray();
      out[i] = left.remove(Rendezvous.owner(key, hashes));
    }
    return out;
  }

  private static long readsOn(ReplicaOutcome o, int dataNode) {
    return o.dataNodes().get(dataNode).result().reads();
  }

  /** Three DataNodes' traces, {@code rows[d]} DataNode d's. */
  private static List<Trace> fleet(String[]... rows) throws Exception {
    List<Trace> out = new ArrayList<>();
    for (String[] r : rows) {
      out.add(csv(r));
    }
    return out;
  }

  @Test
  void run_ownerRouting_everyReadOfABlockOnItsOwner() throws Exception {
    String[][] rows = new String[3][];
    for (int d = 0; d < 3; d++) {
      List<String> own = new ArrayList<>();
      own.add("0,p,999,1,WRITE,0,1000"); // every log spans every read: no failover
      for (int b = 1; b <= 30; b++) {
        own.add((b * 10 + d) + ",p," + b + ",1,READ,0,1000");
      }
      own.add("1000,p,999,1,WRITE,0,1000");
      rows[d] = own.toArray(String[]::new);
    }
    ReplicaOutcome o = replay(fleet(rows), config(1 << 20), RoutingType.OWNER);
    long[] expected = new long[3];
    for (int b = 1; b <= 30; b++) {
      expected[order(b, 3)[0]] += 3; // the block's three reads, one logged on each DataNode
    }
    for (int d = 0; d < 3; d++) {
      assertEquals(expected[d], readsOn(o, d), "DataNode " + d);
    }
    assertTrue(Arrays.stream(expected).allMatch(n -> n > 0), "30 blocks: owners on all three");
    assertEquals(0, o.replicas().duplicatedBytesEnd(), "each block cached on its owner alone");
    ReplicaOutcome stock = replay(fleet(rows), config(1 << 20), RoutingType.STOCK);
    for (int d = 0; d < 3; d++) {
      assertEquals(30, readsOn(stock, d), "stock: as logged");
    }
  }

  /** Reads DataNodes {@code order[0..2]} served, in that order. */
  private static List<Long> readsInOrder(ReplicaOutcome o, int[] order) {
    return Arrays.stream(order).mapToObj(d -> readsOn(o, d)).toList();
  }

  @Test
  void run_ownersLogEnded_nextInHashOrderServesTheRest() throws Exception {
    int[] order = order(1, 3);
    String[][] rows = new String[3][];
    rows[order[0]] = new String[] {"0,p,1,1,READ,0,1000"}; // its log ends at 0
    rows[order[1]] = new String[] {"1,p,1,1,READ,0,1000", "100,p,1,1,READ,0,1000"};
    rows[order[2]] = new String[] {"2,p,1,1,READ,0,1000", "50,p,1,1,READ,0,1000"};
    ReplicaOutcome o = replay(fleet(rows), config(1 << 20), RoutingType.OWNER);
    assertEquals(List.of(1L, 4L, 0L), readsInOrder(o, order), "after 0, the second in order");
  }

  @Test
  void run_ownerLostTheBlock_nextServesUntilItIsWrittenAgain() throws Exception {
    int[] order = order(1, 3);
    String[][] rows = new String[3][];
    rows[order[0]] =
        new String[] {
          "0,p,1,1,WRITE,0,1000",
          "10,p,1,1,DELETE,0,0",
          "50,p,1,2,WRITE,0,1000",
          "300,p,1,2,READ,0,1000"
        };
    rows[order[1]] =
        new String[] {"0,p,1,1,WRITE,0,1000", "20,p,1,1,READ,0,1000", "300,p,1,2,WRITE,0,1000"};
    rows[order[2]] =
        new String[] {
          "0,p,1,1,WRITE,0,1000",
          "30,p,1,1,READ,0,1000",
          "60,p,1,2,READ,0,1000",
          "300,p,1,2,WRITE,0,1000"
        };
    ReplicaOutcome o = replay(fleet(rows), config(1 << 20), RoutingType.OWNER);
    // 20 and 30: deleted on the owner, so the next; 60 and 300: written again at 50, the owner.
    assertEquals(List.of(2L, 2L, 0L), readsInOrder(o, order));
  }

  @Test
  void run_ownerMissedAnAppend_itsStaleReplicaIsSkipped() throws Exception {
    int[] order = order(1, 3);
    String[][] rows = new String[3][];
    rows[order[0]] = new String[] {"0,p,1,1,WRITE,0,1000", "100,p,1,1,READ,0,1000"};
    rows[order[1]] =
        new String[] {"0,p,1,1,WRITE,0,1000", "10,p,1,2,WRITE,0,2000", "30,p,1,2,READ,0,2000"};
    rows[order[2]] =
        new String[] {"0,p,1,1,WRITE,0,1000", "10,p,1,2,WRITE,0,2000", "20,p,1,2,READ,0,2000"};
    ReplicaOutcome o = replay(fleet(rows), config(1 << 20), RoutingType.OWNER);
    // gs 2's reads skip the owner, which has gs 1 only; its own read of gs 1 stays.
    assertEquals(List.of(1L, 2L, 0L), readsInOrder(o, order));
  }

  @Test
  void run_stockRoutingOnRandomTraces_eachDataNodeAsItsOwnReplay() throws Exception {
    for (int seed = 1; seed <= 5; seed++) {
      Random random = new Random(seed);
      List<Trace> fleet = new ArrayList<>();
      for (int d = 0; d < 3; d++) {
        fleet.add(
            TestTraces.parse(
                RandomTraces.generate(random, 3000, 50_000, 60).csv(),
                TraceFormat.CSV,
                Strictness.STRICT));
      }
      RunConfig c =
          new RunConfig(
              PolicySpec.parse("tuned:threshold=2"),
              40_000,
              seed % 2 == 0 ? FillMode.BLOCK : FillMode.PAGES,
              PAGE,
              2,
              GuardSettings.defaults());
      ReplicaOutcome o = replay(fleet, c, RoutingType.STOCK);
      for (int d = 0; d < 3; d++) {
        RunOutcome own = new Replayer(fleet.get(d), c, new LongAdder()).run();
        assertEquals(comparable(own.result()), comparable(o.dataNodes().get(d).result()));
        assertArrayEquals(own.series().withCache(), o.dataNodes().get(d).series().withCache());
      }
      ReplicaOutcome owner = replay(fleet, c, RoutingType.OWNER);
      assertEquals(
          o.dataNodes().stream().mapToLong(r -> r.result().readBytes()).sum(),
          owner.dataNodes().stream().mapToLong(r -> r.result().readBytes()).sum(),
          "owner routing moves reads, it neither adds nor drops any");
    }
  }

  /** A result's fields but its wall times. */
  static Map<String, Object> comparable(RunResult r) throws Exception {
    Map<String, Object> out = new LinkedHashMap<>();
    for (RecordComponent c : RunResult.class.getRecordComponents()) {
      if (!c.getName().equals("elapsedSeconds") && !c.getName().equals("eventsPerSecond")) {
        out.put(c.getName(), c.getAccessor().invoke(r));
      }
    }
    return out;
  }

  private static RunConfig config(long cache) {
    return new RunConfig(PolicySpec.parse("admit-all"), cache, FillMode.BLOCK, PAGE, 1);
  }
}
