package io.hdfslocalcache.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.time.FakeClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The SSD write budget, driven through {@link FillGuard} with the cost side out of the way. */
class WriteBudgetTest {
  private static final long HOUR = 3_600_000;
  private static final long DAY = 24 * HOUR;
  private static final long CAPACITY = 1L << 30;
  private static final long PAGE = 1L << 20;

  private final FakeClock clock = new FakeClock(1_699_999_800_000L);
  private final List<GuardTransition> transitions = new ArrayList<>();

  private FillGuard guard(double dwpd) {
    GuardConfig config =
        GuardConfig.builder()
            .allowanceFraction(100) // fills never pause for cost here
            .maxDriveWritesPerDay(dwpd)
            .capacityBytes(CAPACITY)
            .build();
    return new FillGuard(config, clock, transitions::add);
  }

  @Test
  void tryFill_emptyCache_mayFillItsCapacityOnceThenPauses() {
    FillGuard g = guard(0.5);
    for (int i = 0; i < CAPACITY / PAGE; i++) {
      assertEquals(FillVerdict.ALLOW, g.tryFill(1, PAGE, PAGE), "page " + i);
    }
    assertEquals(0, g.writeBudgetAvailableBytes());
    assertEquals(FillVerdict.DENY_WRITE_BUDGET, g.tryFill(1, PAGE, PAGE));
    assertEquals(GuardState.PAUSED_WRITE_BUDGET, g.state());
    assertEquals(1, g.deniedForWriteBudget());
    assertEquals(1, transitions.size());
    String reason = transitions.get(0).reason();
    assertTrue(
        reason.contains(
            "dfs.datanode.local-cache.fill.max.drive.writes.per.day=0.5 x capacity 1.0 GiB"
                + " = 512.0 MiB/day"),
        reason);
    assertTrue(reason.contains("To fill more, raise"), reason);
  }

  @Test
  void restoreWriteBudget_spentLevel_pausedAtItUntilItRefills() {
    FillGuard g = guard(0.5);
    clock.advanceMillis(HOUR);

    g.restoreWriteBudget(new WriteBudgetState(PAGE, true, 2 * PAGE, clock.millis() - HOUR));

    // An hour's refill since it was saved: 512 MiB/day / 24 = 21.3 MiB, a window's: resumes.
    assertEquals(PAGE + CAPACITY / 2 / 24, g.writeBudgetAvailableBytes(), 1);
    assertEquals(GuardState.FILLING, g.state());
    assertEquals(2, transitions.size(), "paused by the restore, resumed by the refill");
    assertTrue(transitions.get(0).reason().contains("before the restart"), transitions.toString());
  }

  @Test
  void restoreWriteBudget_savedAheadOfTheClock_noRefillAndCappedAtCapacity() {
    FillGuard g = guard(0.5);

    g.restoreWriteBudget(new WriteBudgetState(2 * CAPACITY, false, 0, clock.millis() + HOUR));

    assertEquals(CAPACITY, g.writeBudgetAvailableBytes());
    g.restoreWriteBudget(new WriteBudgetState(PAGE, false, 0, clock.millis() + HOUR));
    assertEquals(PAGE, g.writeBudgetAvailableBytes());
    assertEquals(GuardState.FILLING, g.state());
    assertEquals(0, transitions.size());
  }

  @Test
  void state_exhausted_resumesAfterOneWindowOfRefillNotBefore() {
    FillGuard g = guard(0.5);
    g.tryFill(1, CAPACITY, CAPACITY);
    assertEquals(FillVerdict.DENY_WRITE_BUDGET, g.tryFill(1, PAGE, PAGE));
    // 512 MiB/day refills 1 MiB in 168.75 s: enough for one page, but the pause holds for a
    // whole window's refill (21.3 MiB).
    clock.advanceMillis(HOUR / 2);
    assertEquals(FillVerdict.DENY_WRITE_BUDGET, g.tryFill(1, PAGE, PAGE));
    assertEquals(GuardState.PAUSED_WRITE_BUDGET, g.state());
    clock.advanceMillis(HOUR / 2);
    assertEquals(GuardState.FILLING, g.state());
    assertEquals(CAPACITY / 2 / 24, g.writeBudgetAvailableBytes(), 1);
    assertEquals(FillVerdict.ALLOW, g.tryFill(1, PAGE, PAGE));
    assertEquals(2, transitions.size());
    assertTrue(transitions.get(1).reason().contains("refilled"), transitions.get(1).reason());
  }

  @Test
  void tryFill_writeHungryWeek_writesCapacityPlusBudgetAndPausesAboutOncePerWindow() {
    FillGuard g = guard(0.5);
    long written = 0;
    for (long t = 0; t < 7 * DAY; t += 1000) {
      clock.advanceMillis(1000);
      if (g.tryFill(1, PAGE, PAGE) == FillVerdict.ALLOW) {
        written += PAGE;
      }
    }
    long budget = CAPACITY + (long) (0.5 * CAPACITY * 7);
    assertTrue(written <= budget, written + " > " + budget);
    assertTrue(written >= budget - CAPACITY / 24, written + " written of " + budget);
    // A pause lasts a window's refill less the few bytes left when it began.
    assertTrue(transitions.size() <= 2 * 7 * 24 * 1.05, transitions.size() + " transitions");
  }

  @Test
  void tryFill_largerThanCapacity_deniedWithoutChangingState() {
    FillGuard g = guard(0.5);
    assertEquals(FillVerdict.DENY_WRITE_BUDGET, g.tryFill(1, 2 * CAPACITY, 2 * CAPACITY));
    assertEquals(GuardState.FILLING, g.state());
    assertEquals(FillVerdict.ALLOW, g.tryFill(1, PAGE, PAGE));
    assertTrue(transitions.isEmpty());
  }

  @Test
  void tryFill_noBudget_neverDeniesForWrites() {
    FillGuard g = guard(0);
    for (int i = 0; i < 10; i++) {
      assertEquals(FillVerdict.ALLOW, g.tryFill(1, CAPACITY, CAPACITY));
    }
    assertEquals(Long.MAX_VALUE, g.writeBudgetAvailableBytes());
  }

  @Test
  void state_bothPausesHold_costPauseWinsThenBudgetShows() {
    GuardConfig config =
        GuardConfig.builder().maxDriveWritesPerDay(0.5).capacityBytes(CAPACITY).build();
    FillGuard g = new FillGuard(config, clock, transitions::add);
    assertEquals(FillVerdict.ALLOW, g.tryFill(1, 0, CAPACITY)); // takes the whole budget
    assertEquals(FillVerdict.DENY_WRITE_BUDGET, g.tryFill(0, 0, PAGE));
    assertEquals(GuardState.PAUSED_WRITE_BUDGET, g.state());
    long block = 128L << 20;
    for (int i = 0; i < 1000; i++) {
      g.recordRead(0, 1, block); // reads that cost the HDD more than no cache: savings < 0
    }
    assertEquals(FillVerdict.DENY_COST, g.tryFill(1, block, block));
    assertEquals(GuardState.PAUSED_COST, g.state());
    clock.advanceMillis(HOUR / 2); // the budget refilled a little; the cost pause holds and wins
    assertEquals(GuardState.PAUSED_COST, g.state());
    clock.advanceMillis(
        HOUR); // the bad reads left the window; the budget refilled a window's worth
    assertEquals(GuardState.FILLING, g.state());
    assertEquals(
        List.of(
            GuardState.PAUSED_WRITE_BUDGET,
            GuardState.PAUSED_COST,
            GuardState.PAUSED_WRITE_BUDGET,
            GuardState.FILLING),
        transitions.stream().map(GuardTransition::to).toList());
  }
}
