package io.hdfslocalcache.datanode.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The page state machine: ABSENT -claim-> BUSY -publish-> PRESENT -evict-> BUSY -release-> ABSENT.
 * Readers trust {@code has}; a fill and an eviction never own one page at once, so a page is never
 * written while its delete is queued.
 */
class PageSetTest {
  @Test
  void new_emptyOrFull_allAbsentOrAllPresent() {
    PageSet empty = new PageSet(3, false);
    PageSet full = new PageSet(3, true);
    for (int p = 0; p < 3; p++) {
      assertFalse(empty.has(p));
      assertTrue(full.has(p));
    }
    assertEquals(0, empty.count());
    assertFalse(empty.complete());
    assertEquals(3, full.count());
    assertTrue(full.complete());
  }

  @Test
  void claimThenPublish_absentPage_busyUntilPublishedThenPresent() {
    PageSet s = new PageSet(2, false);
    assertTrue(s.tryClaim(1));
    assertFalse(s.has(1), "a page being written is not served");
    assertEquals(0, s.count());
    assertFalse(s.tryClaim(1), "one fill per page");
    s.publish(1);
    assertTrue(s.has(1));
    assertEquals(1, s.count());
    assertFalse(s.tryClaim(1), "a present page is not filled again");
  }

  @Test
  void release_claimedPage_absentAndClaimableAgain() {
    PageSet s = new PageSet(1, false);
    assertTrue(s.tryClaim(0));
    s.release(0);
    assertFalse(s.has(0));
    assertEquals(0, s.count());
    assertTrue(s.tryClaim(0));
  }

  @Test
  void evict_presentPage_notServedAndNotClaimableUntilItsDeleteIsDone() {
    PageSet s = new PageSet(2, true);
    assertTrue(s.tryEvict(0));
    assertFalse(s.has(0), "readers stop using it at once");
    assertEquals(1, s.count());
    assertFalse(s.tryClaim(0), "no fill may write it while its delete is queued");
    assertFalse(s.tryEvict(0), "evicted once");
    s.release(0); // the delete is done
    assertTrue(s.tryClaim(0));
  }

  @Test
  void evict_pageBeingFilledOrAbsent_refused() {
    PageSet s = new PageSet(2, false);
    assertFalse(s.tryEvict(0), "absent");
    assertTrue(s.tryClaim(1));
    assertFalse(s.tryEvict(1), "an eviction never takes a page a fill owns");
    s.publish(1);
    assertTrue(s.has(1), "the fill's publish still lands");
    assertEquals(1, s.count());
  }

  @Test
  void publishOrRelease_pageNotBusy_changesNothing() {
    PageSet s = new PageSet(2, false);
    s.publish(0); // never claimed
    assertFalse(s.has(0));
    assertEquals(0, s.count());
    assertTrue(s.tryClaim(1));
    s.publish(1);
    s.publish(1); // twice
    s.release(1); // a stale release must not take a present page from readers
    assertTrue(s.has(1));
    assertEquals(1, s.count());
  }

  @Test
  void restorePresent_twice_countedOnce() {
    PageSet s = new PageSet(3, false);
    s.restorePresent(2);
    s.restorePresent(2);
    assertTrue(s.has(2));
    assertEquals(1, s.count());
  }

  @Test
  void tryClaim_manyFillsRaceForOnePage_exactlyOneWins() throws Exception {
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int round = 0; round < 200; round++) {
        PageSet s = new PageSet(1, false);
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Future<Boolean>> claims = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          claims.add(
              pool.submit(
                  () -> {
                    start.await();
                    return s.tryClaim(0);
                  }));
        }
        int won = 0;
        for (Future<Boolean> f : claims) {
          won += f.get() ? 1 : 0;
        }
        assertEquals(1, won, "round " + round);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Fills (claim, publish or give up) and evictions (evict, release) hammer the same pages: every
   * owner of a BUSY page is exactly one party, and {@code count} always ends equal to the pages
   * PRESENT.
   */
  @Test
  void claimsAndEvictions_concurrent_neverShareAPageAndCountMatchesPresent() throws Exception {
    int pages = 4;
    PageSet s = new PageSet(pages, false);
    AtomicInteger[] owners = new AtomicInteger[pages];
    for (int p = 0; p < pages; p++) {
      owners[p] = new AtomicInteger();
    }
    int threads = 6;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        boolean filler = t % 2 == 0;
        done.add(
            pool.submit(
                () -> {
                  ThreadLocalRandom r = ThreadLocalRandom.current();
                  for (int i = 0; i < 100_000; i++) {
                    int p = r.nextInt(pages);
                    boolean mine = filler ? s.tryClaim(p) : s.tryEvict(p);
                    if (!mine) {
                      continue;
                    }
                    assertEquals(1, owners[p].incrementAndGet(), "page " + p + " owned twice");
                    owners[p].decrementAndGet();
                    if (filler && r.nextBoolean()) {
                      s.publish(p);
                    } else {
                      s.release(p);
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    int present = 0;
    for (int p = 0; p < pages; p++) {
      present += s.has(p) ? 1 : 0;
    }
    assertEquals(present, s.count());
  }
}
