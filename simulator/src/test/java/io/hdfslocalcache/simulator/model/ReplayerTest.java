package io.hdfslocalcache.simulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.policy.PolicySpec;
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
  void run_pagesFill_metaWholeThenTouchedPagesAndPartialHits() throws Exception {
    // Block of 4096 bytes (4 pages of 1024, meta 7 + 8 x 4 = 39); reads touch pages 0-1, then 1,
    // then 1-2.
    Trace t =
        csv(
            "0,p,1,1,WRITE,0,4096",
            "1,p,1,1,READ,0,2048",
            "2,p,1,1,READ,1500,100",
            "3,p,1,1,READ,1500,1000");
    RunResult r = run(t, "admit-all", Long.MAX_VALUE, FillMode.PAGES);
    assertEquals(3, r.reads());
    assertEquals(1, r.hits());
    assertEquals(1, r.partialHits());
    assertEquals(100 + (2048 - 1500), r.hitBytes());
    // first fill: the whole meta and pages 0 and 1; then page 2, without a new admission
    assertEquals(meta(4096) + 2048 + 1024, r.ssdBytesWritten());
    assertEquals(1, r.admissions());
    assertEquals(1, r.pageFills());
    assertEquals(r.ssdBytesWritten(), r.fillBytesRead());
    assertEquals(2048 + (2500 - 2048) + r.fillBytesRead(), r.hddBytesRead());
  }

  @Test
  void run_pagesPartialReadWithTwoMissingRuns_oneIoPerRunAndOnlyTheRangesBytes() throws Exception {
    Trace t =
        csv(
            "0,p,1,1,WRITE,0,4096",
            "1,p,1,1,READ,1024,1024", // new entry: meta + page 1
            "2,p,1,1,READ,3072,1024", // held: page 3 missing, filled
            "3,p,1,1,READ,100,3996"); // pages 0 and 2 missing: 2 runs
    RunResult r = run(t, "admit-all", Long.MAX_VALUE, FillMode.PAGES);
    assertEquals(1, r.partialHits());
    assertEquals(2048, r.hitBytes());
    assertEquals(1, r.admissions());
    assertEquals(2, r.pageFills());
    double expected =
        io(1, 1024) // read 1 misses
            + io(2, meta(4096) + 1024) // its fill: meta + one run
            + io(1, 1024) // read 2: page 3 from HDD
            + io(1, 1024) // its fill
            + io(2, (1024 - 100) + 1024) // read 3: two runs, only its range's bytes
            + io(2, 2048); // its fill: two runs of whole pages
    assertEquals(expected, r.diskHeadSecondsWithCache(), 1e-12);
  }

  private static double io(long ios, long bytes) {
    return ios * 0.0115 + bytes / 143e6;
  }

  @Test
  void run_pagesHeldBlockRejectedByPolicy_stillFillsMissingPages() throws Exception {
    // threshold 1 in one 1-minute bucket: the second read admits; a read two minutes later is
    // rejected (count 1) but the block is held, so its missing page is filled anyway.
    Trace t =
        csv(
            "0,p,1,1,WRITE,0,4096",
            "1,p,1,1,READ,0,1024",
            "2,p,1,1,READ,0,1024",
            "120000,p,1,1,READ,1024,1024",
            "120001,p,1,1,READ,1024,1024");
    RunResult r =
        run(t, "bucket-time:threshold=1,buckets=1,bucket=1m", Long.MAX_VALUE, FillMode.PAGES);
    assertEquals(1, r.admissions());
    assertEquals(1, r.pageFills());
    assertEquals(1, r.hits());
  }

  @Test
  void run_pagesLastPageEvicted_metaGoesAndTheBlockNeedsAdmissionAgain() throws Exception {
    // Blocks of 2 pages (meta 7 + 4 x 4 = 23); room for two whole entries.
    long entry = meta(2048) + 2048;
    Trace t =
        csv(
            "0,p,1,1,WRITE,0,2048",
            "0,p,2,1,WRITE,0,2048",
            "0,p,3,1,WRITE,0,2048",
            "1,p,1,1,READ,0,1024", // block 1: meta + page 0
            "2,p,2,1,READ,0,2048", // block 2: whole
            "3,p,3,1,READ,0,2048", // block 3 evicts block 1's only page, and its meta
            "4,p,1,1,READ,0,1024"); // block 1 again: a new entry, evicting block 2's pages
    RunResult r = run(t, "admit-all", 2 * entry, FillMode.PAGES);
    assertEquals(4, r.admissions());
    assertEquals(0, r.hits());
    assertEquals(3, r.evictions());
  }

  @Test
  void run_pagesFillSmallCache_evictsLruPagesWhileTheEntryKeepsItsMeta() throws Exception {
    // A block of 4 pages, room for 4 pages + 2 metas: the second partial read fills the rest of
    // the block; a second block then takes block 1's two least recently read pages.
    Trace t =
        csv(
            "0,p,1,1,WRITE,0,4096",
            "0,p,2,1,WRITE,0,4096",
            "1,p,1,1,READ,0,2048", // new entry: meta, pages 0-1
            "2,p,1,1,READ,2048,1024", // first partial read: page 2
            "3,p,1,1,READ,3072,1024", // second: every missing page (page 3)
            "4,p,2,1,READ,0,2048", // block 2 evicts block 1's pages 0 and 1
            "5,p,1,1,READ,2048,2048"); // pages 2-3 still cached: a hit
    RunResult r = run(t, "admit-all", 2 * (meta(4096) + 2048), FillMode.PAGES);
    assertEquals(2, r.admissions());
    assertEquals(2, r.pageFills());
    assertEquals(2, r.evictions());
    assertEquals(1, r.hits());
  }

  @Test
  void run_pagesSecondPartialRead_fillsEveryMissingPageAsRuns() throws Exception {
    // 8 pages; reads of pages 1 and 4 leave 0, 2-3, 5-7 missing: the second partial read (page 6)
    // fills them all, 3 runs of 6 pages.
    Trace t =
        csv(
            "0,p,1,1,WRITE,0,8192",
            "1,p,1,1,READ,1024,1024", // new entry: meta + page 1
            "2,p,1,1,READ,4096,1024", // partial read 1: page 4
            "3,p,1,1,READ,6144,100", // partial read 2: all 6 missing pages
            "4,p,1,1,READ,0,8192"); // a hit
    RunResult r = run(t, "admit-all", Long.MAX_VALUE, FillMode.PAGES);
    assertEquals(1, r.hits());
    assertEquals(meta(8192) + 8192, r.ssdBytesWritten());
    double expected =
        io(1, 1024) // read 1 misses
            + io(2, meta(8192) + 1024) // its fill
            + io(1, 1024) // read 2, from HDD
            + io(1, 1024) // its fill: page 4
            + io(1, 100) // read 3, from HDD
            + io(3, 6 * 1024); // its fill: pages 0, 2-3, 5-7
    assertEquals(expected, r.diskHeadSecondsWithCache(), 1e-12);
  }

  @Test
  void run_diskTime_seekPlusTransferPerIo() throws Exception {
    Trace t = csv("0,p,1,1,READ,0,1000", "60000,p,1,1,READ,0,1000");
    RunResult r = run(t, "admit-all", Long.MAX_VALUE, FillMode.BLOCK);
    double io = 0.0115 + 1000 / 143e6;
    double fill = 2 * 0.0115 + (1000 + meta(1000)) / 143e6; // data file and meta file
    assertEquals(2 * io, r.diskHeadSecondsWithoutCache(), 1e-12);
    assertEquals(io + fill, r.diskHeadSecondsWithCache(), 1e-12);
    assertEquals((io + fill) / 60, r.peakDiskUtilizationWithCache(), 1e-12);
    assertEquals((io + fill) / 60 / 2, r.meanDiskUtilizationWithCache(), 1e-12);
  }

  /** A scan: each of {@code blocks} 128 MiB blocks read once for 64 KiB, one a second. */
  private static Trace scan(int blocks) throws Exception {
    StringBuilder rows = new StringBuilder(HEADER);
    for (int i = 0; i < blocks; i++) {
      rows.append('\n').append(i * 1000L).append(",p,").append(i).append(",1,WRITE,0,134217728");
      rows.append('\n').append(i * 1000L).append(",p,").append(i).append(",1,READ,0,65536");
    }
    return TestTraces.parse(rows.toString(), TraceFormat.CSV, Strictness.STRICT);
  }

  private static RunResult run(Trace t, FillMode fill, GuardSettings guard) {
    RunConfig c = new RunConfig(PolicySpec.parse("admit-all"), 1L << 40, fill, 1 << 20, 1, guard);
    return new Replayer(t, c, new LongAdder()).run().result();
  }

  @Test
  void run_guardOnScanThatNeverPaysBack_pausesAfterTheAllowance() throws Exception {
    Trace t = scan(1000);
    GuardSettings on = GuardSettings.defaults();
    RunResult off = run(t, FillMode.BLOCK, on.withEnabled(false));
    RunResult guarded = run(t, FillMode.BLOCK, on);
    assertEquals(1000, off.admissions());
    assertEquals("off", off.guard());
    assertEquals(0, off.fillsDeniedCost());
    // 180 s of allowance buys 187 fills of 128 MiB (0.96 s each: data file + meta file)
    long fill = Math.round(2 * 11_500.0 + (134217728 + meta(134217728)) * 1e6 / 143e6);
    assertEquals(180_000_000 / fill, guarded.admissions());
    assertEquals(1000 - guarded.admissions(), guarded.fillsDeniedCost());
    assertEquals(1, guarded.guardTransitions());
    assertEquals(999 - guarded.admissions(), guarded.guardPausedSeconds(), 1e-9);
    assertTrue(guarded.diskHeadSecondsWithCache() < off.diskHeadSecondsWithCache() / 4);
  }

  @Test
  void run_guardOnHotBlocks_fillsWhatPaysAndNeverPauses() throws Exception {
    // 20 blocks of 4 MiB, read 1 MiB at a time, 10 reads a second for 20 minutes.
    Random random = new Random(3);
    StringBuilder rows = new StringBuilder(HEADER);
    for (int i = 0; i < 12_000; i++) {
      rows.append('\n')
          .append(i * 100L)
          .append(",p,")
          .append(random.nextInt(20))
          .append(",1,READ,")
          .append((1 << 20) * random.nextInt(4))
          .append(",1048576");
    }
    Trace t = TestTraces.parse(rows.toString(), TraceFormat.CSV, Strictness.STRICT);
    for (FillMode fill : FillMode.values()) {
      RunResult off = run(t, fill, GuardSettings.defaults().withEnabled(false));
      RunResult on = run(t, fill, GuardSettings.defaults());
      assertTrue(on.byteHitRatio() > 0.95 * off.byteHitRatio(), fill + ": " + on);
      assertTrue(on.diskHeadSecondsWithCache() < 0.2 * on.diskHeadSecondsWithoutCache());
      assertEquals(0, on.guardTransitions(), fill + ": " + on);
    }
  }

  @Test
  void run_guardOnWriteBudget_pagesStopAtTheBurst() throws Exception {
    // Each fill writes the block's whole meta (1 MiB + 7 B for 128 MiB) and one 1 MiB page into
    // a 64 MiB cache: the burst (one capacity) holds 31 fills and 64 MiB - 224 B; the refill (0.5
    // x 64 MiB a day, 388 B/s) brings the 32nd by second 31, and nothing more fits in 200 s.
    Trace t = scan(200);
    GuardSettings budgetOnly = new GuardSettings(true, 3_600_000, 12, 100, 0.5);
    RunConfig c =
        new RunConfig(
            PolicySpec.parse("admit-all"), 64L << 20, FillMode.PAGES, 1 << 20, 1, budgetOnly);
    RunResult r = new Replayer(t, c, new LongAdder()).run().result();
    assertEquals(32, r.admissions());
    assertEquals(200 - r.admissions(), r.fillsDeniedWriteBudget());
    assertEquals(0, r.fillsDeniedCost());
    assertEquals(1, r.guardTransitions());
  }
}
