package io.hdfslocalcache.simulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.simulator.policy.PolicySpec;
import io.hdfslocalcache.simulator.trace.Strictness;
import io.hdfslocalcache.simulator.trace.TestTraces;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

class ReplayerTest {
  private static final String HEADER =
      "timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length";
  private static final long PAGE = 1024;

  private static Trace csv(String... rows) throws Exception {
    return TestTraces.parse(
        HEADER + "\n" + String.join("\n", rows), TraceFormat.CSV, Strictness.STRICT);
  }

  private static RunResult run(Trace t, String policy, long cache, FillMode fill) {
    return new Replayer(
            t, new RunConfig(PolicySpec.parse(policy), cache, fill, PAGE, 1), new LongAdder())
        .run()
        .result();
  }

  private static long meta(long length) {
    return 7 + 4 * ((length + 511) / 512);
  }

  @Test
  void run_admitAllSmallCache_exactHitsBytesAndEvictions() throws Exception {
    // Three 1000-byte blocks (1000 + 15 meta = 1015 on SSD), room for two.
    Trace t =
        csv(
            "0,p,1,1,READ,0,1000",
            "1,p,2,1,READ,0,1000",
            "2,p,1,1,READ,0,100",
            "3,p,3,1,READ,0,1000", // evicts block 2 (LRU)
            "4,p,2,1,READ,0,1000", // miss, evicts block 1
            "5,p,3,1,READ,500,500"); // hit
    RunResult r = run(t, "admit-all", 2 * 1015, FillMode.BLOCK);
    assertEquals(6, r.reads());
    assertEquals(2, r.hits());
    assertEquals(600, r.hitBytes());
    assertEquals(4, r.admissions());
    assertEquals(2, r.evictions());
    assertEquals(4 * (1000 + meta(1000)), r.ssdBytesWritten());
    assertEquals(4 * 1000 + 4 * 1015, r.hddBytesRead());
    assertEquals(2.0 / 6, r.hitRatio(), 1e-12);
    assertEquals(600.0 / 4600, r.byteHitRatio(), 1e-12);
  }

  @Test
  void run_never_zeroHitsAndNoSsdWrites() throws Exception {
    Trace t = csv("0,p,1,1,READ,0,10", "1,p,1,1,READ,0,10", "2,p,1,1,READ,0,10");
    RunResult r = run(t, "never", Long.MAX_VALUE, FillMode.BLOCK);
    assertEquals(0, r.hits());
    assertEquals(0, r.ssdBytesWritten());
    assertEquals(r.diskHeadSecondsWithoutCache(), r.diskHeadSecondsWithCache(), 1e-12);
  }

  @Test
  void run_admitAllUnbounded_hitRatioIsReReferenceRatio() throws Exception {
    Random random = new Random(7);
    StringBuilder rows = new StringBuilder(HEADER);
    Set<Long> seen = new HashSet<>();
    long reReferences = 0;
    int reads = 5000;
    for (int i = 0; i < reads; i++) {
      long block = (long) Math.floor(Math.pow(random.nextDouble(), 3) * 2000);
      if (!seen.add(block)) {
        reReferences++;
      }
      rows.append('\n')
          .append(i)
          .append(",p,")
          .append(block)
          .append(",1,READ,")
          .append(512 * random.nextInt(100))
          .append(',')
          .append(1 + random.nextInt(4096));
    }
    Trace t = TestTraces.parse(rows.toString(), TraceFormat.CSV, Strictness.STRICT);
    RunResult r = run(t, "admit-all", Long.MAX_VALUE, FillMode.BLOCK);
    assertEquals(reReferences, r.hits());
    assertEquals((double) reReferences / reads, r.hitRatio(), 1e-12);
    assertEquals(0, r.evictions());
  }

  @Test
  void run_equalSizeBlocksLargerCache_admitAllHitRatioNeverLower() throws Exception {
    for (long seed = 0; seed < 5; seed++) {
      Random random = new Random(seed);
      StringBuilder rows = new StringBuilder(HEADER);
      for (int i = 0; i < 3000; i++) {
        long block = (long) Math.floor(Math.pow(random.nextDouble(), 2) * 300);
        rows.append('\n').append(i).append(",p,").append(block).append(",1,READ,0,4096");
      }
      Trace t = TestTraces.parse(rows.toString(), TraceFormat.CSV, Strictness.STRICT);
      long entry = 4096 + meta(4096);
      long previous = -1;
      for (int blocks = 0; blocks <= 320; blocks += 8) {
        long hits = run(t, "admit-all", blocks * entry, FillMode.BLOCK).hits();
        assertTrue(
            hits >= previous,
            "seed "
                + seed
                + ": "
                + blocks
                + " blocks gave "
                + hits
                + " hits, fewer than "
                + previous);
        previous = hits;
      }
      assertTrue(previous > 0);
    }
  }

  @Test
  void run_newerGenStamp_invalidatesAndOlderReadMissesLeavingNewer() throws Exception {
    Trace t =
        csv(
            "0,p,1,1,READ,0,100", // fill v1
            "1,p,1,1,READ,0,100", // hit v1
            "2,p,1,2,WRITE,0,200", // append: v2 invalidates v1
            "3,p,1,2,READ,0,200", // miss, fill v2
            "4,p,1,1,READ,0,100", // old reader: miss, v2 stays
            "5,p,1,2,READ,0,50", // hit v2
            "6,p,1,2,DELETE,0,0", // delete
            "7,p,1,2,READ,0,50"); // miss, fill again
    RunResult r = run(t, "admit-all", Long.MAX_VALUE, FillMode.BLOCK);
    assertEquals(6, r.reads());
    assertEquals(2, r.hits());
    assertEquals(1, r.invalidations());
    assertEquals(1, r.deletions());
    assertEquals(3, r.admissions());
    assertEquals(100 + meta(100) + 2 * (200 + meta(200)), r.ssdBytesWritten());
  }

  @Test
  void run_readOfNewerGenStamp_invalidatesCachedOlder() throws Exception {
    Trace t = csv("0,p,1,1,READ,0,100", "1,p,1,2,READ,0,100", "2,p,1,2,READ,0,100");
    RunResult r = run(t, "admit-all", Long.MAX_VALUE, FillMode.BLOCK);
    assertEquals(1, r.invalidations());
    assertEquals(1, r.hits());
  }

  @Test
  void run_blockLargerThanCache_neverAdmitted() throws Exception {
    Trace t = csv("0,p,1,1,READ,0,1000", "1,p,1,1,READ,0,1000");
    RunResult r = run(t, "admit-all", 1000, FillMode.BLOCK); // 1000 + meta does not fit
    assertEquals(0, r.admissions());
    assertEquals(0, r.hits());
  }

  @Test
  void run_bucketTimeThreshold_admitsOnTheReadAfterThreshold() throws Exception {
    // threshold 2: reads 1 and 2 rejected, read 3 (count 3 > 2) admits, read 4 hits.
    Trace t =
        csv("0,p,1,1,READ,0,10", "1,p,1,1,READ,0,10", "2,p,1,1,READ,0,10", "3,p,1,1,READ,0,10");
    RunResult r =
        run(t, "bucket-time:threshold=2,buckets=60,bucket=1m", Long.MAX_VALUE, FillMode.BLOCK);
    assertEquals(1, r.admissions());
    assertEquals(1, r.hits());
  }

  @Test
  void run_pagesFill_fillsOnlyTouchedPagesAndHitsOnlyWhenAllCached() throws Exception {
    // Block of 4096 bytes (4 pages of 1024); reads touch pages 0-1, then 1, then 1-2.
    Trace t =
        csv(
            "0,p,1,1,WRITE,0,4096",
            "1,p,1,1,READ,0,2048",
            "2,p,1,1,READ,1500,100",
            "3,p,1,1,READ,1500,1000");
    RunResult r = run(t, "admit-all", Long.MAX_VALUE, FillMode.PAGES);
    assertEquals(3, r.reads());
    assertEquals(1, r.hits());
    long page = 1024 + 4 * 2;
    // first fill: pages 0 and 1 (+7 header with page 0); second fill: page 2 only
    assertEquals(2 * page + 7 + page, r.ssdBytesWritten());
    assertEquals(2, r.admissions());
  }

  @Test
  void run_pagesFillSmallCache_evictsLruPages() throws Exception {
    Trace t =
        csv(
            "0,p,1,1,WRITE,0,4096",
            "1,p,1,1,READ,1024,1024",
            "2,p,1,1,READ,2048,1024",
            "3,p,1,1,READ,3072,1024",
            "4,p,1,1,READ,1024,1024");
    long page = 1024 + 8;
    RunResult r = run(t, "admit-all", 2 * page, FillMode.PAGES);
    assertEquals(0, r.hits()); // page 1 was evicted by page 3
    assertEquals(2, r.evictions());
  }

  @Test
  void run_diskTime_seekPlusTransferPerIo() throws Exception {
    Trace t = csv("0,p,1,1,READ,0,1000", "60000,p,1,1,READ,0,1000");
    RunResult r = run(t, "admit-all", Long.MAX_VALUE, FillMode.BLOCK);
    double io = 0.0115 + 1000 / 143e6;
    double fill = 0.0115 + (1000 + meta(1000)) / 143e6;
    assertEquals(2 * io, r.diskHeadSecondsWithoutCache(), 1e-12);
    assertEquals(io + fill, r.diskHeadSecondsWithCache(), 1e-12);
    assertEquals((io + fill) / 60, r.peakDiskUtilizationWithCache(), 1e-12);
    assertEquals((io + fill) / 60 / 2, r.meanDiskUtilizationWithCache(), 1e-12);
  }
}
