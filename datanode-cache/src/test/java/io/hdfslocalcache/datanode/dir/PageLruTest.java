package io.hdfslocalcache.datanode.dir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.EntryHome;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The page order on int slots against the reference it replaces, an access-ordered {@link
 * LinkedHashMap} of (entry, page) keys: the same pages come out in the same order under any mix of
 * adds, touches, removes, entry deletes and polls; slots are reused, and no entry is held once its
 * pages are gone.
 */
class PageLruTest {
  private static final int PAGE = 100;

  private static final EntryHome NO_HOME =
      new EntryHome() {
        @Override
        public PageStore store() {
          return null;
        }

        @Override
        public void draining(long bytes) {}

        @Override
        public void deletePages(CachedReplica entry, long drainingBytes) {}

        @Override
        public void pageRead(CachedReplica entry, int page) {}

        @Override
        public void pageAdded(CachedReplica entry, int page) {}
      };

  private static CachedReplica entry(long block, int pages) {
    return new CachedReplica(
        new BlockId("BP-1", block),
        1,
        block,
        (long) pages * PAGE - (block % 3 == 0 ? 40 : 0), // some blocks end in a short page
        7,
        new ChecksumLayout(2, 512, 4, 7),
        new int[1],
        PAGE,
        false,
        NO_HOME,
        0,
        false);
  }

  /** The reference: an access-ordered map, keyed by entry identity and page. */
  private static final class Reference {
    final LinkedHashMap<List<Object>, int[]> order = new LinkedHashMap<>(16, 0.75f, true);

    private static List<Object> key(CachedReplica e, int p) {
      return List.of(new Identity(e), p);
    }

    void add(CachedReplica e, int p) {
      order.put(key(e, p), new int[0]);
    }

    void touch(CachedReplica e, int p) {
      order.get(key(e, p));
    }

    void remove(CachedReplica e, int p) {
      order.remove(key(e, p));
    }

    void removeAll(CachedReplica e) {
      order.keySet().removeIf(k -> ((Identity) k.get(0)).e == e);
    }

    List<String> poll(int max) {
      List<String> out = new ArrayList<>();
      Iterator<List<Object>> it = order.keySet().iterator();
      while (out.size() < max && it.hasNext()) {
        List<Object> k = it.next();
        out.add(((Identity) k.get(0)).e.fillId + ":" + k.get(1));
        it.remove();
      }
      return out;
    }
  }

  private static final class Identity {
    final CachedReplica e;

    Identity(CachedReplica e) {
      this.e = e;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Identity && ((Identity) o).e == e;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(e);
    }
  }

  private static List<String> poll(PageLru lru, int max) {
    List<String> out = new ArrayList<>();
    for (PageLru.Key k : lru.pollOldest(max)) {
      out.add(k.entry.fillId + ":" + k.page);
    }
    return out;
  }

  /** An entry as the restore brings it back: its pages on the SSD, read last at {@code millis}. */
  private static CachedReplica restoredEntry(long block, long millis) {
    CachedReplica e = entry(block, 2);
    e.restorePage(0);
    e.restorePage(1);
    e.lastAccessMillis = millis;
    return e;
  }

  @Test
  void restore_pagesFilledSinceTheRestart_stayNewerThanTheNextPoolsPages() {
    PageLru lru = new PageLru();
    CachedReplica late = restoredEntry(3, 15); // the next pool's
    lru.restore(List.of(restoredEntry(1, 10), restoredEntry(2, 20)));
    lru.add(late, 1); // filled again before its pool restored
    lru.add(entry(4, 1), 0);
    lru.restore(List.of(late));
    assertEquals(List.of("1:0", "1:1", "3:0", "2:0", "2:1", "3:1", "4:0"), poll(lru, 10));
  }

  @Test
  void operations_randomMix_sameOrderAsAnAccessOrderedMap() {
    Random rnd = new Random(29);
    PageLru lru = new PageLru();
    Reference ref = new Reference();
    List<CachedReplica> entries = new ArrayList<>();
    long next = 1;
    for (int i = 0; i < 40; i++) {
      entries.add(entry(next++, 1 + rnd.nextInt(20)));
    }
    for (int step = 0; step < 200_000; step++) {
      CachedReplica e = entries.get(rnd.nextInt(entries.size()));
      int p = rnd.nextInt(e.pages.pages());
      int op = rnd.nextInt(100);
      if (op < 40) {
        lru.add(e, p);
        ref.add(e, p);
      } else if (op < 75) {
        lru.touch(e, p);
        ref.touch(e, p);
      } else if (op < 88) {
        lru.remove(e, p);
        ref.remove(e, p);
      } else if (op < 91) {
        lru.removeAll(e);
        ref.removeAll(e);
        entries.set(entries.indexOf(e), entry(next++, 1 + rnd.nextInt(20))); // a new block
      } else {
        int max = 1 + rnd.nextInt(5);
        assertEquals(ref.poll(max), poll(lru, max), "poll at step " + step);
      }
      assertEquals(ref.order.size(), lru.size(), "size at step " + step);
    }
    assertEquals(ref.poll(Integer.MAX_VALUE), poll(lru, Integer.MAX_VALUE));
  }

  @Test
  void add_pageAlreadyThere_movesToTheNewestEndOnce() {
    PageLru lru = new PageLru();
    CachedReplica a = entry(1, 4);
    lru.add(a, 0);
    lru.add(a, 1);
    lru.add(a, 0);
    assertEquals(2, lru.size());
    assertEquals(List.of("1:1", "1:0"), poll(lru, 5));
  }

  @Test
  void removeAll_blocksComingAndGoing_slotsReusedNotGrown() {
    PageLru lru = new PageLru();
    for (long b = 1; b <= 10_000; b++) {
      CachedReplica e = entry(b * 3 + 1, 128); // never short: one range size
      for (int p = 0; p < 128; p++) {
        lru.add(e, p);
      }
      if (b > 4) {
        assertEquals(128, lru.pollOldest(128).size()); // the oldest block's pages, all of them
      }
    }
    assertEquals(4 * 128, lru.size());
    assertTrue(lru.slotsHandedOut() <= 6 * 128, "slots handed out: " + lru.slotsHandedOut());
  }

  @Test
  void pollOldest_lastPageOfAnEntry_entryNoLongerHeld() throws Exception {
    PageLru lru = new PageLru();
    CachedReplica e = entry(1, 3);
    lru.add(e, 0);
    lru.add(e, 2);
    WeakReference<CachedReplica> ref = new WeakReference<>(e);
    lru.remove(e, 0);
    e = null;
    assertEquals(1, poll(lru, 5).size());
    for (int i = 0; i < 50 && ref.get() != null; i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertEquals(null, ref.get(), "the page order keeps no entry whose pages all left");
  }

  @Test
  void touch_manyThreadsWhileTheLockIsHeld_noneWaits() throws Exception {
    PageLru lru = new PageLru();
    CachedReplica e = entry(1, 8);
    for (int p = 0; p < 8; p++) {
      lru.add(e, p);
    }
    ExecutorService readers = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> done = new ArrayList<>();
      synchronized (lru) { // a holder the scheduler preempted: evicting, or draining
        for (int t = 0; t < 8; t++) {
          done.add(
              readers.submit(
                  () -> {
                    for (int i = 0; i < 30; i++) {
                      lru.touch(e, i % 8);
                    }
                  }));
        }
        for (Future<?> f : done) {
          f.get(30, TimeUnit.SECONDS); // 240 touches: every one buffered, none waits for the lock
        }
      }
    } finally {
      readers.shutdownNow();
    }
    assertEquals(8, lru.size());
  }

  @Test
  void touch_moreThanTheBufferHoldsBetweenPolls_sameOrderAsSerial() {
    Random rnd = new Random(7);
    PageLru lru = new PageLru();
    Reference ref = new Reference();
    List<CachedReplica> entries = new ArrayList<>();
    for (long b = 1; b <= 20; b++) {
      CachedReplica e = entry(b, 16);
      entries.add(e);
      for (int p = 0; p < 16; p++) {
        lru.add(e, p);
        ref.add(e, p);
      }
    }
    for (int round = 0; round < 20; round++) {
      for (int i = 0; i < 1_000; i++) { // some touches find the buffer full and drain it
        CachedReplica e = entries.get(rnd.nextInt(entries.size()));
        int p = rnd.nextInt(16);
        lru.touch(e, p);
        ref.touch(e, p);
      }
      assertEquals(ref.poll(3), poll(lru, 3), "round " + round);
    }
    assertEquals(ref.poll(Integer.MAX_VALUE), poll(lru, Integer.MAX_VALUE));
  }

  @Test
  void touch_handedBetweenThreadsInTurn_sameOrderAsSerial() throws Exception {
    PageLru lru = new PageLru();
    Reference ref = new Reference();
    CachedReplica e = entry(1, 100);
    for (int p = 0; p < 100; p++) {
      lru.add(e, p);
      ref.add(e, p);
    }
    ExecutorService a = Executors.newSingleThreadExecutor();
    ExecutorService b = Executors.newSingleThreadExecutor();
    try {
      for (int i = 0; i < 200; i++) {
        int p = (i * 37) % 100;
        (i % 2 == 0 ? a : b).submit(() -> lru.touch(e, p)).get(); // a read handed to another thread
        ref.touch(e, p);
      }
    } finally {
      a.shutdown();
      b.shutdown();
    }
    assertEquals(ref.poll(Integer.MAX_VALUE), poll(lru, Integer.MAX_VALUE));
  }
}
