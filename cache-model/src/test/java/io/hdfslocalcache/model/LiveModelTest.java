package io.hdfslocalcache.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LiveModelTest {
  private static final long MB = 1 << 20;
  private static final long META_1MB = meta(MB);
  private static final String POOL = "BP-1";

  /** The meta file of a block of {@code length} bytes: a 7-byte header, 4 bytes per 512. */
  private static long meta(long length) {
    return 7 + 4 * ((length + 511) / 512);
  }

  /** Admits on a block's first read (threshold 0); the guard off unless asked. */
  private static CandidateSpec spec(long capacity, FillMode fill, int maxKeys) {
    RateLimitConfig admission =
        RateLimitConfig.defaults()
            .withThreshold(0)
            .withBucketCount(5)
            .withBucketDuration(Duration.ofMinutes(1))
            .withMaxTrackedKeys(maxKeys);
    return new CandidateSpec("c", admission, capacity, fill, MB, false, 3_600_000, 0);
  }

  private static LiveModel model(long capacity, FillMode fill) {
    return new LiveModel(spec(capacity, fill, 1 << 20));
  }

  @Test
  void totals_beforeAnyEvent_allZero() {
    ModelTotals t = model(10 * MB, FillMode.PAGES).totals();
    assertEquals(0, t.reads);
    assertEquals(0, t.trackedBlocks);
    assertEquals(0, t.hitRatio());
  }

  @Test
  void read_streamOfDistinctBlocksThroughSmallModel_trackedBlocksAndSlotsStayBounded() {
    for (FillMode fill : FillMode.values()) {
      // Room for 10 blocks of 1 MB (block mode) or 10 one-page entries of 4 MB blocks (pages).
      LiveModel m = new LiveModel(spec(10 * (MB + 4 * META_1MB), fill, 1024));
      long maxTracked = 0;
      for (int b = 0; b < 100_000; b++) {
        long length = fill == FillMode.BLOCK ? MB : 4 * MB;
        m.read(POOL, 1_000_000L + b, 1, length, 0, MB, 1_000L * b);
        maxTracked = Math.max(maxTracked, m.totals().trackedBlocks);
      }
      ModelTotals t = m.totals();
      assertEquals(100_000, t.admissions, fill.name());
      assertTrue(t.evictions >= 99_990, fill + ": " + t);
      assertTrue(maxTracked <= 10, fill + ": tracked up to " + maxTracked);
      // The event's own block takes an index before eviction frees one: 11 at most.
      assertTrue(m.blockSlots() <= 11, fill + ": " + m.blockSlots() + " block slots");
      assertTrue(t.limiterKeys <= 1024, fill + ": limiter keys " + t.limiterKeys);
    }
  }

  @Test
  void read_moreBlocksHeldThanFirstSized_arraysGrowAndEachIsHitAgain() {
    for (FillMode fill : FillMode.values()) {
      LiveModel m = model(1L << 40, fill);
      for (int round = 0; round < 2; round++) {
        for (int b = 0; b < 5000; b++) {
          m.read(POOL, b, 1, 2 * MB, MB, MB, 10L * b); // the second page, in pages mode
        }
      }
      ModelTotals t = m.totals();
      assertEquals(5000, t.trackedBlocks, fill.name());
      assertEquals(5000, t.admissions, fill.name());
      assertEquals(5000, t.hits, fill.name());
      assertEquals(5000, m.blockSlots(), fill.name());
    }
  }

  @Test
  void read_blocksNeverAdmitted_trackNothing() {
    LiveModel m =
        new LiveModel(
            new CandidateSpec(
                "c",
                RateLimitConfig.defaults().withThreshold(5),
                10 * MB,
                FillMode.PAGES,
                MB,
                false,
                3_600_000,
                0));
    for (int b = 0; b < 10_000; b++) {
      m.read(POOL, b, 1, MB, 0, MB, b);
    }
    assertEquals(0, m.totals().trackedBlocks);
    assertEquals(0, m.totals().admissions);
    assertTrue(m.blockSlots() <= 1, m.blockSlots() + " block slots");
  }

  @Test
  void delete_heldBlock_dropsItAndTheNextReadMisses() {
    LiveModel m = model(100 * MB, FillMode.BLOCK);
    m.read(POOL, 7, 1001, MB, 0, MB, 0); // admitted
    m.read(POOL, 7, 1001, MB, 0, MB, 1); // hit
    assertEquals(1, m.totals().trackedBlocks);
    m.delete(POOL, 7, 2);
    m.delete(POOL, 8, 2); // never read: nothing to do
    ModelTotals t = m.totals();
    assertEquals(1, t.deletions);
    assertEquals(0, t.trackedBlocks);
    m.read(POOL, 7, 1001, MB, 0, MB, 3); // a miss, admitted again
    t = m.totals();
    assertEquals(1, t.hits);
    assertEquals(2, t.admissions);
  }

  @Test
  void delete_anyVersion_dropsTheCachedOne() {
    LiveModel m = model(100 * MB, FillMode.PAGES);
    m.read(POOL, 7, 1005, MB, 0, MB, 0);
    m.delete(POOL, 7, 1); // the DataNode names the block, not the version
    assertEquals(1, m.totals().deletions);
    assertEquals(0, m.totals().trackedBlocks);
  }

  @Test
  void read_newerGenStamp_invalidatesTheCachedVersion() {
    LiveModel m = model(100 * MB, FillMode.BLOCK);
    m.read(POOL, 7, 1, MB, 0, MB, 0); // v1 admitted
    m.read(POOL, 7, 2, 2 * MB, 0, MB, 1); // v2: v1 dropped, miss, v2 admitted
    m.read(POOL, 7, 2, 2 * MB, 0, MB, 2); // hit on v2
    ModelTotals t = m.totals();
    assertEquals(1, t.invalidations);
    assertEquals(2, t.admissions);
    assertEquals(1, t.hits);
    assertEquals(MB + META_1MB + 2 * MB + meta(2 * MB), t.ssdBytesWritten);
  }

  @Test
  void write_newerGenStamp_invalidatesAndOlderOrEqualLeavesIt() {
    LiveModel m = model(100 * MB, FillMode.BLOCK);
    m.read(POOL, 7, 2, MB, 0, MB, 0);
    m.write(POOL, 7, 2, 1); // the cached version itself: stays
    assertEquals(1, m.totals().trackedBlocks);
    m.write(POOL, 7, 3, 2);
    assertEquals(1, m.totals().invalidations);
    assertEquals(0, m.totals().trackedBlocks);
  }

  @Test
  void read_olderGenStamp_servedFromHddAndTheNewerCopyStays() {
    LiveModel m = model(100 * MB, FillMode.BLOCK);
    m.read(POOL, 7, 2, MB, 0, MB, 0); // v2 admitted: the HDD reads 1 MB, the fill 1 MB + meta
    m.read(POOL, 7, 1, MB, 0, 4096, 1); // an old reader
    ModelTotals t = m.totals();
    assertEquals(0, t.hits);
    assertEquals(0, t.invalidations);
    assertEquals(MB + (MB + META_1MB) + 4096, t.hddBytesRead);
    m.read(POOL, 7, 2, MB, 0, MB, 2);
    assertEquals(1, m.totals().hits);
  }

  @Test
  void read_timesOutOfOrder_clockStaysAtTheNewestAndEveryReadCounts() {
    LiveModel m = model(100 * MB, FillMode.PAGES);
    m.read(POOL, 1, 1, MB, 0, MB, 10_000);
    m.read(POOL, 2, 1, MB, 0, MB, 10_005);
    m.read(POOL, 1, 1, MB, 0, MB, 9_998); // from a thread that finished a little earlier
    ModelTotals t = m.totals();
    assertEquals(10_005, t.newestReadMillis);
    assertEquals(3, t.reads);
    assertEquals(1, t.hits);
  }

  @Test
  void read_pagesMode_partialThenWholeAfterTheSecondPartialRead() {
    LiveModel m = model(100 * MB, FillMode.PAGES);
    long block = 4 * MB;
    m.read(POOL, 1, 1, block, 0, MB, 0); // entry: meta + page 0
    m.read(POOL, 1, 1, block, MB, MB, 1); // first partial read: page 1 added
    m.read(POOL, 1, 1, block, 2 * MB, MB, 2); // second: every missing page (2 and 3)
    m.read(POOL, 1, 1, block, 0, block, 3); // a hit
    ModelTotals t = m.totals();
    assertEquals(1, t.admissions);
    assertEquals(2, t.pageFills);
    assertEquals(1, t.hits);
    assertEquals(block + meta(block), t.ssdBytesWritten);
  }

  @Test
  void read_guardOnScanThatNeverPaysBack_deniesFills() {
    // Every block read once: fills cost the HDD and save nothing; the allowance runs out.
    RateLimitConfig admitAll = RateLimitConfig.defaults().withThreshold(0);
    LiveModel m =
        new LiveModel(
            new CandidateSpec("c", admitAll, 1L << 40, FillMode.BLOCK, MB, true, 3_600_000, 1000));
    for (int b = 0; b < 20_000; b++) {
      m.read(POOL, b, 1, 128 * MB, 0, MB, 100L * b);
    }
    ModelTotals t = m.totals();
    assertTrue(t.fillsDeniedByGuard > 0, t.toString());
    assertTrue(t.hddMicrosWithCache > t.hddMicrosWithoutCache, t.toString());
    assertTrue(t.hddTimeSavedFraction() < 0, t.toString());
  }
}
