package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OpenWatchTest {
  private static final long STALL = 1_000;

  @Test
  void observe_countMovesWithinTheStallLimit_progressing() {
    OpenWatch w = new OpenWatch(0, STALL);
    for (long t = 500; t <= 10_000; t += 500) {
      assertEquals(OpenWatch.Verdict.PROGRESSING, w.observe(t, t), "at " + t);
    }
  }

  @Test
  void observe_countNeverMoves_hungAtTheStallLimitFromTheStart() {
    OpenWatch w = new OpenWatch(100, STALL);
    assertEquals(OpenWatch.Verdict.PROGRESSING, w.observe(1_099, 0));
    assertEquals(OpenWatch.Verdict.HUNG, w.observe(1_100, 0));
    assertEquals(1_000, w.stillFor(1_100));
  }

  @Test
  void observe_countStopsAfterMoving_hungOneStallLimitAfterItsLastMove() {
    OpenWatch w = new OpenWatch(0, STALL);
    assertEquals(OpenWatch.Verdict.PROGRESSING, w.observe(400, 7));
    assertEquals(OpenWatch.Verdict.PROGRESSING, w.observe(1_399, 7));
    assertEquals(OpenWatch.Verdict.HUNG, w.observe(1_400, 7));
    assertEquals(OpenWatch.Verdict.PROGRESSING, w.observe(5_000, 8), "it moved again");
  }
}
