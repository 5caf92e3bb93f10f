package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.metrics.ReadRoute;
import io.hdfslocalcache.time.FakeClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The gate's decisions on a fake clock: reads on the caller's thread until one is slow (finished or
 * still running), then on the I/O threads for the cool-down, and back only when nothing is stuck.
 */
class InlineReadGateTest {
  private static final Duration SLOW = Duration.ofMillis(50);
  private static final Duration COOL_DOWN = Duration.ofMinutes(1);
  private static final int MAX_IN_FLIGHT = 3;

  private final FakeClock now = new FakeClock(0);

  private InlineReadGate gate(ReadBound bound) {
    return new InlineReadGate(bound, SLOW, COOL_DOWN, MAX_IN_FLIGHT, "ssd0", now);
  }

  private void advance(Duration d) {
    now.advanceNanos(d.toNanos());
  }

  /** A read by the calling thread that takes {@code took}. */
  private static void read(InlineReadGate gate, FakeClock now, Duration took) {
    long start = gate.begin();
    now.advanceNanos(took.toNanos());
    gate.end(start);
  }

  /** A read begun on another thread that never returns (a thread stuck in the kernel). */
  private static void stuckRead(InlineReadGate gate) throws InterruptedException {
    Thread t = new Thread(gate::begin);
    t.start();
    t.join();
  }

  @Test
  void route_strict_alwaysIoThreads() {
    InlineReadGate g = gate(ReadBound.STRICT);
    assertEquals(ReadRoute.IO_THREADS, g.route());
    assertEquals(ReadRoute.IO_THREADS, g.current());
  }

  @Test
  void route_adaptiveFastReads_caller() {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    for (int i = 0; i < 100; i++) {
      assertEquals(ReadRoute.CALLER, g.route());
      read(g, now, Duration.ofMillis(49));
    }
    assertEquals(ReadRoute.CALLER, g.current());
  }

  @Test
  void end_readSlowerThanSlow_ioThreadsUntilCoolDownEnds() {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    read(g, now, Duration.ofMillis(51));
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.current());
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
    advance(COOL_DOWN.minusMillis(1)); // the cool-down counts from the slow read's end
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
    advance(Duration.ofMillis(1));
    assertEquals(ReadRoute.CALLER, g.route());
    assertEquals(ReadRoute.CALLER, g.current());
  }

  @Test
  void route_readStillRunningPastSlow_ioThreadsFromTheNextLook() throws Exception {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    assertEquals(ReadRoute.CALLER, g.route()); // the first look, nothing in flight
    stuckRead(g);
    advance(Duration.ofMillis(40));
    assertEquals(ReadRoute.CALLER, g.route(), "not slow yet");
    advance(Duration.ofMillis(23)); // 63 ms: slow, and past the next look (every 12.5 ms)
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
  }

  @Test
  void routeAndCurrent_coolDownOverButAReadStillStuck_staysOnIoThreads() throws Exception {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    stuckRead(g);
    advance(Duration.ofMillis(60));
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
    advance(COOL_DOWN.plusSeconds(1));
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.current(), "the gauge sees it stuck");
    assertEquals(
        ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route(), "the stuck read restarts the cool-down");
    advance(COOL_DOWN.minusSeconds(1));
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
  }

  @Test
  void current_idleAfterASlowRead_callerOnceTheCoolDownIsOver() {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    read(g, now, Duration.ofMillis(60));
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.current());
    advance(COOL_DOWN);
    assertEquals(ReadRoute.CALLER, g.current(), "no read came, nothing stuck");
  }

  @Test
  void route_asManyReadsInFlightAsThePool_nextGoesToThePool() throws Exception {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    for (int i = 0; i < MAX_IN_FLIGHT - 1; i++) {
      stuckRead(g);
    }
    assertEquals(ReadRoute.CALLER, g.route());
    stuckRead(g);
    assertEquals(ReadRoute.IO_THREADS, g.route(), "this read only: the gate did not switch");
    assertEquals(ReadRoute.CALLER, g.current());
  }

  @Test
  void end_slowReadWhileOnIoThreads_restartsCoolDown() {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    long start = g.begin(); // began on the caller's thread before the switch
    read(g, now, Duration.ofMillis(60)); // another read (same thread here) switches
    advance(COOL_DOWN.minusSeconds(10));
    g.end(start); // the early read returns, after ~50 s: slow, so the cool-down starts again
    advance(Duration.ofSeconds(20));
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
    advance(COOL_DOWN);
    assertEquals(ReadRoute.CALLER, g.route());
  }
}
