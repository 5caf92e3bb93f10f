package io.hdfslocalcache.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.time.FakeClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A day of steady workloads, one step a second on a fake clock: how the guard behaves over time.
 */
class FillGuardWorkloadTest {
  private static final long SECOND = 1000;
  private static final long HOUR = 3_600_000;
  private static final long DAY = 24 * HOUR - HOUR / 2; // ends mid-window, off any boundary
  private static final long BLOCK = 128L << 20;
  private static final long PAGE = 1L << 20;

  private final FakeClock clock = new FakeClock(1_699_999_800_000L);
  private final List<GuardTransition> transitions = new ArrayList<>();
  private final FillGuard guard =
      new FillGuard(GuardConfig.builder().build(), clock, transitions::add);

  private final int[] due = new int[(int) (DAY / SECOND) + 700]; // cached reads due per second
  private int second;

  private long day(int period, long fillBytes, int hits, long readBytes, double jitter, long seed) {
    return phase(
        (int) (DAY / SECOND), period, fillBytes, hits, readBytes, jitter, new Random(seed));
  }

  /**
   * For {@code seconds}, every {@code period} seconds one fill of {@code fillBytes} (+- jitter) is
   * attempted; an allowed fill brings {@code hits} reads of {@code readBytes} served from SSD, each
   * 1 to 11 minutes later. Returns allowed fills.
   */
  private long phase(
      int seconds,
      int period,
      long fillBytes,
      int hits,
      long readBytes,
      double jitter,
      Random random) {
    long allowed = 0;
    for (int end = second + seconds; second < end; second++) {
      clock.advanceMillis(SECOND);
      long bytes = Math.max(1, (long) (fillBytes * (1 + jitter * (2 * random.nextDouble() - 1))));
      if (second % period == 0 && guard.tryFill(1, bytes, bytes) == FillVerdict.ALLOW) {
        allowed++;
        for (int h = 0; h < hits; h++) {
          due[second + 60 + random.nextInt(600)]++;
        }
      }
      for (int i = 0; i < due[second]; i++) {
        guard.recordRead(readBytes, 0, 0);
      }
    }
    return allowed;
  }

  /**
   * After the minimum pause backed off to the window (0, 5, 10, 20, 40 min: the first ~75 min), at
   * most a pause and a resume per window.
   */
  private static void assertAboutTwicePerWindow(List<GuardTransition> transitions, String what) {
    long start = transitions.isEmpty() ? 0 : transitions.get(0).timeMillis();
    long settled = 0;
    for (GuardTransition t : transitions) {
      if (t.timeMillis() >= start + 2 * HOUR) {
        settled++;
      }
    }
    assertTrue(transitions.size() - settled <= 12, what + ": " + transitions.size());
    assertTrue(settled <= 2 * (DAY / HOUR - 2) + 2, what + ": " + settled + " after 2 h");
  }

  @Test
  void tryFill_fillsNeverPayBack_endsPausedWithFewFillsAndFewTransitions() {
    // A 128 MB block fill every second, each read once more for 64 KB: fills cost 80x what they
    // save. Unguarded that is 84,600 fills, 95% of one HDD's time.
    long allowed = day(1, BLOCK, 1, 64 << 10, 0, 1);
    long unguarded = DAY / SECOND;
    assertEquals(GuardState.PAUSED_COST, guard.state());
    assertTrue(allowed < unguarded / 15, allowed + " of " + unguarded + " fills allowed");
    // The promise: fills ran at most one allowance per window ahead of what they saved.
    long windows = DAY / HOUR + 1;
    long spent = allowed * DiskModel.DEFAULT.micros(1, BLOCK);
    long saved = allowed * DiskModel.DEFAULT.micros(1, 64 << 10);
    long allowance = guard.config().allowanceMicros(); // 180 s
    assertTrue(spent <= windows * allowance + saved, spent + " micros spent");
    assertTrue(spent > (windows - 2) * allowance, spent + " micros spent");
    // It re-explores about once a window: a pause and a resume per hour, not per fill.
    assertAboutTwicePerWindow(transitions, "never pays back");
    assertTrue(transitions.size() >= 2 * 20, transitions.size() + " transitions");
  }

  @Test
  void tryFill_fillsPayBackTwice_neverPauses() {
    // A 1 MB page fill every second (18.8 ms of disk time), read 3 more times for 256 KB: the hits
    // save 40 ms.
    long allowed = day(1, PAGE, 3, 256 << 10, 0.5, 2);
    assertEquals(DAY / SECOND, allowed);
    assertTrue(transitions.isEmpty(), transitions.toString());
  }

  @Test
  void tryFill_blockFillsPayingBackWithinMinutes_neverPause() {
    // A 128 MB block fill every 4 s (24% of one HDD), its hits saving 120% of its cost within
    // 1-11 min: the fills in flight (~85 s of disk time) stay within the allowance (180 s).
    long blockFill = DiskModel.DEFAULT.micros(1, BLOCK);
    int hits = (int) Math.round(1.2 * blockFill / DiskModel.DEFAULT.micros(1, PAGE));
    long allowed = day(4, BLOCK, hits, PAGE, 0.5, 4);
    assertEquals(DAY / SECOND / 4, allowed);
    assertTrue(transitions.isEmpty(), transitions.toString());
    assertEquals(GuardState.FILLING, guard.state());
  }

  @Test
  void tryFill_steadyWorkloadsAroundBreakEven_boundedTransitions() {
    // A block fill every second (95% of one HDD), its hits saving 50% to 150% of its cost 1-11
    // min later, each fill's size varying by +-90%. Fills in flight (~340 s of disk time) exceed
    // the allowance (~180 s) even when they pay back, so the guard must pace them: it changes
    // state at most about twice per window, whatever the ratio, instead of once per bucket.
    long blockFill = DiskModel.DEFAULT.micros(1, BLOCK);
    long hit = DiskModel.DEFAULT.micros(1, PAGE);
    for (double ratio : new double[] {0.5, 0.9, 0.97, 1.0, 1.03, 1.1, 1.5}) {
      int hits = (int) Math.round(ratio * blockFill / hit);
      FillGuardWorkloadTest run = new FillGuardWorkloadTest();
      run.day(1, BLOCK, hits, PAGE, 0.9, 3);
      assertAboutTwicePerWindow(run.transitions, "ratio " + ratio);
    }
  }

  @Test
  void tryFill_workloadTurnsFavourable_reExploredAndFillsAgain() {
    Random random = new Random(5);
    int hour = (int) (HOUR / SECOND);
    phase(6 * hour - 600, 1, BLOCK, 1, 64 << 10, 0, random); // never pays: paused, mid-window
    assertEquals(GuardState.PAUSED_COST, guard.state());
    int hits =
        (int)
            Math.round(
                3.0 * DiskModel.DEFAULT.micros(1, BLOCK) / DiskModel.DEFAULT.micros(1, PAGE));
    phase(4 * hour, 4, BLOCK, hits, PAGE, 0.5, random); // now each fill saves 3x its cost
    int settled = transitions.size();
    long allowed = phase(12 * hour, 4, BLOCK, hits, PAGE, 0.5, random);
    assertEquals(12 * hour / 4, allowed);
    assertEquals(settled, transitions.size());
    assertEquals(GuardState.FILLING, guard.state());
  }
}
