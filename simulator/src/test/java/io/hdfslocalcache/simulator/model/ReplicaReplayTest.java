package io.hdfslocalcache.simulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.trace.Strictness;
import io.hdfslocalcache.simulator.trace.TestTraces;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import java.util.ArrayList;
import java.util.List;
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
    return new ReplicaReplay(List.of(dataNodes), c, new LongAdder()).run();
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
    ReplicaResult r = new ReplicaReplay(fleet, config(BLOCK_1000), new LongAdder()).run();
    assertEquals(0, r.pooledHitBytes());
  }

  private static RunConfig config(long cache) {
    return new RunConfig(PolicySpec.parse("admit-all"), cache, FillMode.BLOCK, PAGE, 1);
  }
}
