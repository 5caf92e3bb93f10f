package io.hdfslocalcache.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.time.FakeClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FillGuardTest {
  private static final long MIN = 60_000;
  private static final long HOUR = 60 * MIN;
  private static final long BLOCK = 128L << 20;
  private static final long BLOCK_FILL_MICROS = DiskModel.DEFAULT.micros(1, BLOCK);

  private static final long ALLOWANCE = GuardConfig.builder().build().allowanceMicros();

  private final FakeClock clock = new FakeClock(1_699_999_800_000L); // a bucket boundary
  private final List<GuardTransition> transitions = new ArrayList<>();

  private FillGuard guard(GuardConfig config) {
    return new FillGuard(config, clock, transitions::add);
  }

  private FillGuard guard() {
    return guard(GuardConfig.builder().build());
  }

  /** One 64 KB read of a cached block served from SSD: saves 1 IO + 64 KB. */
  private static void hit(FillGuard g) {
    g.recordRead(64 << 10, 0, 0);
  }

  @Test
  void tryFill_coldCacheWithinAllowance_allowsWithoutTransition() {
    FillGuard g = guard();
    long fits = ALLOWANCE / BLOCK_FILL_MICROS; // 189 block fills before any saving
    for (long i = 0; i < fits; i++) {
      assertEquals(FillVerdict.ALLOW, g.tryFill(1, BLOCK, BLOCK));
    }
    assertEquals(GuardState.FILLING, g.state());
    assertEquals(fits * BLOCK_FILL_MICROS, g.snapshot().fillCostMicros());
    assertEquals(fits * BLOCK, g.snapshot().fillBytes());
    assertEquals(fits, g.snapshot().fillIos());
    assertTrue(transitions.isEmpty());
  }

  @Test
  void snapshot_afterPauseAndReads_agreesWithTheGuardAndStaysFixed() {
    FillGuard g = guard();
    while (g.tryFill(1, BLOCK, BLOCK) == FillVerdict.ALLOW) {
      // spend the allowance: the last fill pauses the guard
    }
    g.recordRead(1_000_000, 0, 0);
    g.recordMiss(4096);
    GuardSnapshot s = g.snapshot();
    assertEquals(GuardState.PAUSED_COST, s.state());
    assertEquals(s.allowedFills() * BLOCK_FILL_MICROS, s.fillCostMicros());
    assertEquals(s.allowedFills(), s.fillIos());
    assertEquals(s.allowedFills() * BLOCK, s.fillBytes());
    assertEquals(s.allowedFills() * BLOCK, s.fillSsdBytes());
    assertEquals(DiskModel.DEFAULT.micros(1, 1_000_000), s.savedMicros());
    assertEquals(2, s.reads());
    assertEquals(1_000_000 + 4096, s.readBytes());
    assertEquals(1, s.deniedForCost());
    assertEquals(0, s.deniedForWriteBudget());
    assertEquals(1, s.transitions());
    assertEquals(Long.MAX_VALUE, s.writeBudgetAvailableBytes());
    g.tryFill(1, BLOCK, BLOCK);
    clock.advanceMillis(2 * HOUR);
    assertEquals(GuardState.PAUSED_COST, s.state(), "a value, not a view of the guard");
    assertEquals(1, s.deniedForCost());
    assertEquals(0, g.snapshot().fillCostMicros());
  }

  @Test
  void tryFill_oneFillLargerThanTheAllowance_refusedWithoutPausing() {
    FillGuard g = guard(GuardConfig.builder().allowanceFraction(0.0001).build()); // 0.36 s
    assertEquals(FillVerdict.DENY_COST, g.tryFill(1, BLOCK, BLOCK)); // 0.95 s: nothing ran ahead
    assertEquals(GuardState.FILLING, g.state());
    assertEquals(FillVerdict.ALLOW, g.tryFill(1, 4096, 4096));
    assertEquals(1, g.deniedForCost());
    assertTrue(transitions.isEmpty());
  }

  @Test
  void tryFill_costBeyondSavingsPlusAllowance_deniesAndReportsOneTransition() {
    FillGuard g = guard();
    while (g.tryFill(1, BLOCK, BLOCK) == FillVerdict.ALLOW) {
      // spend the allowance
    }
    assertEquals(GuardState.PAUSED_COST, g.state());
    assertEquals(FillVerdict.DENY_COST, g.tryFill(1, 4096, 4096)); // even a small one
    assertEquals(2, g.deniedForCost());
    assertEquals(1, transitions.size());
    GuardTransition t = transitions.get(0);
    assertEquals(GuardState.FILLING, t.from());
    assertEquals(GuardState.PAUSED_COST, t.to());
    assertTrue(
        t.toString().startsWith("fill guard FILLING -> PAUSED_COST: fills in the last 60 min"),
        t.toString());
    assertTrue(t.reason().contains("allowance (180.0 s of disk time)"), t.reason());
    assertTrue(g.snapshot().fillCostMicros() <= g.snapshot().savedMicros() + ALLOWANCE);
  }

  @Test
  void tryFill_savingsGrowWithFills_staysFilling() {
    FillGuard g = guard();
    // Each block fill is followed by 100 hits: savings 1.2 s per 0.95 s of fill.
    for (int i = 0; i < 5000; i++) {
      assertEquals(FillVerdict.ALLOW, g.tryFill(1, BLOCK, BLOCK));
      for (int h = 0; h < 100; h++) {
        hit(g);
      }
      clock.advanceMillis(10_000);
    }
    assertTrue(transitions.isEmpty());
  }

  @Test
  void state_pausedThenCostsSlideOut_resumesOnlyAfterTheirBucketLeaves() {
    FillGuard g = guard();
    while (g.tryFill(1, BLOCK, BLOCK) == FillVerdict.ALLOW) {
      // all fills in the first bucket
    }
    clock.advanceMillis(HOUR - 1); // the first bucket is still in the window
    assertEquals(GuardState.PAUSED_COST, g.state());
    clock.advanceMillis(5 * MIN); // it left
    assertEquals(GuardState.FILLING, g.state());
    assertEquals(0, g.snapshot().fillCostMicros());
    assertEquals(2, transitions.size());
    assertEquals(GuardState.FILLING, transitions.get(1).to());
    assertTrue(transitions.get(1).reason().contains("fills resume"), transitions.get(1).reason());
  }

  @Test
  void state_savingsCoverCostButNotHalfAllowanceMore_staysPaused() {
    FillGuard g = guard();
    while (g.tryFill(1, BLOCK, BLOCK) == FillVerdict.ALLOW) {
      // fills ran A ahead of savings
    }
    clock.advanceMillis(10 * MIN);
    // Hits bring the headroom back to A/4: below the A/2 needed to resume.
    while (g.snapshot().savedMicros() + g.config().allowanceMicros() - g.snapshot().fillCostMicros()
        < g.config().allowanceMicros() / 4) {
      hit(g);
    }
    assertEquals(GuardState.PAUSED_COST, g.state());
    while (g.snapshot().savedMicros() + g.config().allowanceMicros() / 2
        < g.snapshot().fillCostMicros()) {
      hit(g);
    }
    assertEquals(GuardState.FILLING, g.state());
  }

  @Test
  void state_firstPause_endsAsSoonAsSavingsCoverIt() {
    FillGuard g = guard();
    while (g.tryFill(1, BLOCK, BLOCK) == FillVerdict.ALLOW) {
      // a cold directory outran its reads
    }
    while (g.snapshot().savedMicros() + g.config().allowanceMicros() / 2
        < g.snapshot().fillCostMicros()) {
      hit(g); // same bucket
    }
    assertEquals(GuardState.FILLING, g.state());
  }

  @Test
  void state_pausesAgainWithinAWindow_minimumPauseBacksOffFromABucketToTheWindow() {
    FillGuard g = guard();
    List<Long> pauses = new ArrayList<>();
    for (int round = 0; round < 6; round++) {
      long before = g.snapshot().fillCostMicros();
      while (g.tryFill(1, BLOCK, BLOCK) == FillVerdict.ALLOW) {
        // fills outrun savings again
      }
      assertEquals(GuardState.PAUSED_COST, g.state());
      long pausedAt = clock.millis();
      long target = g.snapshot().savedMicros() + 2 * (g.snapshot().fillCostMicros() - before);
      while (g.snapshot().savedMicros() < target) {
        hit(g); // this round's fills paid back twice, at once
      }
      while (g.state() == GuardState.PAUSED_COST) {
        clock.advanceMillis(MIN);
      }
      pauses.add((clock.millis() - pausedAt) / MIN);
    }
    // None, then 1, 2, 4, 8 buckets of 5 min, then the window (12 buckets).
    assertEquals(List.of(0L, 5L, 10L, 20L, 40L, 60L), pauses);
  }

  @Test
  void recordRead_fullHit_savesOneIoAndItsBytesAndCountsInTheReadsCost() {
    FillGuard g = guard(GuardConfig.builder().build());
    g.recordRead(1_000_000, 0, 0);
    assertEquals(DiskModel.DEFAULT.micros(1, 1_000_000), g.snapshot().savedMicros());
    assertEquals(1, g.snapshot().savedIos());
    assertEquals(1_000_000, g.snapshot().savedBytes());
    assertEquals(DiskModel.DEFAULT.micros(1, 1_000_000), g.snapshot().readCostMicros());
    assertEquals(1, g.snapshot().reads());
  }

  @Test
  void recordMiss_uncachedRead_countsInTheReadsCostWithoutSavings() {
    FillGuard g = guard(GuardConfig.builder().build());
    g.recordMiss(1_000_000);
    assertEquals(0, g.snapshot().savedMicros());
    assertEquals(DiskModel.DEFAULT.micros(1, 1_000_000), g.snapshot().readCostMicros());
    assertEquals(1_000_000, g.snapshot().readBytes());
  }

  @Test
  void recordRead_partialReadSplitInThreeIos_savesLessThanNothingInIos() {
    FillGuard g = guard(GuardConfig.builder().build());
    // 3 MB read, middle MB cached twice over: the HDD served 2 MB in 3 runs.
    g.recordRead(3_000_000, 3, 2_000_000);
    assertEquals(-2, g.snapshot().savedIos());
    assertEquals(1_000_000, g.snapshot().savedBytes());
    assertEquals(
        DiskModel.DEFAULT.micros(1, 3_000_000) - DiskModel.DEFAULT.micros(3, 2_000_000),
        g.snapshot().savedMicros());
    assertTrue(g.snapshot().savedMicros() < 0);
  }

  @Test
  void tryFill_disabled_allowsEverythingButKeepsTheLedger() {
    FillGuard g = guard(GuardConfig.disabled());
    for (int i = 0; i < 1000; i++) {
      assertEquals(FillVerdict.ALLOW, g.tryFill(1, BLOCK, BLOCK));
    }
    assertEquals(GuardState.FILLING, g.state());
    assertEquals(1000 * BLOCK_FILL_MICROS, g.snapshot().fillCostMicros());
    assertEquals(Long.MAX_VALUE, g.writeBudgetAvailableBytes());
    assertTrue(transitions.isEmpty());
  }

  @Test
  void tryFill_clockGoesBackwards_countsAsNewestTimeSeen() {
    FillGuard g = guard();
    g.tryFill(1, BLOCK, BLOCK);
    clock.setMillis(clock.millis() - 3 * HOUR); // a wall-clock step back
    assertEquals(BLOCK_FILL_MICROS, g.snapshot().fillCostMicros()); // not cleared, not moved
    g.tryFill(1, BLOCK, BLOCK);
    clock.advanceMillis(3 * HOUR + HOUR - 1);
    assertEquals(2 * BLOCK_FILL_MICROS, g.snapshot().fillCostMicros());
    clock.advanceMillis(5 * MIN);
    assertEquals(0, g.snapshot().fillCostMicros());
  }

  @Test
  void tryFill_negativeArguments_throw() {
    FillGuard g = guard();
    assertThrows(IllegalArgumentException.class, () -> g.tryFill(-1, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> g.recordRead(0, 0, -1));
    assertThrows(IllegalArgumentException.class, () -> g.recordMiss(-1));
  }

  @Test
  void tryFill_concurrentCallers_everyCallCountedOnce() throws Exception {
    FillGuard g = guard(GuardConfig.builder().allowanceFraction(100).build());
    int threads = 8;
    int perThread = 20_000;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    AtomicLong allowed = new AtomicLong();
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        done.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < perThread; i++) {
                    if (g.tryFill(1, 4096, 4096) == FillVerdict.ALLOW) {
                      allowed.incrementAndGet();
                    }
                    g.recordRead(4096, 0, 0);
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(threads * perThread, allowed.get());
    assertEquals(allowed.get(), g.snapshot().allowedFills());
    assertEquals(threads * perThread, g.snapshot().fillIos());
    assertEquals((long) threads * perThread * 4096, g.snapshot().savedBytes());
    assertEquals(threads * perThread, g.snapshot().reads());
  }

  @Test
  void tryFill_randomWorkloads_fillsNeverRunMoreThanAllowanceAheadWhenAllowed() {
    Random random = new Random(11);
    FillGuard g = guard();
    for (int i = 0; i < 200_000; i++) {
      clock.advanceMillis(random.nextInt(2000));
      if (random.nextInt(3) == 0) {
        long bytes = 1 + random.nextInt(64 << 20);
        if (g.tryFill(1 + random.nextInt(3), bytes, bytes) == FillVerdict.ALLOW) {
          assertTrue(
              g.snapshot().fillCostMicros()
                  <= g.snapshot().savedMicros() + g.config().allowanceMicros());
        }
      } else {
        long read = 1 + random.nextInt(1 << 20);
        int ios = random.nextInt(3);
        g.recordRead(read, ios, ios == 0 ? 0 : random.nextInt((int) read));
      }
    }
    assertTrue(g.snapshot().allowedFills() > 1000, "allowed " + g.snapshot().allowedFills());
    assertTrue(g.deniedForCost() > 1000, "denied " + g.deniedForCost());
  }

  @Test
  void recordReadDeferred_whileAnotherThreadHoldsTheGuard_doesNotWait() throws Exception {
    FillGuard g = guard();
    ExecutorService readers = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      synchronized (g) { // a holder the scheduler preempted
        for (int t = 0; t < 4; t++) {
          done.add(
              readers.submit(
                  () -> {
                    for (int i = 0; i < 50; i++) {
                      g.recordReadDeferred(64 << 10, 0, 0);
                    }
                  }));
        }
        for (Future<?> f : done) {
          f.get(30, TimeUnit.SECONDS); // 200 reads: every one buffered, none waits
        }
      }
    } finally {
      readers.shutdownNow();
    }
    assertEquals(200, g.snapshot().reads());
    assertEquals(200 * DiskModel.DEFAULT.micros(1, 64 << 10), g.snapshot().savedMicros());
  }

  @Test
  void recordReadDeferred_mixWithFillsAndTime_sameDecisionsAndTransitionsAsRecordRead() {
    List<GuardTransition> deferredTransitions = new ArrayList<>();
    GuardConfig config = GuardConfig.builder().build();
    FillGuard serial = guard(config);
    FillGuard deferred = new FillGuard(config, clock, deferredTransitions::add);
    Random rnd = new Random(29);
    for (int step = 0; step < 200_000; step++) {
      int op = rnd.nextInt(100);
      if (op < 70) {
        long bytes = 1 + rnd.nextInt(1 << 20);
        long ios = rnd.nextInt(10) < 8 ? 0 : 1;
        long hdd = ios == 0 ? 0 : rnd.nextInt((int) bytes);
        serial.recordRead(bytes, ios, hdd);
        deferred.recordReadDeferred(bytes, ios, hdd);
      } else if (op < 80) {
        assertEquals(
            serial.tryFill(1, BLOCK, BLOCK), deferred.tryFill(1, BLOCK, BLOCK), "step " + step);
      }
      clock.advanceMillis(rnd.nextInt(2_000)); // reads replay at their own times, not the drain's
    }
    GuardSnapshot s = serial.snapshot();
    GuardSnapshot d = deferred.snapshot();
    assertEquals(shown(s), shown(d));
    assertTrue(s.transitions() > 2, "the mix pauses and resumes: " + s.transitions());
    assertEquals(shown(transitions), shown(deferredTransitions));
  }

  private static String shown(GuardSnapshot s) {
    return s + ", " + s.reads() + " reads of " + s.readBytes() + ", saved " + s.savedBytes();
  }

  private static List<String> shown(List<GuardTransition> ts) {
    List<String> out = new ArrayList<>();
    for (GuardTransition t : ts) {
      out.add(t.timeMillis() + " " + t);
    }
    return out;
  }
}
