package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The runnable count read from a {@code /proc/loadavg} line. */
class RunQueueTest {
  @Test
  void runnable_loadavgLine_fourthFieldsRunning() {
    assertEquals(24, RunQueue.runnable("29.98 29.34 25.89 24/472 30304\n"));
    assertEquals(1, RunQueue.runnable("0.00 0.01 0.05 1/128 7"));
  }
}
