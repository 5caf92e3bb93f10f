package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.metrics.ReadRoute;
import io.hdfslocalcache.time.FakeClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The gate's decisions on a fake clock: reads on the caller's thread, however many at once, until
 * the disk is found slow (most recent reads slow, or one past the stuck bound) or hung (a read
 * running with nothing completing, or past the stuck bound), then on the I/O threads for the
 * cool-down, and back only when nothing is stuck. A preempted reader or a JVM pause is neither.
 */
class InlineReadGateTest {
  private static final Duration SLOW = Duration.ofMillis(50);
  private static final Duration STUCK = Duration.ofMillis(500);

  /** The read timeout: a read running this long is stuck whatever the CPU or the stalls say. */
  private static final Duration WALL = Duration.ofSeconds(3);

  private static final Duration COOL_DOWN = Duration.ofMinutes(1);

  private final FakeClock now = new FakeClock(0);

  /** The process's stalls as a pause detector would count them; tests add pauses. */
  private final AtomicLong stalled = new AtomicLong();

  /** Whether the run queue says the cores are oversubscribed. */
  private volatile boolean saturated;

  private final ProcessStalls stalls =
      new ProcessStalls() {
        @Override
        public long stalledNanos(long t) {
          return stalled.get();
        }

        @Override
        public boolean cpuSaturated() {
          return saturated;
        }
      };

  private InlineReadGate gate(ReadBound bound) {
    return new InlineReadGate(bound, SLOW, STUCK, WALL, COOL_DOWN, "ssd0", now, stalls);
  }

  private void advance(Duration d) {
    now.advanceNanos(d.toNanos());
  }

  /** The whole process stops for {@code d} (a GC pause): the pause detector counts it. */
  private void pause(Duration d) {
    advance(d);
    stalled.addAndGet(d.toNanos());
  }

  /** A read by the calling thread that takes {@code took}. */
  private static void read(InlineReadGate gate, FakeClock now, Duration took) {
    SlowSsdDetector.Started start = gate.begin();
    now.advanceNanos(took.toNanos());
    gate.end(start);
  }

  /** A read begun on another thread that never returns (a thread stuck in the kernel). */
  private static void stuckRead(InlineReadGate gate) throws InterruptedException {
    Thread t = new Thread(gate::begin);
    t.start();
    t.join();
  }

  /** A fast read completed on another thread (the disk answers someone). */
  private static void fastReadElsewhere(InlineReadGate gate) throws InterruptedException {
    Thread t = new Thread(() -> gate.end(gate.begin()));
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
  void route_manyMoreReadsInFlightThanThePool_allOnTheirCallers() throws Exception {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    for (int i = 0; i < 200; i++) {
      stuckRead(g); // in flight, not slow: the clock stands still
      assertEquals(ReadRoute.CALLER, g.route());
    }
    assertEquals(ReadRoute.CALLER, g.current());
  }

  @Test
  void end_oneSlowReadAmongFastOnes_staysOnCaller() {
    // A reader preempted by busy threads: one read of 60 ms (even one every few ms among many fast
    // ones, as at 32 readers on saturated cores) does not move the directory.
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    for (int round = 0; round < 50; round++) {
      read(g, now, Duration.ofMillis(60));
      for (int i = 0; i < 7; i++) {
        read(g, now, Duration.ofMillis(1));
      }
      assertEquals(ReadRoute.CALLER, g.route(), "round " + round);
    }
    assertEquals(ReadRoute.CALLER, g.current());
  }

  @Test
  void end_readsSlowOnlyByAGcPause_staysOnCaller() {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    for (int i = 0; i < 10; i++) {
      SlowSsdDetector.Started start = g.begin();
      pause(Duration.ofMillis(400)); // every read in flight looks slow by the pause
      advance(Duration.ofMillis(2));
      g.end(start);
      assertEquals(ReadRoute.CALLER, g.route());
    }
  }

  @Test
  void route_readsInFlightDuringAGcPause_notHung() throws Exception {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    for (int i = 0; i < 32; i++) {
      stuckRead(g);
    }
    pause(Duration.ofSeconds(1)); // longer than the stuck bound, but a stall of everything
    assertEquals(ReadRoute.CALLER, g.route());
    assertEquals(ReadRoute.CALLER, g.current());
  }

  @Test
  void endAndRoute_cpuSaturatedConvoy_staysOnCaller() throws Exception {
    // Hundreds of readers on oversubscribed cores: a lock holder is preempted, nothing completes
    // for a while, then every waiting read ends slow at once.
    saturated = true;
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    for (int i = 0; i < 16; i++) {
      stuckRead(g);
    }
    advance(STUCK.plusMillis(100)); // past the net bounds, no completions, no process stall
    assertEquals(ReadRoute.CALLER, g.route());
    for (int i = 0; i < 10; i++) {
      read(g, now, Duration.ofMillis(100)); // the convoy ends: all slow, the stuck ones too
    }
    assertEquals(ReadRoute.CALLER, g.route());
    assertEquals(ReadRoute.CALLER, g.current());
  }

  @Test
  void route_cpuSaturatedAndAReadRunningSecondsShortOfTheReadTimeout_caller() throws Exception {
    // At a load average of 80 on 2 cores a page read of a healthy disk took over 2 s.
    saturated = true;
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    stuckRead(g);
    advance(WALL.minusMillis(500));
    assertEquals(ReadRoute.CALLER, g.route());
  }

  @Test
  void route_cpuSaturatedAndAReadRunningTheReadTimeout_ioThreads() throws Exception {
    // A disk that hangs on a busy machine is still noticed, by the wall clock.
    saturated = true;
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    stuckRead(g);
    advance(WALL.plusMillis(1));
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
  }

  @Test
  void end_mostRecentReadsSlow_ioThreadsUntilCoolDownEnds() {
    // A slow disk: its reads are slow one after another (net of any pause).
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    read(g, now, Duration.ofMillis(1));
    read(g, now, Duration.ofMillis(60));
    read(g, now, Duration.ofMillis(60));
    assertEquals(ReadRoute.CALLER, g.route(), "two slow reads are not yet a slow disk");
    read(g, now, Duration.ofMillis(60));
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.current());
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
    advance(COOL_DOWN.minusMillis(1)); // the cool-down counts from the slow read's end
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
    advance(Duration.ofMillis(1));
    assertEquals(ReadRoute.CALLER, g.route());
    assertEquals(ReadRoute.CALLER, g.current());
  }

  @Test
  void end_oneReadPastTheStuckBound_ioThreads() {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    read(g, now, STUCK.plusMillis(1));
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
  }

  @Test
  void route_readRunningPastSlowWithNothingCompleting_ioThreadsFromTheNextLook() throws Exception {
    // A hung disk: a read runs on and no read of the directory completes.
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    assertEquals(ReadRoute.CALLER, g.route()); // the first look, nothing in flight
    stuckRead(g);
    advance(Duration.ofMillis(40));
    assertEquals(ReadRoute.CALLER, g.route(), "not slow yet");
    advance(Duration.ofMillis(23)); // 63 ms: slow, and past the next look (every 12.5 ms)
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
  }

  @Test
  void route_readRunningPastSlowWhileOthersComplete_callerUntilTheStuckBound() throws Exception {
    // A preempted reader (or one dead sector): the disk answers the others meanwhile.
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    stuckRead(g);
    for (int ms = 0; ms < 490; ms += 10) {
      advance(Duration.ofMillis(10));
      fastReadElsewhere(g);
      assertEquals(ReadRoute.CALLER, g.route(), ms + 10 + " ms");
    }
    advance(Duration.ofMillis(20)); // 510 ms: past the stuck bound whatever the others do
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
  }

  @Test
  void route_readRunningTheReadTimeoutByTheWallClock_ioThreadsWhateverTheStalls() throws Exception {
    // The pause detector itself starved of CPU counts all time as a stall; the wall clock wins.
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    stuckRead(g);
    pause(WALL.plusMillis(1));
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
    read(g, now, STUCK.plusMillis(1));
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.current());
    advance(COOL_DOWN);
    assertEquals(ReadRoute.CALLER, g.current(), "no read came, nothing stuck");
  }

  @Test
  void end_slowReadWhileOnIoThreads_restartsCoolDown() {
    InlineReadGate g = gate(ReadBound.ADAPTIVE);
    SlowSsdDetector.Started start = g.begin(); // began on the caller's thread before the switch
    read(g, now, STUCK.plusMillis(1)); // another read (same thread here) switches
    advance(COOL_DOWN.minusSeconds(10));
    g.end(start); // the early read returns, after ~50 s: slow, so the cool-down starts again
    advance(Duration.ofSeconds(20));
    assertEquals(ReadRoute.IO_THREADS_AFTER_SLOW_READ, g.route());
    advance(COOL_DOWN);
    assertEquals(ReadRoute.CALLER, g.route());
  }
}
