package io.hdfslocalcache.model.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The read buffer replays events in the order they were offered, drops none, and says when full.
 */
class ReadBufferTest {
  @Test
  void drainTo_eventsOfferedInTurnByTwoThreads_replayedInTheOrderOffered() throws Exception {
    ReadBuffer<Integer> b = new ReadBuffer<>();
    ExecutorService a = Executors.newSingleThreadExecutor();
    ExecutorService c = Executors.newSingleThreadExecutor();
    try {
      List<Integer> offered = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        int v = i;
        (i % 3 == 0 ? a : c).submit(() -> b.offer(v)).get(); // one after another, two threads
        offered.add(v);
      }
      List<Integer> drained = new ArrayList<>();
      b.drainTo(drained::add);
      assertEquals(offered, drained);
      assertEquals(0, b.pending());
    } finally {
      a.shutdown();
      c.shutdown();
    }
  }

  @Test
  void offer_256Waiting_fullUntilDrained() {
    ReadBuffer<Integer> b = new ReadBuffer<>();
    for (int i = 0; i < 256; i++) {
      assertEquals(ReadBuffer.Offer.ADDED, b.offer(i));
    }
    assertEquals(ReadBuffer.Offer.FULL, b.offer(256));
    List<Integer> drained = new ArrayList<>();
    b.drainTo(drained::add);
    assertEquals(256, drained.size());
    assertEquals(ReadBuffer.Offer.ADDED, b.offer(257), "drained slots are reused");
  }

  @Test
  void offer_manyThreadsWithADrainerBetween_everyEventReplayedOnce() throws Exception {
    ReadBuffer<Integer> b = new ReadBuffer<>();
    Set<Integer> seen = new HashSet<>();
    Object ownerLock = new Object();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int base = t * 10_000;
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 10_000; i++) {
                    Integer v = base + i;
                    if (b.offer(v) == ReadBuffer.Offer.FULL) {
                      synchronized (ownerLock) {
                        b.drainTo(seen::add);
                        seen.add(v); // what an owner does: drain, then apply its own event
                      }
                    }
                  }
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      synchronized (ownerLock) {
        b.drainTo(seen::add);
      }
      assertEquals(80_000, seen.size());
    } finally {
      pool.shutdown();
    }
  }
}
